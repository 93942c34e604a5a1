/**
 * A small hand-made airspace dataset around Seattle for the map tests: a Class B around KSEA, a
 * Class D at Boeing Field, a 6 by 4 block of facility-map cells, airports of each kind, TFRs that are
 * active, scheduled and expired at FIXTURE_NOW, a restricted area, a stadium and a park.
 */
import type { Polygon, Position } from 'geojson';
import type { AirspaceFeature, DatasetFile } from '../../data/model';

export const FIXTURE_NOW = new Date('2025-06-01T12:00:00Z');
export const KSEA: [number, number] = [-122.309, 47.449];

/** A circle of radius nm around a point (degrees of longitude scaled by latitude). */
function circle([lon, lat]: [number, number], nm: number, steps = 48): Polygon {
  const ring: Position[] = [];
  for (let i = 0; i <= steps; i++) {
    const a = ((i % steps) / steps) * 2 * Math.PI;
    ring.push([lon + ((nm / 60) * Math.cos(a)) / Math.cos((lat * Math.PI) / 180), lat + (nm / 60) * Math.sin(a)]);
  }
  return { type: 'Polygon', coordinates: [ring] };
}

function rect(w: number, s: number, e: number, n: number): Polygon {
  return { type: 'Polygon', coordinates: [[[w, s], [e, s], [e, n], [w, n], [w, s]]] };
}

/** 30 arc-seconds, the FAA facility-map grid. */
const CELL = 1 / 120;
/** Ceilings of the 6 by 4 block, row by row from the south: runs of equal cells merge at shallow zooms. */
export const CELL_CEILINGS = [
  [0, 0, 100, 100, 200, 400],
  [0, 0, 100, 100, 200, 400],
  [50, 50, 50, 200, 200, 400],
  [100, 100, 300, 300, 300, 400],
];
/** Inside one z12 tile (and the z10 tile of KSEA), so tests can count the cells of one tile. */
export const CELL_ORIGIN: [number, number] = [-122.335, 47.465];

function cells(): AirspaceFeature[] {
  const out: AirspaceFeature[] = [];
  CELL_CEILINGS.forEach((row, j) =>
    row.forEach((ceilingFt, i) => {
      const w = CELL_ORIGIN[0] + i * CELL, s = CELL_ORIGIN[1] + j * CELL;
      out.push({
        id: `uasfm:SEA:${s.toFixed(5)}:${w.toFixed(5)}`,
        layer: 'uasfm',
        name: `SEA facility map ${ceilingFt} ft`,
        geometry: rect(w, s, w + CELL, s + CELL),
        ceilingFt,
        laancEnabled: true,
        facility: 'SEA',
        sourceId: 'fixture',
      });
    }),
  );
  return out;
}

const base = { sourceId: 'fixture', authority: 'FAA' } as const;

export function fixtureDataset(version = 'fixture-1'): DatasetFile {
  const features: AirspaceFeature[] = [
    { ...base, id: 'class:SEA:B:0', layer: 'class_airspace', subtype: 'CLASS_B', name: 'SEATTLE CLASS B', ident: 'SEA', facility: 'SEA', geometry: circle(KSEA, 10), lower: { value: 0, reference: 'SFC' }, upper: { value: 10000, reference: 'MSL' }, laancEnabled: true },
    { ...base, id: 'class:BFI:D:0', layer: 'class_airspace', subtype: 'CLASS_D', name: 'BOEING FIELD CLASS D', ident: 'BFI', facility: 'BFI', geometry: circle([-122.302, 47.53], 4), lower: { value: 0, reference: 'SFC' }, upper: { value: 3000, reference: 'MSL' }, laancEnabled: true },
    ...cells(),
    { ...base, id: 'airport:SEA', layer: 'airport', subtype: 'AIRPORT', name: 'Seattle-Tacoma Intl', ident: 'SEA', geometry: { type: 'Point', coordinates: KSEA } },
    { ...base, id: 'airport:BFI', layer: 'airport', subtype: 'AIRPORT', name: 'Boeing Field/King County Intl', ident: 'BFI', geometry: { type: 'Point', coordinates: [-122.302, 47.53] } },
    { ...base, id: 'airport:W36', layer: 'airport', subtype: 'AIRPORT', name: 'Will Rogers Wiley Post Memorial', ident: 'W36', geometry: { type: 'Point', coordinates: [-122.263, 47.496] } },
    { ...base, id: 'airport:WA12', layer: 'airport', subtype: 'HELIPORT', name: 'Harborview Medical Center', ident: 'WA12', geometry: { type: 'Point', coordinates: [-122.323, 47.604] } },
    { ...base, id: 'tfr:4/1111', layer: 'tfr', name: 'TFR 4/1111 active', ident: '4/1111', geometry: circle([-122.2, 47.45], 3), lower: { value: 0, reference: 'SFC' }, upper: { value: 3000, reference: 'AGL' }, schedule: { startTime: '2025-06-01T00:00:00Z', endTime: '2025-06-02T00:00:00Z' } },
    { ...base, id: 'tfr:4/2222', layer: 'tfr', name: 'TFR 4/2222 scheduled', ident: '4/2222', geometry: circle([-122.25, 47.4], 2), lower: { value: 0, reference: 'SFC' }, upper: { value: 2000, reference: 'AGL' }, schedule: { startTime: '2025-06-05T00:00:00Z', endTime: '2025-06-06T00:00:00Z' } },
    { ...base, id: 'tfr:4/3333', layer: 'tfr', name: 'TFR 4/3333 expired', ident: '4/3333', geometry: circle([-122.35, 47.42], 2), schedule: { startTime: '2025-05-01T00:00:00Z', endTime: '2025-05-02T00:00:00Z' } },
    { ...base, id: 'sua:R-6703', layer: 'sua', subtype: 'RESTRICTED', name: 'R-6703A', ident: 'R-6703A', geometry: rect(-122.7, 46.95, -122.5, 47.05), lower: { value: 0, reference: 'SFC' }, upper: { value: 14000, reference: 'MSL' } },
    { ...base, id: 'stadium:lumen', layer: 'stadium', name: 'Lumen Field', geometry: { type: 'Point', coordinates: [-122.3316, 47.5952] } },
    { ...base, id: 'park:MORA', layer: 'national_park', name: 'Mount Rainier National Park', geometry: rect(-121.92, 46.74, -121.45, 47.0) },
  ];
  return {
    format: 'skyplan-airspace-dataset',
    formatVersion: 1,
    version,
    generatedAt: '2025-06-01T00:00:00Z',
    kind: 'sandbox',
    sources: [{ id: 'fixture', name: 'Test fixture', version: '1', effectiveDate: '2025-06-01T00:00:00Z', retrievedAt: '2025-06-01T00:00:00Z', attribution: 'FAA (test fixture)', licence: 'Public domain' }],
    features,
  };
}
