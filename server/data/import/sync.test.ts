import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readActiveDataset, writeDataset } from '../dataset-files';
import type { AirspaceFeature, DatasetFile } from '../model';
import { fetchFeatureLayer, pageUrl } from './arcgis';
import { SYNC_SERVICES, syncFaa, type SyncService } from './sync';

// Recorded-page stand-ins written for this test (small, made up; not copies of FAA files).
const cell = (i: number) => ({
  type: 'Feature',
  properties: { OBJECTID: i, CEILING: 50 * i, UNIT: 'Feet', MAP_EFF: '10/30/2025', APT1_FAAID: 'TST', APT1_LAANC: 1, LATITUDE: 40 + i / 100, LONGITUDE: -100 },
  geometry: { type: 'Polygon', coordinates: [[[-100, 40 + i / 100], [-99.99, 40 + i / 100], [-99.99, 40.01 + i / 100], [-100, 40.01 + i / 100], [-100, 40 + i / 100]]] },
});
const page = (features: unknown[], more: boolean) => ({ type: 'FeatureCollection', features, ...(more ? { properties: { exceededTransferLimit: true } } : {}) });

const requests: string[] = [];
let failuresLeft = 0;
let server: http.Server;
let base: string;
let tmp: string;

function answer(url: URL): [number, unknown] {
  const offset = Number(url.searchParams.get('resultOffset'));
  const service = url.pathname.split('/')[2];
  switch (service) {
    case 'FAA_UAS_FacilityMap_Data': // pages of 2: offsets 0, 2, 4; offset 2 fails once first
      if (offset === 2 && failuresLeft-- > 0) return [503, { message: 'busy' }];
      return [200, page([cell(offset + 1), cell(offset + 2)].filter((c) => c.properties.OBJECTID <= 5), offset < 4)];
    case 'Stadiums': // Esri-JSON style flag at the top level, here false
      return [200, { ...page([{ type: 'Feature', properties: { NAME: 'Test Field', STATE: 'KS', LATITUDE: '39-00-00.00N', LONGITUDE: '100-00-00.00W' }, geometry: null }], false), exceededTransferLimit: false }];
    case 'Part_Time_National_Security_UAS_Flight_Restrictions': // ArcGIS reports errors with HTTP 200
      return [200, { error: { code: 400, message: 'Invalid query parameters' } }];
    default: // Special_Use_Airspace: down for good
      return [500, { message: 'down' }];
  }
}

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'faa-sync-'));
  server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    requests.push(`${url.pathname.split('/')[2]}@${url.searchParams.get('resultOffset')}`);
    const [status, body] = answer(url);
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((r) => server.close(() => r()));
  await rm(tmp, { recursive: true, force: true });
});
beforeEach(() => {
  requests.length = 0;
  failuresLeft = 1;
});

const pick = (...keys: string[]): SyncService[] =>
  keys.map((k) => ({ ...SYNC_SERVICES.find((s) => s.key === k)!, ...(k === 'uasfm' ? { pageSize: 2 } : {}) }));
const env = () => ({ FAA_UDDS_BASE_URL: `${base}/udds`, FAA_ADDS_BASE_URL: `${base}/adds` });
const fast = { backoffMs: 1, retries: 2, timeoutMs: 5000 };
const square = { type: 'Polygon' as const, coordinates: [[[-77, 38], [-76.9, 38], [-76.9, 38.1], [-77, 38.1], [-77, 38]]] };
const feature = (id: string, layer: AirspaceFeature['layer'], sourceId: string): AirspaceFeature => ({ id, layer, name: id, geometry: square, sourceId });
const source = (id: string, retrievedAt: string) => ({ id, name: id, version: 'v1', effectiveDate: retrievedAt, retrievedAt, attribution: 'FAA', licence: 'PD' });

async function previous(dataDir: string, kind: DatasetFile['kind']): Promise<void> {
  await writeDataset(dataDir, {
    format: 'skyplan-airspace-dataset', formatVersion: 1, version: `prev-${kind}`, generatedAt: '2025-10-01T00:00:00.000Z', kind,
    sources: [source('faa:arcgis:Special_Use_Airspace', '2025-10-01T00:00:00.000Z'), source('faa:tfr:detail_4_2565', '2025-10-01T00:00:00.000Z')],
    features: [feature('sua:P-56:9', 'sua', 'faa:arcgis:Special_Use_Airspace'), feature('washington_frz:4_2565', 'washington_frz', 'faa:tfr:detail_4_2565')],
  }, { activate: true });
}

