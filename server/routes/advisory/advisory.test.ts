import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../../test/helpers/service';
import { AdvisoryCollectionResponseSchema, AdvisoryResponseSchema, type AdvisoryFeature } from '../../contract/advisory';
import { fixtureFile, NOW } from '../../domain/briefing/fixtures';

let svc: TestService;
let token: string;
let otherScope: string;
beforeAll(async () => {
  // Tokens are verified against the wall clock: issue them first, then move the service clock to the fixture's now.
  svc = await startTestService({ dataset: fixtureFile() });
  token = await svc.clientToken('advisory:read');
  otherScope = await svc.clientToken('operation:read');
  svc.setNow(NOW);
});
afterAll(() => svc.close());

const box = (w: number, s: number, e: number, n: number) => ({ type: 'Polygon', coordinates: [[[w, s], [e, s], [e, n], [w, n], [w, s]]] });
/** Georgetown, Seattle: BFI cells of 100 and 200 ft, Boeing Field Class D, the Lumen Field circle. */
const georgetown = box(-122.325, 47.545, -122.315, 47.551);
/** Around Marymoor Park and Magnuson Park: a fixed flyer site and a community advisory, in Class G. */
const eastside = box(-122.27, 47.65, -122.1, 47.7);

type Body = { statusCode: number; message: string; data: AdvisoryFeature[] & { features?: AdvisoryFeature[] } };
async function call(method: 'GET' | 'POST', path: string, body?: unknown, t: string | null = token) {
  const r = await svc.call(method, path, { ...(body !== undefined ? { body } : {}), ...(t ? { token: t } : {}) });
  return { status: r.status, headers: r.headers, json: (await r.json()) as Body };
}
const types = (fs: AdvisoryFeature[]) => new Set(fs.map((f) => f.properties?.advisoryType));

describe('POST /v2/advisory (deprecated)', () => {
  it('answers features in the legacy envelope with a Deprecation header; facility-map cells one by one', async () => {
    const r = await call('POST', '/v2/advisory', { geometry: georgetown, category: 'faa_107', maxAltitude: 150 });
    expect(r.status).toBe(200);
    expect(r.headers.get('deprecation')).toBe('true');
    const body = AdvisoryResponseSchema.parse(r.json);
    expect(body).toMatchObject({ statusCode: 200, message: 'success' });
    const cells = body.data.filter((f) => f.properties?.advisoryType === 'uasfm_ceiling');
    expect(cells.length).toBeGreaterThan(1);
    expect(types(body.data)).toEqual(new Set(['uasfm_ceiling', 'controlled_airspace', 'stadium']));
    const low = cells.find((c) => c.properties?.title === 'BFI facility map: 100 ft AGL')!;
    expect(low.properties).toMatchObject({ severity: 'caution', advisorySource: 'faa', message: expect.stringMatching(/further coordination/) });
  });

  it('is stricter for recreational flyers above a ceiling and lists fixed sites only for them', async () => {
    const rec = await call('POST', '/v2/advisory', { geometry: georgetown, category: 'faa_44809', maxAltitude: 150 });
    const low = rec.json.data.find((c) => c.properties?.title === 'BFI facility map: 100 ft AGL')!;
    expect(low.properties?.severity).toBe('warning');
    expect(types((await call('POST', '/v2/advisory', { geometry: eastside, category: 'faa_44809' })).json.data)).toContain('recreational_flyer_fixed_sites');
    expect(types((await call('POST', '/v2/advisory', { geometry: eastside, category: 'faa_107' })).json.data)).not.toContain('recreational_flyer_fixed_sites');
  });

  it('filters by source', async () => {
    const community = await call('POST', '/v2/advisory', { geometry: eastside, category: 'faa_44809', source: 'community' });
    expect(types(community.json.data)).toEqual(new Set(['community_advisories']));
    expect(community.json.data[0]!.properties).toMatchObject({ advisorySource: 'community', contactName: 'Seattle Parks and Recreation' });
    const faa = await call('POST', '/v2/advisory', { geometry: eastside, category: 'faa_44809', source: 'faa' });
    expect(types(faa.json.data)).not.toContain('community_advisories');
  });

  it('reads startTime/endTime as YYYY-MM-DDThh:mmZ and reports the period in effect', async () => {
    const lumen = box(-122.336, 47.59, -122.326, 47.6);
    const r = await call('POST', '/v2/advisory', { geometry: lumen, category: 'faa_107', startTime: '2025-07-04T19:30Z', endTime: '2025-07-04T20:30Z' });
    const stadium = r.json.data.find((f) => f.properties?.title === 'Lumen Field')!;
    expect(stadium.properties).toMatchObject({ severity: 'warning', startTime: '2025-07-04T19:00:00Z', endTime: '2025-07-04T23:00:00Z' });
    expect(stadium.geometry?.type).toBe('Polygon');
    const bad = await call('POST', '/v2/advisory', { geometry: lumen, category: 'faa_107', startTime: '2025-07-04 19:30' });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toMatch(/body\.startTime.*YYYY-MM-DDThh:mmZ/);
  });

  it('answers invalid values with 400 (the spec lists no 422 here), naming the field or the 30 NM limit', async () => {
    const big = await call('POST', '/v2/advisory', { geometry: box(-122.9, 47.2, -122.0, 47.9), category: 'faa_107' });
    expect(big.status).toBe(400);
    expect(big.json.message).toMatch(/body\.geometry.*30 NM/);
    const cat = await call('POST', '/v2/advisory', { geometry: georgetown, category: 'faa_999' });
    expect(cat.status).toBe(400);
    expect(cat.json.message).toMatch(/body\.category/);
  });

  it('refuses a call without a token (401) and a token without advisory:read (403)', async () => {
    expect((await call('POST', '/v2/advisory', { geometry: georgetown, category: 'faa_107' }, null)).status).toBe(401);
    expect((await call('POST', '/v2/advisory', { geometry: georgetown, category: 'faa_107' }, otherScope)).status).toBe(403);
  });
});

