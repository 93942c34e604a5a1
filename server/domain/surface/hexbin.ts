/**
 * Surface hexbin (endpoints.md, Surface v2 Hexbin): for each H3 cell over a geometry, how many
 * features of each chosen layer cover it. An area feature covers the cells whose centre it contains
 * (the rule H3 itself uses to fill polygons); a point feature is counted in the one cell that holds it.
 */
import { booleanPointInPolygon } from '@turf/turf';
import Flatbush from 'flatbush';
import type { MultiPolygon, Polygon } from 'geojson';
import { cellToLatLng, getResolution, latLngToCell } from 'h3-js';
import type { Geometry } from '../../contract/common';
import type { SurfaceLayerCode } from '../../contract/surface';
import { geometryBBox, type Dataset } from '../../data/dataset';
import type { FeatureGeometry } from '../../data/model';
import type { Budget } from '../budget';
import { cellsFor } from './cells';
import { LAYER_SPECS } from './layers';

export interface HexbinCell {
  cell: string;
  counts: Partial<Record<SurfaceLayerCode, number>>;
  total: number;
}

/** `cells`: the geometry's cells when already made (in the worker pool); `budget` is checked once per feature. */
export function hexbin(ds: Dataset, geometry: Geometry, resolution: number, codes: readonly SurfaceLayerCode[], opts: { cells?: string[]; budget?: Budget } = {}): HexbinCell[] {
  const cells = opts.cells ?? cellsFor(geometry, resolution);
  const index = new Map<string, HexbinCell>(cells.map((cell) => [cell, { cell, counts: Object.fromEntries(codes.map((c) => [c, 0])), total: 0 }]));
  const centres = cells.map((c) => cellToLatLng(c));
  // Cell centres in a static index, so each feature visits only the cells under its bbox.
  const centreIndex = new Flatbush(Math.max(cells.length, 1));
  for (const [lat, lon] of centres) centreIndex.add(lon, lat, lon, lat);
  if (cells.length === 0) centreIndex.add(0, 0, 0, 0);
  centreIndex.finish();
  const res = cells.length > 0 ? getResolution(cells[0]!) : resolution;
  const add = (cell: string, code: SurfaceLayerCode) => {
    const h = index.get(cell);
    if (!h) return;
    h.counts[code] = (h.counts[code] ?? 0) + 1;
    h.total += 1;
  };
  for (const code of new Set(codes)) {
    const spec = LAYER_SPECS[code];
    for (const f of ds.searchNear(geometry as FeatureGeometry, spec.reachNm + 1, [spec.source.layer])) {
      opts.budget?.check();
      if (!spec.match(f)) continue;
      const g = spec.geometry(f);
      if (g.type === 'Point') {
        add(latLngToCell(g.coordinates[1]!, g.coordinates[0]!, res), code);
        continue;
      }
      if (g.type === 'LineString') continue;
      const [w, s, e, n] = geometryBBox(g);
      for (const i of centreIndex.search(w, s, e, n)) {
        const centre = centres[i];
        if (centre && booleanPointInPolygon([centre[1], centre[0]], g as Polygon | MultiPolygon)) add(cells[i]!, code);
      }
    }
  }
  return cells.map((c) => index.get(c)!);
}
