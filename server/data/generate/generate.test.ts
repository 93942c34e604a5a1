import { booleanPointInPolygon } from '@turf/turf';
import type { Position } from 'geojson';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AirspaceFeature, DatasetFile, Layer } from '../model';
import { generateSandboxDataset } from './index';

// The generated model alone: the FAA files laid over it are tested in real-overlay.test.ts.

const NOW = new Date('2026-07-04T15:20:00Z');
let file: DatasetFile;
let json: string;

beforeAll(async () => {
  file = await generateSandboxDataset({ now: NOW, realOverlay: false });
  json = JSON.stringify(file);
});

const of = (layer: Layer) => file.features.filter((f) => f.layer === layer);
const inside = (f: AirspaceFeature, lon: number, lat: number) =>
  (f.geometry.type === 'Polygon' || f.geometry.type === 'MultiPolygon') && booleanPointInPolygon([lon, lat], f.geometry);
const containing = (layer: Layer, lon: number, lat: number) => of(layer).filter((f) => inside(f, lon, lat));

describe('sandbox dataset', () => {
  it('is deterministic for a given now', async () => {
    const again = await generateSandboxDataset({ now: new Date(NOW), realOverlay: false });
    expect(JSON.stringify(again)).toBe(json);
  });

  it('has plausible counts per layer', () => {
    const ranges: Record<Layer, [number, number]> = {
      airport: [20000, 26000], class_airspace: [800, 1600], uasfm: [40000, 120000], sua: [20, 60], washington_frz: [1, 1],
      washington_sfra: [1, 1], satr: [4, 20], nsufr: [10, 40], stadium: [80, 130], tfr: [8, 30], national_park: [15, 40],
      recreational_flyer_fixed_site: [4, 20], mtr: [5, 20], community_advisory: [3, 10], notam: [3, 10],
    };
    for (const [layer, [lo, hi]] of Object.entries(ranges) as Array<[Layer, [number, number]]>) {
      expect(of(layer).length, layer).toBeGreaterThanOrEqual(lo);
      expect(of(layer).length, layer).toBeLessThanOrEqual(hi);
    }
    const sub = (s: string) => of('class_airspace').filter((f) => f.subtype === s && f.props?.surface).length;
    expect(sub('CLASS_B')).toBeGreaterThanOrEqual(30);
    expect(sub('CLASS_C')).toBeGreaterThanOrEqual(100);
    expect(sub('CLASS_D')).toBeGreaterThanOrEqual(300);
    expect(sub('CLASS_E')).toBeGreaterThanOrEqual(50);
  });

  it('stays a loadable size', () => {
    // Measured about 56 MB; the guard catches a blow-up such as a finer grid (4x) by mistake.
    expect(Buffer.byteLength(json)).toBeLessThan(64e6);
  });

  it('gives every feature a unique id, the pilot-facing fields and a known source', () => {
    const sources = new Set(file.sources.map((s) => s.id));
    const ids = file.features.map((f) => f.id);
    expect(new Set(ids).size).toBe(ids.length);
    const incomplete = file.features.filter((f) => !(f.name && f.description && f.authority && f.sourceUrl && sources.has(f.sourceId)));
    expect(incomplete.map((f) => f.id)).toEqual([]);
    for (const s of file.sources) expect(s.licence && s.attribution && s.version && s.effectiveDate && s.retrievedAt, s.id).toBeTruthy();
  });

  it('writes only closed rings and valid lon/lat', () => {
    const valid = (p: Position) => p.length === 2 && Math.abs(p[0]!) <= 180 && Math.abs(p[1]!) <= 90 && Number.isFinite(p[0]) && Number.isFinite(p[1]);
    const ringOk = (r: Position[]) => r.length >= 4 && r.every(valid) && r[0]![0] === r.at(-1)![0] && r[0]![1] === r.at(-1)![1];
    const bad = file.features.filter(({ geometry: g }) => {
      if (g.type === 'Point') return !valid(g.coordinates);
      if (g.type === 'LineString') return !(g.coordinates.length >= 2 && g.coordinates.every(valid));
      if (g.type === 'Polygon') return !g.coordinates.every(ringOk);
      return !g.coordinates.every((p) => p.every(ringOk));
    });
    expect(bad.map((f) => f.id)).toEqual([]);
  });

  it('marks surface class airspace and keeps shelves with floors above the surface', () => {
    for (const f of of('class_airspace')) {
      if (f.props?.surface) expect(f.lower).toEqual({ value: 0, reference: 'SFC' });
      else expect(f.lower!.value).toBeGreaterThan(0);
      expect(f.upper!.reference).toBe('MSL');
    }
    const laanc = (id: string) => file.features.find((f) => f.id === id)?.laancEnabled;
    expect(laanc('class:SEA:B:0')).toBe(true);
    expect(laanc('class:NUW:C:0')).toBe(false); // Whidbey Island Naval Air Station
    expect(laanc('class:SKA:D:0')).toBe(false); // Fairchild Air Force Base
    expect(laanc('class:DCA:B:0')).toBe(false); // inside the DC FRZ
  });

  it('covers KSEA and KBFI with Class B, Class D and a facility map from 0 to 400 ft', () => {
    const bfi: [number, number] = [-122.302, 47.53];
    expect(containing('class_airspace', ...bfi).map((f) => f.id)).toEqual(expect.arrayContaining(['class:SEA:B:0', 'class:BFI:D:0']));
    const sea34R: [number, number] = [-122.308, 47.4312];
    const cell = containing('uasfm', ...sea34R);
    expect(cell).toHaveLength(1);
    expect(cell[0]!.ceilingFt).toBe(0);
    expect(containing('uasfm', ...bfi)[0]!.ceilingFt).toBe(0);
    const seaCells = of('uasfm').filter((f) => f.facility === 'SEA');
    expect(seaCells.some((f) => f.ceilingFt === 400)).toBe(true);
    for (const f of seaCells) {
      expect(f.ceilingFt! % 50).toBe(0);
      expect(f.upper).toEqual({ value: f.ceilingFt, reference: 'AGL' });
      expect(f.lower).toEqual({ value: 0, reference: 'SFC' });
    }
    // Ceilings rise away from the runways, slowly around a Class B primary: 5 NM west of SEA is above the
    // runway cells, 10 NM west (still under the Class B shelves the grid covers) is at 400 ft.
    expect(containing('uasfm', -122.43, 47.45)[0]!.ceilingFt).toBeGreaterThanOrEqual(200);
    expect(containing('uasfm', -122.555, 47.45)[0]!.ceilingFt).toBe(400);
  });

  it('puts DCA and the White House in the FRZ and SFRA, and the White House in P-56A', () => {
    const dca: [number, number] = [-77.0377, 38.8521];
    const whiteHouse: [number, number] = [-77.0365, 38.8977];
    for (const p of [dca, whiteHouse]) {
      expect(containing('washington_frz', ...p)).toHaveLength(1);
      expect(containing('washington_sfra', ...p)).toHaveLength(1);
    }
    expect(containing('sua', ...whiteHouse).map((f) => f.ident)).toEqual(['P-56A']);
    expect(containing('sua', -77.0669, 38.9217).map((f) => f.ident)).toEqual(['P-56B']);
    expect(containing('washington_frz', -77.5, 39.3)).toHaveLength(0);
  });

  it('has every polygon of the US prohibited areas and stadiums inside the US', () => {
    expect(of('sua').filter((f) => f.subtype === 'PROHIBITED').map((f) => f.ident)).toEqual(
      expect.arrayContaining(['P-40', 'P-47', 'P-49', 'P-50', 'P-51', 'P-67', 'P-73']),
    );
    for (const s of of('stadium')) {
      const [lon, lat] = (s.geometry as { coordinates: number[] }).coordinates as [number, number];
      expect(lon > -160 && lon < -66 && lat > 18 && lat < 50, s.id).toBe(true);
    }
  });
});