describe('GET /v1/advisories/bbox', () => {
  it('answers a FeatureCollection of the advisories in the box', async () => {
    const r = await call('GET', '/v1/advisories/bbox?bbox=-122.325,47.545,-122.315,47.551&maxAltitude=150');
    expect(r.status).toBe(200);
    const body = AdvisoryCollectionResponseSchema.parse(r.json);
    expect(body.data.type).toBe('FeatureCollection');
    expect(types(body.data.features)).toEqual(new Set(['uasfm_ceiling', 'controlled_airspace', 'stadium']));
    expect(r.headers.get('deprecation')).toBeNull();
  });

  it('answers a malformed box or one over 30 NM with 422, naming bbox', async () => {
    const bad = await call('GET', '/v1/advisories/bbox?bbox=1,2,3');
    expect(bad.status).toBe(422);
    expect(bad.json.message).toMatch(/query\.bbox/);
    const big = await call('GET', '/v1/advisories/bbox?bbox=-123,47,-122,48');
    expect(big.status).toBe(422);
    expect(big.json.message).toMatch(/query\.bbox.*30 NM/);
  });

  it('refuses a call without a token (401) and a token without advisory:read (403)', async () => {
    expect((await call('GET', '/v1/advisories/bbox?bbox=-122.325,47.545,-122.315,47.551', undefined, null)).status).toBe(401);
    expect((await call('GET', '/v1/advisories/bbox?bbox=-122.325,47.545,-122.315,47.551', undefined, otherScope)).status).toBe(403);
  });
});

describe('POST /v1/advisories/geojson', () => {
  it('answers a FeatureCollection; category defaults to faa_107', async () => {
    const r = await call('POST', '/v1/advisories/geojson', { geometry: { type: 'Point', coordinates: [-77.0365, 38.8977] } });
    expect(r.status).toBe(200);
    const body = AdvisoryCollectionResponseSchema.parse(r.json);
    expect(types(body.data.features)).toEqual(new Set(['washington_frz', 'washington_sfra', 'sua', 'controlled_airspace']));
    expect(body.data.features[0]!.properties?.severity).toBe('warning');
  });

  it('answers a geometry over 30 NM with 422 naming the limit', async () => {
    const r = await call('POST', '/v1/advisories/geojson', { geometry: { type: 'LineString', coordinates: [[-122.9, 47.2], [-122.0, 47.9]] } });
    expect(r.status).toBe(422);
    expect(r.json.message).toMatch(/30 NM/);
  });

  it('refuses a call without a token (401) and a token without advisory:read (403)', async () => {
    const body = { geometry: { type: 'Point', coordinates: [-77.0365, 38.8977] } };
    expect((await call('POST', '/v1/advisories/geojson', body, null)).status).toBe(401);
    expect((await call('POST', '/v1/advisories/geojson', body, otherScope)).status).toBe(403);
  });
});