describe('fetchFeatureLayer', () => {
  it('asks for every field as GeoJSON, page by page, retrying a failed page', async () => {
    expect(pageUrl('http://x/FeatureServer/0/', 4, 2)).toBe('http://x/FeatureServer/0/query?where=1%3D1&outFields=*&f=geojson&outSR=4326&returnGeometry=true&resultOffset=4&resultRecordCount=2');
    const got = await fetchFeatureLayer(`${base}/udds/FAA_UAS_FacilityMap_Data/FeatureServer/0`, { ...fast, pageSize: 2 });
    expect(got.collection.features).toHaveLength(5);
    expect(got).toMatchObject({ pages: 3, retries: 1 });
    expect(requests).toEqual(['FAA_UAS_FacilityMap_Data@0', 'FAA_UAS_FacilityMap_Data@2', 'FAA_UAS_FacilityMap_Data@2', 'FAA_UAS_FacilityMap_Data@4']);
  });

  it('gives up after the retries, and at once on a 4xx ArcGIS error', async () => {
    await expect(fetchFeatureLayer(`${base}/adds/Special_Use_Airspace/FeatureServer/0`, fast)).rejects.toThrow(/page 1 \(offset 0\): HTTP 500.*after 3 attempts/);
    await expect(fetchFeatureLayer(`${base}/udds/Part_Time_National_Security_UAS_Flight_Restrictions/FeatureServer/0`, fast)).rejects.toThrow(/ArcGIS error 400: Invalid query parameters/);
    expect(requests.filter((r) => r.startsWith('Special'))).toHaveLength(3);
    expect(requests.filter((r) => r.startsWith('Part_Time'))).toHaveLength(1);
  });
});

describe('syncFaa against a local stand-in of the FAA services', () => {
  it('writes what it could fetch, keeps the last good data of a failed layer and carries TFR layers over', async () => {
    const dataDir = path.join(tmp, 'partial');
    await previous(dataDir, 'faa');
    const result = await syncFaa({ dataDir, env: env(), services: pick('uasfm', 'sua', 'stadium', 'nsufr_part_time'), fetch: fast, now: new Date('2025-11-20T00:00:00Z') });
    expect(result.layers.map((l) => [l.key, l.status, l.features])).toEqual([
      ['uasfm', 'ok', 5], ['sua', 'kept', 1], ['stadium', 'ok', 1], ['nsufr_part_time', 'failed', 0],
    ]);
    expect(result.layers[0]).toMatchObject({ pages: 3, retries: 1 });
    expect(result.layers[3]!.error).toMatch(/ArcGIS error 400/);
    const active = (await readActiveDataset(dataDir))!;
    expect(active.version).toBe(result.dataset!.version);
    expect(active.features.map((f) => f.id).sort()).toEqual([
      'stadium:KS:test_field', 'sua:P-56:9', 'uasfm:TST:40.01000:-100.00000', 'uasfm:TST:40.02000:-100.00000',
      'uasfm:TST:40.03000:-100.00000', 'uasfm:TST:40.04000:-100.00000', 'uasfm:TST:40.05000:-100.00000', 'washington_frz:4_2565',
    ]);
    // The kept layer keeps its old retrieval time, so the briefing's freshness stays truthful.
    expect(active.sources.find((s) => s.id === 'faa:arcgis:Special_Use_Airspace')!.retrievedAt).toBe('2025-10-01T00:00:00.000Z');
    expect(active.sources.find((s) => s.id === 'faa:arcgis:Stadiums')!.url).toBe(`${base}/adds/Stadiums/FeatureServer/0`);
  });

  it('writes nothing when no service answers', async () => {
    const dataDir = path.join(tmp, 'down');
    await previous(dataDir, 'faa');
    const result = await syncFaa({ dataDir, env: env(), services: pick('sua'), fetch: fast });
    expect(result.written).toBeUndefined();
    expect((await readActiveDataset(dataDir))!.version).toBe('prev-faa');
  });

  it('never mixes a generated sandbox dataset into FAA data', async () => {
    const dataDir = path.join(tmp, 'sandbox');
    await previous(dataDir, 'sandbox');
    const result = await syncFaa({ dataDir, env: env(), services: pick('stadium', 'sua'), fetch: fast, activate: false });
    expect(result.layers.map((l) => l.status)).toEqual(['ok', 'failed']);
    expect(result.dataset!.features.map((f) => f.layer)).toEqual(['stadium']);
    expect(result.warnings.join('\n')).toMatch(/sandbox dataset/);
    expect((await readActiveDataset(dataDir))!.version).toBe('prev-sandbox'); // not activated
  });
});
