/**
 * The generated sandbox with the shipped FAA files laid over it answers as the FAA files do: the
 * engine runs in process on the real generator output (generated once for the file).
 */
import { bbox, booleanPointInPolygon, centroid, destination, pointToPolygonDistance } from '@turf/turf';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Feature, MultiPolygon, Polygon, Position } from 'geojson';
import { beforeAll, describe, expect, it } from 'vitest';
import { BriefingResultSchema, type BriefingResult } from '../../contract/briefing';
import { Dataset } from '../dataset';
import type { AirspaceFeature, DatasetFile } from '../model';
import { advisoriesFor, briefLocation, facilityMapCells } from '../../domain/briefing';
import { isOverhead } from '../../domain/briefing/altitude';
import { generateSandboxDataset, generateStaticPart } from './index';
import { faaDataDir, loadShippedFaaData, type RealData } from './real-files';
import { applyRealOverlay, footprintOf } from './real-overlay';

const NOW = new Date('2025-11-20T18:00:00Z');
let file: DatasetFile;
let ds: Dataset;
let real: RealData;

beforeAll(async () => {
  file = await generateSandboxDataset({ now: NOW });
  ds = new Dataset(file);
  real = loadShippedFaaData(file.generatedAt);
});

type Raw = Feature<Polygon | MultiPolygon, Record<string, unknown>>;
const raw = (rel: string): Raw[] => (JSON.parse(readFileSync(path.join(faaDataDir(), rel), 'utf8')) as { features: Raw[] }).features;
/** A point well inside a polygon (the grid point farthest from its edges): cells cut by the city limits can be thin. */
const interior = (g: Polygon | MultiPolygon): [lat: number, lon: number] => {
  const [w, s, e, n] = bbox(g);
  let best: Position = [(w + e) / 2, (s + n) / 2], depth = -Infinity;
  for (let i = 1; i < 12; i++) {
    for (let j = 1; j < 12; j++) {
      const p = [w + ((e - w) * i) / 12, s + ((n - s) * j) / 12];
      const polys = g.type === 'Polygon' ? [g.coordinates] : g.coordinates;
      const d = Math.max(...polys.map((c) => -pointToPolygonDistance(p, { type: 'Polygon', coordinates: c })));
      if (d > depth) [best, depth] = [p, d];
    }
  }
  return [best[1]!, best[0]!];
};
/** A point inside a large area: its centroid when inside, else the grid point nearest it that is. */
const inside = (g: Polygon | MultiPolygon): [lat: number, lon: number] => {
  const c = centroid({ type: 'Feature', geometry: g, properties: {} }).geometry.coordinates;
  const [w, s, e, n] = bbox(g);
  const grid: Position[] = [c];
  for (let i = 1; i < 20; i++) for (let j = 1; j < 20; j++) grid.push([w + ((e - w) * i) / 20, s + ((n - s) * j) / 20]);
  grid.sort((a, b) => Math.hypot(a[0]! - c[0]!, a[1]! - c[1]!) - Math.hypot(b[0]! - c[0]!, b[1]! - c[1]!));
  const p = grid.find((q) => booleanPointInPolygon(q, g, { ignoreBoundary: true }))!;
  return [p[1]!, p[0]!];
};
const brief = (lat: number, lon: number): BriefingResult => {
  const r = briefLocation(ds, lat, lon, { now: NOW, includeGeometry: false });
  expect(BriefingResultSchema.safeParse(r).success).toBe(true);
  return r;
};
const here = (r: BriefingResult) => r.notices!.filter((n) => n.distance === 0);

