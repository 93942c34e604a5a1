/** GET /v1/status lists every source of the dataset with its kind: FAA file (and whether it states its effective date) or generated. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../../test/helpers/service';
import { StatusSchema } from '../../contract/system';
import type { DatasetFile, DatasetSource } from '../../data/model';

const AT = '2026-11-01T00:00:00Z';
const source = (id: string, extra: Partial<DatasetSource> = {}): DatasetSource => ({ id, name: id, version: '1', effectiveDate: AT, retrievedAt: AT, attribution: 'a', licence: 'l', ...extra });
const dataset: DatasetFile = {
  format: 'skyplan-airspace-dataset', formatVersion: 1, version: 'status-1', generatedAt: AT, kind: 'sandbox',
  sources: [
    source('sandbox-uasfm', { kind: 'generated', effectiveDate: '2026-10-30T00:00:00Z' }),
    source('faa:uasfm:uasfm_seattle', { kind: 'faa', file: 'uasfm_seattle.geojson', effectiveDate: '2025-10-30T00:00:00Z', effectiveDateStated: true }),
    source('faa:sua:Prohibited_Areas', { kind: 'faa', file: 'Prohibited_Areas.geojson', effectiveDateStated: false }),
    source('faa:sua:legacy'), // written before sources had a kind: told by its id; same dates, so no stated date
    source('ourairports'),
    source('faa:sua:dated-file', { kind: 'faa', file: 'sua.geojson', effectiveDateStated: false, fileDate: '2025-11-01T12:00:00Z' }),
    source('faa:class_airspace:x', { kind: 'faa', effectiveDateStated: false, coverage: { layers: ['class_airspace'], basis: 'file-extent', area: { type: 'Polygon', coordinates: [[[-122.4, 47.5], [-122.2, 47.5], [-122.2, 47.7], [-122.4, 47.5]]] } } }),
  ],
  features: [{ id: 'x', layer: 'airport', name: 'x', geometry: { type: 'Point', coordinates: [0, 0] }, sourceId: 'ourairports' }],
};

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService({ dataset });
});
afterAll(() => svc.close());

describe('GET /v1/status', () => {
  it('says of each source whether it is FAA data, generated or open data, and whether its effective date is stated', async () => {
    const body = StatusSchema.parse(await (await svc.call('GET', '/v1/status')).json());
    const byId = Object.fromEntries(body.dataset.sources.map((s) => [s.id, s]));
    expect(byId['sandbox-uasfm']).toMatchObject({ kind: 'generated', effectiveDateStated: true });
    expect(byId['faa:uasfm:uasfm_seattle']).toMatchObject({ kind: 'faa', file: 'uasfm_seattle.geojson', effectiveDate: '2025-10-30T00:00:00Z', effectiveDateStated: true });
    expect(byId['faa:sua:Prohibited_Areas']).toMatchObject({ kind: 'faa', effectiveDateStated: false });
    expect(byId['faa:sua:legacy']).toMatchObject({ kind: 'faa', effectiveDateStated: false });
    expect(byId.ourairports).toMatchObject({ kind: 'open-data' });
  });

  it('gives each date in words, never a generation time as the date of an undated file', async () => {
    const body = StatusSchema.parse(await (await svc.call('GET', '/v1/status')).json());
    const byId = Object.fromEntries(body.dataset.sources.map((s) => [s.id, s]));
    expect(byId['faa:uasfm:uasfm_seattle']!.dateNote).toBe('effective 2025-10-30T00:00:00Z');
    expect(byId['faa:sua:Prohibited_Areas']!.dateNote).toBe(`undated, retrieved at ${AT}`);
    expect(byId['faa:sua:dated-file']).toMatchObject({ dateNote: 'undated; file dated 2025-11-01T12:00:00Z', fileDate: '2025-11-01T12:00:00Z' });
    expect(byId['faa:class_airspace:x']!.coverage).toEqual({ layers: ['class_airspace'], basis: 'file-extent', bounds: [-122.4, 47.5, -122.2, 47.7] });
  });

  it('names the terrain model as the elevation source while no DEM was imported', async () => {
    const body = StatusSchema.parse(await (await svc.call('GET', '/v1/status')).json());
    expect(body.elevation).toEqual({ inForce: 'model', model: 'sandbox-airport-model:status-1', dems: [] });
  });
});
