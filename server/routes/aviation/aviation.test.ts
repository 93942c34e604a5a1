import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../../test/helpers/service';
import { AviationResponseSchema, CheckAirspaceResponseSchema } from '../../contract/aviation';
import type { Feature } from '../../contract/common';
import { fixtureFile, NOW } from '../../domain/briefing/fixtures';

let svc: TestService;
let token: string;
let otherScope: string;
beforeAll(async () => {
  // Tokens are verified against the wall clock: issue them first, then move the service clock to the fixture's now.
  svc = await startTestService({ dataset: fixtureFile() });
  token = await svc.clientToken('aviation:read');
  otherScope = await svc.clientToken('operation:read');
  svc.setNow(NOW);
});
afterAll(() => svc.close());

const box = (w: number, s: number, e: number, n: number) => ({ type: 'Polygon', coordinates: [[[w, s], [e, s], [e, n], [w, n], [w, s]]] });
const around = (lat: number, lon: number, d = 0.003) => box(lon - d, lat - d, lon + d, lat + d);
const window = { startTime: '2025-07-04T18:00:00Z', endTime: '2025-07-04T19:00:00Z' };

type Body = { statusCode: number; message: string; data: unknown };
async function post(path: string, body: unknown, t: string | null = token) {
  const r = await svc.call('POST', path, { body, ...(t ? { token: t } : {}) });
  return { status: r.status, headers: r.headers, json: (await r.json()) as Body };
}

describe('POST /v1/check/airspace (deprecated)', () => {
  it.each([
    ['Class G, Lebanon KS: no authorization required', around(39.8283, -98.5795), { controlled: false, enabled: false, restricted: false }],
    ['Sea-Tac grid: authorization under the grid', around(47.4435, -122.3016), { controlled: true, enabled: true, restricted: false }],
    ['McChord without LAANC: alternative authorization', around(47.1377, -122.4765), { controlled: true, enabled: false, restricted: false }],
    ['the White House: flights not allowed', around(38.8977, -77.0365), { controlled: false, enabled: false, restricted: true }],
  ])('%s', async (_n, geometry, expected) => {
    const r = await post('/v1/check/airspace', { geometry, ...window });
    expect(r.status).toBe(200);
    expect(r.headers.get('deprecation')).toBe('true');
    expect(CheckAirspaceResponseSchema.parse(r.json)).toEqual({ statusCode: 200, message: 'success', data: expected });
  });

  it('is time-aware: the Bend TFR restricts only while in effect', async () => {
    const bend = around(44.02, -121.45);
    expect(((await post('/v1/check/airspace', { geometry: bend, ...window })).json.data as { restricted: boolean }).restricted).toBe(true);
    const later = { startTime: '2025-07-08T18:00:00Z', endTime: '2025-07-08T19:00:00Z' };
    expect(((await post('/v1/check/airspace', { geometry: bend, ...later })).json.data as { restricted: boolean }).restricted).toBe(false);
  });

  it('answers a missing time with 400 and an endTime before startTime with 422, naming the field', async () => {
    const missing = await post('/v1/check/airspace', { geometry: around(47.4435, -122.3016), startTime: window.startTime });
    expect(missing.status).toBe(400);
    expect(missing.json.message).toMatch(/body\.endTime/);
    const backwards = await post('/v1/check/airspace', { geometry: around(47.4435, -122.3016), startTime: window.endTime, endTime: window.startTime });
    expect(backwards.status).toBe(422);
    expect(backwards.json.message).toMatch(/body\.endTime/);
  });

  it('refuses a call without a token (401) and a token without aviation:read (403)', async () => {
    const body = { geometry: around(47.4435, -122.3016), ...window };
    expect((await post('/v1/check/airspace', body, null)).status).toBe(401);
    expect((await post('/v1/check/airspace', body, otherScope)).status).toBe(403);
  });
});