describe('the sandbox with the FAA files laid over it', () => {
  it('answers the FAA ceiling and facility at the interior of every real Seattle cell (BFI, not SEA)', () => {
    const cells = raw('faa-seattle/uasfm_seattle.geojson');
    expect(cells).toHaveLength(230);
    const wrong: string[] = [];
    for (const c of cells) {
      const [lat, lon] = interior(c.geometry);
      const found = facilityMapCells(ds, { type: 'Point', coordinates: [lon, lat] });
      const ok = found.length === 1 && found[0]!.ceilingFt === c.properties.CEILING && found[0]!.facility === c.properties.APT1_FAAID;
      const r = brief(lat, lon);
      const maps = here(r).filter((n) => n.dataSource === 'NOTICE_DATA_SOURCE_UASFM_CEILING');
      const titled = maps.length === 1 && maps[0]!.title === `Facility map ${String(c.properties.APT1_FAAID)}: ceiling ${String(c.properties.CEILING)} ft AGL`;
      if (!ok || !titled || r.status === 'NOTICE_STATUS_CLEAR_TO_FLY') wrong.push(`${String(c.properties.OBJECTID)} at ${lat},${lon}: ${found.map((f) => `${f.facility} ${f.ceilingFt}`).join('; ')}`);
      expect(maps[0]?.provenance?.[0]).toMatchObject({ kind: 'faa', file: 'uasfm_seattle.geojson', effectiveDate: '2025-10-30T00:00:00Z' });
    }
    expect(wrong).toEqual([]);
  });

  it('restricts the interior of every US prohibited area with the FAA outline (P-40 ... P-73, P-204/205/206, (MY)P3002)', () => {
    const areas = raw('faa-adds/Prohibited_Areas.geojson');
    expect(areas.map((a) => a.properties.NAME)).toEqual(expect.arrayContaining(['P-40', 'P-56', 'P-73', 'P-204', 'P-205', 'P-206', '(MY)P3002']));
    for (const a of areas) {
      const [lat, lon] = inside(a.geometry);
      const r = brief(lat, lon);
      expect(r, String(a.properties.NAME)).toMatchObject({ status: 'NOTICE_STATUS_WARNING', authorizationType: 'AUTHORIZATION_TYPE_RESTRICTED' });
      const p = here(r).find((n) => n.dataSubtype === 'NOTICE_DATA_SUBTYPE_PROHIBITED_AREA');
      expect(p?.provenance?.[0], String(a.properties.NAME)).toMatchObject({ kind: 'faa', file: expect.stringMatching(/Prohibited_Areas|special_use_airspace_wa/) });
    }
    // No generated prohibited area is left, and P-56 (both parts) and P-73 are the FAA outlines.
    const prohibited = ds.ofLayers(['sua']).filter((f) => f.subtype === 'PROHIBITED');
    expect(prohibited.filter((f) => !f.sourceId.startsWith('faa:'))).toEqual([]);
    for (const name of ['P-56', 'P-73']) {
      const shipped = real.features.filter((f) => f.layer === 'sua' && f.name === name).map((f) => JSON.stringify(f.geometry)).sort();
      expect(shipped.length).toBeGreaterThan(0);
      expect(prohibited.filter((f) => f.name === name).map((f) => JSON.stringify(f.geometry)).sort()).toEqual(shipped);
    }
  });

  it('has every Washington SUA that matters at 400 ft, once, as a notice at its interior', () => {
    const wa = real.features.filter((f) => f.layer === 'sua' && f.props?.state === 'WA');
    expect(wa.length).toBeGreaterThanOrEqual(41);
    const low = wa.filter((f) => !isOverhead(f, 400));
    expect(low.map((f) => f.name)).toEqual(expect.arrayContaining(['R-6701', 'R-6703A', 'R-6703J', 'A-680', 'P-51']));
    const missing = low.filter((f) => {
      const [lat, lon] = inside(f.geometry as Polygon);
      return !here(brief(lat, lon)).some((n) => n.dataSource === 'NOTICE_DATA_SOURCE_SUA' && n.title?.startsWith(f.name));
    });
    expect(missing.map((f) => f.name)).toEqual([]);
    // P-51 is in both FAA layers: one feature. No generated SUA is left in Washington.
    expect(ds.ofLayers(['sua']).filter((f) => f.name === 'P-51')).toHaveLength(1);
    expect(ds.ofLayers(['sua']).filter((f) => f.props?.state === 'WA' && !f.sourceId.startsWith('faa:'))).toEqual([]);
  });

  it('uses the FRZ of NOTAM 4/2565: points 1 NM outside it are not in the FRZ, points 1 NM inside are', () => {
    const frz = ds.ofLayers(['washington_frz']);
    expect(frz.map((f) => f.sourceId)).toEqual(['faa:tfr:detail_4_2565']);
    const shape = frz[0]!.geometry as Polygon;
    const c = centroid({ type: 'Feature', geometry: shape, properties: {} }).geometry.coordinates;
    const ring = shape.coordinates[0]!;
    const step = Math.max(1, Math.floor(ring.length / 24));
    let outside = 0, inside = 0;
    for (let i = 0; i < ring.length - 1; i += step) {
      const v = ring[i]!;
      const bearing = (Math.atan2(v[0]! - c[0]!, v[1]! - c[1]!) * 180) / Math.PI;
      const out = destination(v as Position, 1, bearing, { units: 'nauticalmiles' }).geometry.coordinates;
      const into = destination(v as Position, 1, bearing + 180, { units: 'nauticalmiles' }).geometry.coordinates;
      const inFrz = (p: Position) => here(brief(p[1]!, p[0]!)).some((n) => n.dataSource === 'NOTICE_DATA_SOURCE_WASHINGTON_FRZ');
      if (!booleanPointInPolygon(out, shape)) {
        outside++;
        expect(inFrz(out), `1 NM outside at ${out.join(',')}`).toBe(false);
      }
      if (booleanPointInPolygon(into, shape)) {
        inside++;
        expect(inFrz(into), `1 NM inside at ${into.join(',')}`).toBe(true);
      }
    }
    expect(outside).toBeGreaterThanOrEqual(20);
    expect(inside).toBeGreaterThanOrEqual(20);
    expect(ds.ofLayers(['washington_sfra']).map((f) => f.sourceId)).toEqual(['faa:tfr:detail_4_9433']);
  });

  it('keeps one stadium per venue, the FAA one, with the generated events', () => {
    const seattle = ds.ofLayers(['stadium']).filter((f) => f.props?.city === 'Seattle' || /Lumen|T-Mobile|Husky/.test(f.name));
    expect(seattle.map((f) => f.name).sort()).toEqual(['Husky Stadium', 'Lumen Field', 'T-Mobile Park']);
    expect(seattle.every((f) => f.sourceId === 'faa:stadium:stadiums_seattle' && f.props?.eventsSourceId === 'sandbox-stadiums')).toBe(true);
    expect(seattle.some((f) => (f.events?.length ?? 0) > 0)).toBe(true);
    const airports = ds.ofLayers(['airport']).filter((f) => f.ident === 'WA53' || f.ident === 'W55');
    expect(airports.map((f) => f.sourceId)).toEqual(['faa:airport:airports_seattle', 'faa:airport:airports_seattle']);
  });

  it('says where every notice and advisory comes from: FAA file or generated (sandbox)', () => {
    const places: Array<[number, number]> = [[47.55, -122.33], [47.66, -122.35], [38.8977, -77.0365], [39.8283, -98.5795], [47.4435, -122.3016], [33.94, -118.41]];
    for (const [lat, lon] of places) {
      for (const n of brief(lat, lon).notices!) expect(n.provenance?.length, `${n.title} at ${lat},${lon}`).toBeGreaterThan(0);
    }
    const kansas = brief(39.8283, -98.5795).notices!.find((n) => n.dataSource === 'NOTICE_DATA_SOURCE_CLASS_G')!;
    expect(kansas.provenance!.every((p) => p.kind === 'generated' && p.name.includes('generated (sandbox)'))).toBe(true);
    const square = { type: 'Polygon' as const, coordinates: [[[-122.31, 47.53], [-122.30, 47.53], [-122.30, 47.54], [-122.31, 47.54], [-122.31, 47.53]]] };
    const advisories = advisoriesFor(ds, square, { window: { start: NOW, end: new Date(NOW.getTime() + 3_600_000) }, maxAltitudeFt: 400, category: 'faa_107', source: 'all' });
    expect(advisories.length).toBeGreaterThan(0);
    for (const a of advisories) expect(a.properties?.provenance?.length, a.id).toBeGreaterThan(0);
    // The cells under the square are the FAA's; the modelled grid outside the city may be listed nearby.
    const cells = advisories.filter((a) => a.properties?.advisoryType === 'uasfm_ceiling');
    expect(cells.filter((a) => a.properties!.provenance![0]!.file === 'uasfm_seattle.geojson').length).toBeGreaterThan(0);
    expect(cells.every((a) => a.properties!.provenance![0]!.kind === 'faa' || a.properties!.provenance![0]!.name.includes('generated (sandbox)'))).toBe(true);
  });

  it('keeps ids unique, rings closed and every source listed with its kind', () => {
    const ids = file.features.map((f) => f.id);
    expect(new Set(ids).size).toBe(ids.length);
    const sources = new Set(file.sources.map((s) => s.id));
    expect(file.features.filter((f: AirspaceFeature) => !sources.has(f.sourceId)).map((f) => f.id)).toEqual([]);
    expect(file.sources.every((s) => s.kind === 'faa' || s.kind === 'generated' || s.kind === 'open-data')).toBe(true);
    const closed = (r: Position[]) => r.length >= 4 && r[0]![0] === r.at(-1)![0] && r[0]![1] === r.at(-1)![1];
    const cut = file.features.filter((f) => f.props?.cutByRealData);
    expect(cut.length).toBeGreaterThan(0);
    for (const f of cut) {
      const g = f.geometry as Polygon | MultiPolygon;
      const rings = g.type === 'Polygon' ? g.coordinates : g.coordinates.flat();
      expect(rings.every(closed), f.id).toBe(true);
    }
  });

  it('cuts generated cells along the real footprint edge to edge: no point that had a cell loses it', () => {
    // A generated grid of 1-arc-minute cells over Seattle and its surroundings.
    const grid: AirspaceFeature[] = [];
    for (let y = 47.45; y < 47.75; y += 1 / 60) {
      for (let x = -122.5; x < -122.2; x += 1 / 60) {
        const [w, s, e, n] = [x, y, x + 1 / 60, y + 1 / 60].map((v) => Number(v.toFixed(6))) as [number, number, number, number];
        grid.push({ id: `uasfm:GEN:${s}:${w}`, layer: 'uasfm', name: 'GEN', facility: 'GEN', ceilingFt: 100, sourceId: 'sandbox-uasfm', geometry: { type: 'Polygon', coordinates: [[[w, s], [e, s], [e, n], [w, n], [w, s]]] } });
      }
    }
    const overlaid = new Dataset({ format: 'skyplan-airspace-dataset', formatVersion: 1, version: 't', generatedAt: file.generatedAt, kind: 'sandbox', sources: file.sources, features: applyRealOverlay(grid, real) });
    const covered = (p: Position) => facilityMapCells(overlaid, { type: 'Point', coordinates: p }).length > 0;
    const edge = footprintOf(real.features.filter((f) => f.layer === 'uasfm' || f.layer === 'class_airspace'))!.geometry;
    // Outside the real data every point keeps a cell; inside it only the FAA's cells count (where the FAA has none, none).
    const gaps: string[] = [];
    let outside = 0;
    for (let y = 47.451; y < 47.749; y += 0.0025) {
      for (let x = -122.499; x < -122.201; x += 0.0035) {
        if (booleanPointInPolygon([x, y], edge)) continue;
        outside++;
        if (!covered([x, y])) gaps.push(`${x},${y}`);
      }
    }
    expect(outside).toBeGreaterThan(5000);
    // Along the edge of the real data: every vertex of the footprint and the middle of every edge.
    const rings = edge.type === 'Polygon' ? edge.coordinates : edge.coordinates.flat();
    let probes = 0;
    for (const ring of rings) {
      for (let i = 0; i < ring.length - 1; i++) {
        const [a, b] = [ring[i]!, ring[i + 1]!];
        for (const p of [a, [(a[0]! + b[0]!) / 2, (a[1]! + b[1]!) / 2]]) {
          probes++;
          // Float rounding puts an edge's midpoint 1e-16 degrees to either side: probe a 10 cm square.
          const [x, y, d] = [p[0]!, p[1]!, 1e-6];
          const square: Polygon = { type: 'Polygon', coordinates: [[[x - d, y - d], [x + d, y - d], [x + d, y + d], [x - d, y + d], [x - d, y - d]]] };
          if (facilityMapCells(overlaid, square).length === 0) gaps.push(`edge ${p.join(',')}`);
        }
      }
    }
    expect(probes).toBeGreaterThan(500);
    expect(gaps.slice(0, 10)).toEqual([]);
    // Inside the real footprint no generated cell is left.
    const realCell = real.features.find((f) => f.layer === 'uasfm' && f.ceilingFt === 0)!;
    const [lat, lon] = interior(realCell.geometry as Polygon);
    expect(facilityMapCells(overlaid, { type: 'Point', coordinates: [lon, lat] }).map((c) => c.feature.sourceId)).toEqual(['faa:uasfm:uasfm_seattle']);
  });

  it('can be switched off: the model alone has no FAA source and no FAA feature', async () => {
    const model = await generateStaticPart(NOW, { realOverlay: false });
    expect(model.sources.filter((s) => s.kind === 'faa')).toEqual([]);
    expect(model.features.filter((f) => f.sourceId.startsWith('faa:'))).toEqual([]);
  });
});
