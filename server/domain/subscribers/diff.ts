/**
 * What changed between two dataset versions, as the 4.11 layers serve it (docs/subscribers.md "The diff"):
 * features compared by id, and by a hash of the whole feature (properties, schedule and geometry) where the
 * two versions do not share the very same object. Pure; the cost is one pass over each version's features,
 * and hashing only where the objects differ.
 */
import { createHash } from 'node:crypto';
import { bbox as bboxOf, booleanIntersects } from '@turf/turf';
import type { MultiPolygon, Polygon } from 'geojson';
import type { SurfaceLayerCode } from '../../contract/surface';
import type { DataChange } from '../../contract/subscribers';
import type { Dataset } from '../../data/dataset';
import type { AirspaceFeature, FeatureGeometry } from '../../data/model';
import { LAYER_SPECS } from '../surface/layers';

export interface FeatureChange {
  change: DataChange['change'];
  /** The feature as it is now (added, changed) or as it was (removed). */
  feature: AirspaceFeature;
  /** For changed: as it was (its old geometry may be the one inside an area). */
  previous?: AirspaceFeature;
}

const SPECS = Object.values(LAYER_SPECS);
const hashes = new WeakMap<AirspaceFeature, string>();

function hashOf(f: AirspaceFeature): string {
  let h = hashes.get(f);
  if (!h) hashes.set(f, (h = createHash('sha1').update(JSON.stringify(f)).digest('base64')));
  return h;
}

const served = (f: AirspaceFeature) => SPECS.some((s) => s.match(f));

export function diffDatasets(before: Dataset, after: Dataset): FeatureChange[] {
  const out: FeatureChange[] = [];
  for (const f of after.features) {
    if (!served(f)) continue;
    const old = before.get(f.id);
    if (!old || !served(old)) out.push({ change: 'added', feature: f });
    else if (old !== f && hashOf(old) !== hashOf(f)) out.push({ change: 'changed', feature: f, previous: old });
  }
  for (const f of before.features) {
    if (served(f) && !after.get(f.id)) out.push({ change: 'removed', feature: f });
  }
  return out;
}

type Box = [number, number, number, number];
const boxesMeet = (a: Box, b: Box) => a[0] <= b[2] && b[0] <= a[2] && a[1] <= b[3] && b[1] <= a[3];

/** The changes one subscriber gets: in its layers, with the served geometry (new or old) meeting its area. */
export function changesFor(changes: readonly FeatureChange[], area: Polygon | MultiPolygon, areaBox: Box, layers: readonly string[]): DataChange[] {
  const wanted = new Set(layers);
  const out: DataChange[] = [];
  for (const c of changes) {
    for (const spec of SPECS) {
      if (!wanted.has(spec.code) || !spec.match(c.feature)) continue;
      const geometry = spec.geometry(c.feature);
      const meets = (g: FeatureGeometry) => boxesMeet(bboxOf(g) as Box, areaBox) && booleanIntersects(g, area);
      if (!meets(geometry) && !(c.previous && spec.match(c.previous) && meets(spec.geometry(c.previous)))) continue;
      out.push({ layer: spec.code as SurfaceLayerCode, id: c.feature.id, change: c.change, title: c.feature.name, geometry: geometry as DataChange['geometry'] });
    }
  }
  return out;
}