describe('POST /v1/aviation (deprecated)', () => {
  const data = async (path: string, body: unknown) => {
    const r = await post(path, body);
    expect(r.status).toBe(200);
    return AviationResponseSchema.parse(r.json).data as Feature[];
  };
  const kinds = (fs: Feature[]) => new Set(fs.map((f) => f.properties?.aviationType));

  it('returns every type for an empty list, with a Deprecation header', async () => {
    const r = await post('/v1/aviation', { geometry: around(47.548, -122.32), type: [] });
    expect(r.headers.get('deprecation')).toBe('true');
    const fs = AviationResponseSchema.parse(r.json).data;
    // airspace_schedule ignores the geometry: Tacoma Narrows' part-time Class D appears from Georgetown.
    expect(kinds(fs)).toEqual(new Set(['controlled_airspace', 'uasfm_ceiling', 'stadium', 'airports', 'airspace_schedule']));
    expect(fs.find((f) => f.properties?.aviationType === 'airspace_schedule')!.properties).toMatchObject({ ident: 'TIW', activeNow: true });
  });

  it('buffers stadium points by 3 NM', async () => {
    const fs = await data('/v1/aviation', { geometry: { type: 'Point', coordinates: [-122.3316, 47.57] }, type: ['stadium'] });
    expect(fs.map((f) => f.properties?.name).sort()).toEqual(['Lumen Field', 'T-Mobile Park']);
    expect(fs[0]!.geometry?.type).toBe('Polygon');
    expect(await data('/v1/aviation', { geometry: { type: 'Point', coordinates: [-122.3316, 47.52] }, type: ['stadium'] })).toEqual([]);
  });

  it('finds airports within ?buffer NM (default 3)', async () => {
    const body = { geometry: { type: 'Point', coordinates: [-122.3316, 47.57] }, type: ['airports'] };
    const near = await data('/v1/aviation', body);
    expect(near.map((f) => f.properties?.ident).sort()).toEqual(['BFI', 'WA53']);
    expect(near.every((f) => typeof f.properties?.distanceNm === 'number' && (f.properties.distanceNm as number) <= 3)).toBe(true);
    expect((await data('/v1/aviation?buffer=2.5', body)).map((f) => f.properties?.ident)).toEqual(['WA53']);
  });

  it('keeps sua to prohibited and restricted areas, splits nsufr_pt from nsufr_ft and marks TFRs active', async () => {
    expect(await data('/v1/aviation', { geometry: around(47.98, -122.635), type: ['sua'] })).toEqual([]);
    expect((await data('/v1/aviation', { geometry: around(47.73, -122.73), type: ['sua'] }))[0]!.properties).toMatchObject({ ident: 'P-51', subtype: 'PROHIBITED' });
    expect(await data('/v1/aviation', { geometry: around(47.956, -118.9819), type: ['nsufr_ft'] })).toEqual([]);
    expect(await data('/v1/aviation', { geometry: around(47.956, -118.9819), type: ['nsufr_pt'] })).toHaveLength(1);
    expect((await data('/v1/aviation', { geometry: around(44.02, -121.45), type: ['tfr'] }))[0]!.properties).toMatchObject({ ident: '5/4321', active: true });
    expect((await data('/v1/aviation', { geometry: around(40.6468, -74.6732), type: ['tfr'] }))[0]!.properties).toMatchObject({ active: false });
  });

  it('answers parameter errors with 422 naming the field or the 30 NM limit', async () => {
    const type = await post('/v1/aviation', { geometry: around(47.548, -122.32), type: ['helicopters'] });
    expect(type.status).toBe(422);
    expect(type.json.message).toMatch(/body\.type/);
    const big = await post('/v1/aviation', { geometry: box(-123, 47, -122, 48), type: [] });
    expect(big.status).toBe(422);
    expect(big.json.message).toMatch(/body\.geometry.*30 NM/);
    const buffer = await post('/v1/aviation?buffer=abc', { geometry: around(47.548, -122.32), type: ['airports'] });
    expect(buffer.status).toBe(422);
    expect(buffer.json.message).toMatch(/query\.buffer/);
  });

  it('refuses a call without a token (401) and a token without aviation:read (403)', async () => {
    const body = { geometry: around(47.548, -122.32), type: [] };
    expect((await post('/v1/aviation', body, null)).status).toBe(401);
    expect((await post('/v1/aviation', body, otherScope)).status).toBe(403);
  });
});
