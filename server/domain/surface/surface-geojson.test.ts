import { booleanPointInPolygon } from '@turf/turf';
import type { Polygon } from 'geojson';
import { describe, expect, it } from 'vitest';
import { SURFACE_LAYER_CODES } from '../../contract/surface';
import { Dataset } from '../../data/dataset';
import { InvalidSurfaceValueError, RequestTooLargeError } from './errors';
import { DC_AREA, SEATTLE_AREA, square, surfaceDataset } from './fixtures';
import { hexbin } from './hexbin';
import { availableFields, listLayers, surfaceGeojson } from './surface-geojson';

const ds = new Dataset(surfaceDataset());

describe('surfaceGeojson', () => {
  it('serves every one of the 18 layer codes from its dataset layer', () => {
    for (const code of SURFACE_LAYER_CODES) {
      const area = code === 'washington_frz' ? DC_AREA : SEATTLE_AREA;
      const out = surfaceGeojson(ds, area, [{ code, fields: ['name'] }], 7);
      expect(out.length, code).toBeGreaterThan(0);
      for (const f of out) expect(f.properties?.layer).toBe(code);
    }
  });

  it('splits the airport layer by subtype and nsufr by partTime', () => {
    const names = (code: (typeof SURFACE_LAYER_CODES)[number]) => surfaceGeojson(ds, SEATTLE_AREA, [{ code, fields: ['name'] }], 7).map((f) => f.properties?.name);
    expect(names('airports')).toEqual(['Boeing Field/King County Intl']);
    expect(names('faa_helipads')).toEqual(['Harborview Medical Center']);
    expect(names('seaport')).toEqual(['Kenmore Air Harbor (Lake Union)']);
    expect(names('nsufr_ft')).toEqual(['Test NSUFR full time']);
    expect(names('nsufr_pt')).toEqual(['Test NSUFR part time']);
  });

  it('buffers stadiums by 3 NM for sporting_tfr: T-Mobile Park covers 47.62,-122.33 but not 47.65', () => {
    const [tfr] = surfaceGeojson(ds, square(47.62, -122.33, 0.2), [{ code: 'sporting_tfr' }], 9);
    expect(tfr?.geometry?.type).toBe('Polygon');
    expect(booleanPointInPolygon([-122.33, 47.62], tfr!.geometry as Polygon)).toBe(true);
    expect(booleanPointInPolygon([-122.33, 47.65], tfr!.geometry as Polygon)).toBe(false);
    expect(tfr?.properties).toMatchObject({ layer: 'sporting_tfr', name: 'T-Mobile Park', radiusNm: 3 });
    // The stadium point itself is not in that small square.
    expect(surfaceGeojson(ds, square(47.62, -122.33, 0.2), [{ code: 'stadium' }], 9)).toEqual([]);
  });

  it('serves MTRs as corridors', () => {
    const [mtr] = surfaceGeojson(ds, SEATTLE_AREA, [{ code: 'mtr_buffer', fields: ['widthNm'] }], 7);
    expect(mtr?.geometry?.type).toBe('Polygon');
    expect(mtr?.properties).toEqual({ layer: 'mtr_buffer', widthNm: 4 });
  });

  it('returns only the fields asked for, null where a feature lacks one', () => {
    const [cls] = surfaceGeojson(ds, SEATTLE_AREA, [{ code: 'class_airspace_schedule', fields: ['name', 'scheduleText', 'endTime'] }], 7);
    expect(cls?.properties).toEqual({ layer: 'class_airspace_schedule', name: 'SEATTLE, BOEING FIELD CLASS D', scheduleText: 'Continuous', endTime: null });
  });

  it('returns every field for "*" and when fields are left out', () => {
    const star = surfaceGeojson(ds, SEATTLE_AREA, [{ code: 'uasfm_ceiling', fields: ['*'] }], 7);
    const none = surfaceGeojson(ds, SEATTLE_AREA, [{ code: 'uasfm_ceiling' }], 7);
    expect(star).toEqual(none);
    expect(star[0]?.properties).toMatchObject({ layer: 'uasfm_ceiling', id: expect.any(String), name: expect.any(String), ceilingFt: expect.any(Number), laancEnabled: true, facility: 'BFI', airports: 'BFI' });
    expect(Object.keys(star[0]!.properties!).length).toBeGreaterThan(8);
  });

  it('refuses a field the layer cannot carry, naming it', () => {
    expect(() => surfaceGeojson(ds, SEATTLE_AREA, [{ code: 'airports', fields: ['name', 'colour'] }], 7)).toThrow(/"colour".*airports/);
    expect(() => surfaceGeojson(ds, SEATTLE_AREA, [{ code: 'tfr' }, { code: 'tfr' }], 7)).toThrow(InvalidSurfaceValueError);
  });

  it('lists props found in the dataset among the available fields', () => {
    expect(availableFields(ds, 'airports')).toEqual(expect.arrayContaining(['icao', 'elevationFt', 'towered', 'name']));
    expect(listLayers(ds).map((l) => l.code)).toEqual([...SURFACE_LAYER_CODES]);
  });

  it('leaves out what does not intersect and refuses oversized requests', () => {
    expect(surfaceGeojson(ds, square(30, -140, 1), [{ code: 'airports' }], 7)).toEqual([]);
    expect(() => surfaceGeojson(ds, square(39, -100, 500), [{ code: 'airports' }], 11)).toThrow(RequestTooLargeError);
  });
});

describe('hexbin', () => {
  it('counts the features covering each cell', () => {
    const cells = hexbin(ds, square(47.538, -122.3, 2.5), 9, ['class_airspace_schedule', 'uasfm_ceiling', 'airports']);
    expect(cells.length).toBeGreaterThan(50);
    // The whole square is inside the Class D cylinder.
    for (const c of cells) expect(c.counts.class_airspace_schedule).toBe(1);
    // Both facility-map cells and the airport point fall in it.
    expect(cells.filter((c) => (c.counts.uasfm_ceiling ?? 0) > 0).length).toBeGreaterThan(10);
    expect(cells.reduce((s, c) => s + (c.counts.airports ?? 0), 0)).toBe(1);
    for (const c of cells) expect(c.total).toBe(Object.values(c.counts).reduce((a, b) => a + b, 0));
  });
});
