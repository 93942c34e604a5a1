/**
 * A small hand-made dataset around Boeing Field (KBFI, Seattle) for the LAANC tests: facility-map
 * cells on the real 30-arc-second grid (1/120°) with ceilings 0/100/200/400, a Class D, one cell that
 * LAANC does not serve, a scheduled TFR over the east cells, and an NSUFR nearby. Coordinates are real;
 * ceilings are made up.
 */
import type { Polygon } from 'geojson';
import type { AirspaceFeature, DatasetFile } from '../../data/model';

export const CELL = 1 / 120;
/** Grid columns (west edges) and rows (south edges), as grid indices. */
export const COL = { c0: -14679, c1: -14678, c2: -14677, c3: -14676 } as const;
export const ROW = { s: 5702, a: 5703, b: 5704 } as const;

export function box(w: number, s: number, e: number, n: number): Polygon {
  return { type: 'Polygon', coordinates: [[[w, s], [e, s], [e, n], [w, n], [w, s]]] };
}

/** A small square (side 2·half degrees) centred in grid cell (col,row) shifted by dx/dy cells. */
export function inCell(col: number, row: number, half = 0.0015, dx = 0.5, dy = 0.5): Polygon {
  const x = (col + dx) * CELL, y = (row + dy) * CELL;
  return box(x - half, y - half, x + half, y + half);
}

function cell(facility: string, col: number, row: number, ceilingFt: number, laancEnabled = true): AirspaceFeature {
  return {
    id: `uasfm:${facility}:${row}:${col}`,
    layer: 'uasfm',
    name: `${facility} grid ${ceilingFt} ft`,
    geometry: box(col * CELL, row * CELL, (col + 1) * CELL, (row + 1) * CELL),
    lower: { value: 0, reference: 'SFC' },
    upper: { value: ceilingFt, reference: 'AGL' },
    laancEnabled,
    ceilingFt,
    facility,
    sourceId: 'fixture-uasfm',
  };
}

export const TFR_ID = 'tfr:fixture:6/1234';
export const NSUFR_ID = 'nsufr:fixture:1';

/** t0: the TFR is in effect from t0+2h to t0+3h. */
export function kbfiDataset(t0: Date, version = 'kbfi-fixture-1'): DatasetFile {
  const h = (n: number) => new Date(t0.getTime() + n * 3_600_000).toISOString();
  const features: AirspaceFeature[] = [
    cell('BFI', COL.c0, ROW.a, 0),
    cell('BFI', COL.c1, ROW.a, 100),
    cell('BFI', COL.c2, ROW.a, 400),
    cell('BFI', COL.c3, ROW.a, 400),
    cell('BFI', COL.c2, ROW.b, 400),
    cell('BFI', COL.c3, ROW.b, 200),
    cell('SEA', COL.c2, ROW.s, 200),
    cell('SEA', COL.c3, ROW.s, 200),
    cell('XYZ', COL.c0, ROW.b, 100, false),
    {
      id: 'class:BFI:D',
      layer: 'class_airspace',
      subtype: 'CLASS_D',
      name: 'Boeing Field Class D',
      geometry: box(-122.34, 47.505, -122.27, 47.545),
      laancEnabled: true,
      facility: 'BFI',
      sourceId: 'fixture-class',
    },
    {
      id: TFR_ID,
      layer: 'tfr',
      name: 'TFR 6/1234 (fixture)',
      geometry: box((COL.c3 + 0.4) * CELL, (ROW.a + 0.2) * CELL, (COL.c3 + 0.9) * CELL, (ROW.b + 0.8) * CELL),
      lower: { value: 0, reference: 'SFC' },
      upper: { value: 3000, reference: 'MSL' },
      schedule: { startTime: h(2), endTime: h(3) },
      sourceId: 'fixture-tfr',
    },
    {
      id: NSUFR_ID,
      layer: 'nsufr',
      name: 'NSUFR (fixture)',
      geometry: box(-122.262, 47.52, -122.255, 47.527),
      lower: { value: 0, reference: 'SFC' },
      upper: { value: 400, reference: 'AGL' },
      sourceId: 'fixture-nsufr',
    },
  ];
  const src = (id: string) => ({ id, name: id, version: '1', effectiveDate: '2026-10-30T00:00:00Z', retrievedAt: t0.toISOString(), attribution: 'fixture', licence: 'test' });
  return {
    format: 'skyplan-airspace-dataset',
    formatVersion: 1,
    version,
    generatedAt: t0.toISOString(),
    kind: 'sandbox',
    sources: ['fixture-uasfm', 'fixture-class', 'fixture-tfr', 'fixture-nsufr'].map(src),
    features,
  };
}
