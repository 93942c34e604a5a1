import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { surfacePool } from '../../workers/surface-pool';
import { startTestService, type TestService } from '../../../test/helpers/service';
import type { z } from 'zod';
import {
  ClassificationResponseSchema,
  GroundRiskResponseSchema,
  GroundTypeResponseSchema,
  HazardResponseSchema,
  HexbinResponseSchema,
  RiskClassifyResponseSchema,
  SUITABILITY_FEATURES,
  SURFACE_LAYER_CODES,
  SuitabilityResponseSchema,
  SurfaceGeojsonResponseSchema,
} from '../../contract/surface';
import { DC_AREA, SEATTLE_AREA, square, surfaceDataset } from '../../domain/surface/fixtures';

let svc: TestService;
let token: string;
beforeAll(async () => {
  svc = await startTestService({ dataset: surfaceDataset() });
  token = await svc.clientToken();
});
afterAll(() => svc.close());

/** token null: no Authorization header. */
const post = (path: string, body: unknown, t: string | null = token) => svc.call('POST', path, { body, ...(t ? { token: t } : {}) });
const midtown = square(40.754, -73.984, 1);
type Envelope<T> = { statusCode: number; message: string; data: T };
type Hex = { type: 'Feature'; id: string; geometry: { type: string; coordinates: number[][][] }; properties: Record<string, unknown> };

describe('POST /v2/groundType', () => {
  it('answers hexes with {density, popPerSqKm} in the envelope: midtown is dense', async () => {
    const r = await post('/v2/groundType', { geometry: midtown, resolution: 9 });
    expect(r.status).toBe(200);
    const body = (await r.json()) as Envelope<Hex[]>;
    expect(body).toMatchObject({ statusCode: 200, message: 'success' });
    expect(body.data.length).toBeGreaterThan(5);
    for (const f of body.data) {
      expect(Object.keys(f.properties).sort()).toEqual(['density', 'popPerSqKm']);
      expect(['Urban', 'Dense Urban']).toContain(f.properties.density);
      expect(f.properties.popPerSqKm).toBeGreaterThan(10_000);
    }
  });

  it('gives the same request again without the worker pool, word for word; another geometry or resolution is computed', async () => {
    const area = square(40.75, -73.99, 0.5);
    const spy = vi.spyOn(surfacePool(), 'run');
    try {
      const first = await post('/v2/groundType', { geometry: area, resolution: 8 });
      expect(first.status).toBe(200);
      expect(spy).toHaveBeenCalledTimes(1);
      const again = await post('/v2/groundType', { geometry: area, resolution: 8 });
      expect(spy).toHaveBeenCalledTimes(1);
      expect(await again.text()).toBe(await first.text());
      expect((await post('/v2/groundType', { geometry: area, resolution: 7 })).status).toBe(200);
      expect((await post('/v2/groundType', { geometry: square(40.75, -73.99, 0.6), resolution: 8 })).status).toBe(200);
      expect(spy).toHaveBeenCalledTimes(3);
    } finally {
      spy.mockRestore();
    }
  });

  it('accepts hazard:read as well as hazar:read, and refuses other scopes (403) and no token (401)', async () => {
    expect((await post('/v2/groundType', { geometry: midtown, resolution: 7 }, await svc.clientToken('hazard:read'))).status).toBe(200);
    expect((await post('/v2/groundType', { geometry: midtown, resolution: 7 }, await svc.clientToken('hazar:read'))).status).toBe(200);
    expect((await post('/v2/groundType', { geometry: midtown, resolution: 7 }, await svc.clientToken('operation:read'))).status).toBe(403);
    expect((await post('/v2/groundType', { geometry: midtown, resolution: 7 }, null)).status).toBe(401);
  });

  it('refuses a resolution out of range with 422 and a wrong type with 400', async () => {
    for (const resolution of [4, 12]) expect((await post('/v2/groundType', { geometry: midtown, resolution })).status).toBe(422);
    expect((await post('/v2/groundType', { geometry: midtown, resolution: '9' })).status).toBe(400);
    expect((await post('/v2/groundType', { geometry: midtown })).status).toBe(400);
    expect((await post('/v2/groundType', { geometry: { type: 'Polygon', coordinates: [[[0, 0], [1, 1], [1, 0], [0, 1], [0, 0]]] }, resolution: 7 })).status).toBe(422);
  });

  it('answers 408 for a huge area at a fine resolution', async () => {
    const r = await post('/v2/groundType', { geometry: square(39, -100, 400), resolution: 11 });
    expect(r.status).toBe(408);
    expect(await r.json()).toMatchObject({ statusCode: 408, message: 'request timed out; reduce the size of the request' });
  });

  it('requires Content-Type application/json, charset allowed', async () => {
    const raw = JSON.stringify({ geometry: midtown, resolution: 7 });
    const auth = { authorization: `Bearer ${token}` };
    expect((await svc.call('POST', '/v2/groundType', { raw, headers: { ...auth, 'content-type': 'application/json;charset=UTF-8' } })).status).toBe(200);
    expect((await svc.call('POST', '/v2/groundType', { raw, headers: auth })).status).toBe(415);
    expect((await svc.call('POST', '/v2/groundType', { raw, headers: { ...auth, 'content-type': 'text/plain' } })).status).toBe(415);
  });
});

describe('POST /v2/surface/geojson', () => {
  const geo = (layers: unknown, geometry: unknown = SEATTLE_AREA) => post('/v2/surface/geojson', { geometry, layers, resolution: 8 });

  it('accepts each of the 18 layer codes, five at a time, and tags each feature with its code', async () => {
    for (let i = 0; i < SURFACE_LAYER_CODES.length; i += 5) {
      const codes = SURFACE_LAYER_CODES.slice(i, i + 5);
      const r = await geo(codes.map((code) => (code === 'washington_frz' ? { code } : { code, fields: ['*'] })));
      expect(r.status).toBe(200);
      const { data } = (await r.json()) as Envelope<Hex[]>;
      const seen = new Set(data.map((f) => f.properties.layer));
      for (const code of codes) if (code !== 'washington_frz') expect(seen, code).toContain(code);
    }
    const frz = (await (await geo([{ code: 'washington_frz' }], DC_AREA)).json()) as Envelope<Hex[]>;
    expect(frz.data.map((f) => f.properties.layer)).toEqual(['washington_frz']);
  });

  it('returns only the requested fields, and every field for *', async () => {
    const some = (await (await geo([{ code: 'airports', fields: ['name', 'icao'] }])).json()) as Envelope<Hex[]>;
    expect(some.data.map((f) => f.properties)).toEqual([{ layer: 'airports', name: 'Boeing Field/King County Intl', icao: 'KBFI' }]);
    const all = (await (await geo([{ code: 'airports', fields: ['*'] }])).json()) as Envelope<Hex[]>;
    expect(all.data[0]!.properties).toMatchObject({ layer: 'airports', id: 'airport:BFI', name: 'Boeing Field/King County Intl', ident: 'BFI', icao: 'KBFI', elevationFt: 21, towered: true });
  });

  it('buffers T-Mobile Park by 3 NM for sporting_tfr', async () => {
    const r = await geo([{ code: 'sporting_tfr', fields: ['name'] }], { type: 'Point', coordinates: [-122.33, 47.62] });
    const { data } = (await r.json()) as Envelope<Hex[]>;
    expect(data.map((f) => f.properties)).toEqual([{ layer: 'sporting_tfr', name: 'T-Mobile Park' }]);
  });

  it('refuses 0 or 6 layers, an unknown code (named) and an unknown field with 422', async () => {
    expect((await geo([])).status).toBe(422);
    expect((await geo(SURFACE_LAYER_CODES.slice(0, 6).map((code) => ({ code, fields: ['name'] })))).status).toBe(422);
    const unknown = await geo([{ code: 'heliports', fields: ['name'] }]);
    expect(unknown.status).toBe(422);
    expect(((await unknown.json()) as { message: string }).message).toContain('"heliports"');
    expect((await geo([{ code: 'airports', fields: ['wingspan'] }])).status).toBe(422);
  });

  it('answers wrong types with 400, oversize with 408, a narrower scope with 403', async () => {
    expect((await geo([{ code: 5, fields: 'name' }])).status).toBe(400);
    expect((await post('/v2/surface/geojson', { geometry: square(39, -100, 400), layers: [{ code: 'tfr' }], resolution: 11 })).status).toBe(408);
    expect((await post('/v2/surface/geojson', { geometry: SEATTLE_AREA, layers: [{ code: 'tfr' }], resolution: 8 }, await svc.clientToken('hazar:read'))).status).toBe(403);
  });
});

describe('GET /v2/surface/layers and POST /v2/surface/hexbin', () => {
  it('lists the 18 codes with description, geometry type and fields', async () => {
    const r = await svc.call('GET', '/v2/surface/layers', { token });
    const { data } = (await r.json()) as Envelope<Array<{ code: string; fields: string[]; geometryType: string }>>;
    expect(data.map((l) => l.code)).toEqual([...SURFACE_LAYER_CODES]);
    expect(data.find((l) => l.code === 'uasfm_ceiling')!.fields).toContain('ceilingFt');
  });

  it('lists every suitability feature name beside the layers, population included, and so does OpenAPI', async () => {
    const r = await svc.call('GET', '/v2/surface/layers', { token });
    const { suitabilityFeatures } = (await r.json()) as { suitabilityFeatures: Array<{ name: string; defaultWeight: number; description: string }> };
    expect(suitabilityFeatures.map((f) => f.name)).toEqual([...SUITABILITY_FEATURES]);
    expect(suitabilityFeatures.find((f) => f.name === 'population')).toMatchObject({ defaultWeight: 1 });
    const doc = (await (await svc.call('GET', '/openapi.json')).json()) as { components: { schemas: Record<string, { properties: Record<string, { propertyNames?: { enum: string[] } }> }> } };
    for (const id of ['SuitabilityRequest', 'ClassificationRequest']) {
      expect(doc.components.schemas[id]!.properties.features!.propertyNames!.enum).toEqual([...SUITABILITY_FEATURES]);
    }
  });

  it('bins layer coverage per hex', async () => {
    const r = await post('/v2/surface/hexbin', { geometry: square(47.538, -122.3, 2), resolution: 8, layers: ['class_airspace_schedule', 'uasfm_ceiling'] });
    expect(r.status).toBe(200);
    const { data } = (await r.json()) as Envelope<Hex[]>;
    expect(data.length).toBeGreaterThan(3);
    for (const h of data) expect(h.properties.counts).toMatchObject({ class_airspace_schedule: 1 });
  });
});

describe('POST /v1/suitability (deprecated) and POST /v2/surface/classification', () => {
  const body = { uavWeight: '1.2kg', uavType: 'multirotor', pilotControl: 'manual', losType: 'VLOS', maxAltitude: 200, resolution: 8, noFill: false, features: { airports: { weight: 1 } }, geometry: square(47.538, -122.3, 2) };

  it('scores hexes in the legacy FeatureCollection envelope and says it is deprecated', async () => {
    const r = await post('/v1/suitability', body);
    expect(r.status).toBe(200);
    expect(r.headers.get('deprecation')).toBe('true');
    const { data } = (await r.json()) as Envelope<{ type: string; features: Hex[] }>;
    expect(data.type).toBe('FeatureCollection');
    expect(data.features.length).toBeGreaterThan(3);
    for (const f of data.features) {
      expect(Object.keys(f.properties).sort()).toEqual(['density', 'infrastructureTypes', 'popPerSqMi', 'score', 'suitableFeatures']);
      expect(Number.isInteger(f.properties.score)).toBe(true);
    }
    expect(data.features.some((f) => (f.properties.infrastructureTypes as string[]).includes('airports'))).toBe(true);
  });

  it('refuses an unknown feature name or UAV type with 422', async () => {
    expect((await post('/v1/suitability', { ...body, features: { volcanoes: { weight: 1 } } })).status).toBe(422);
    expect((await post('/v1/suitability', { ...body, uavType: 'balloon' })).status).toBe(422);
  });

  it('accepts the feature population (the population model), from 0 to 1, and names it when negative', async () => {
    const flat = { ...body, features: Object.fromEntries(SUITABILITY_FEATURES.map((n) => [n, { weight: 0 }])) };
    const r = await post('/v2/surface/classification', flat);
    expect(r.status).toBe(200);
    const { data } = (await r.json()) as Envelope<{ features: Hex[] }>;
    // With the density weighed 0 and no other feature counted, every hex scores 100.
    expect(data.features.every((f) => f.properties.score === 100)).toBe(true);
    expect((await post('/v1/suitability', { ...body, features: { population: { weight: 0.5 } } })).status).toBe(200);
    const bad = await post('/v1/suitability', { ...body, features: { population: { weight: -0.5 } } });
    expect(bad.status).toBe(422);
    expect(JSON.stringify(await bad.json())).toContain('population');
  });

  it('classifies the same hexes on v2', async () => {
    const r = await post('/v2/surface/classification', body);
    const { data } = (await r.json()) as Envelope<{ features: Hex[] }>;
    expect(r.status).toBe(200);
    expect(data.features[0]!.properties).toMatchObject({ class: expect.stringMatching(/^(SUITABLE|CAUTION|UNSUITABLE)$/), score: expect.any(Number), igrc: expect.any(Number) });
  });
});

describe('risk', () => {
  it('gives midtown a high intrinsic ground risk and Nevada a low one', async () => {
    const city = (await (await post('/v2/hazard/groundRisk', { geometry: midtown, resolution: 8 })).json()) as Envelope<{ igrc: number; band: string; features: Hex[] }>;
    expect(city.data).toMatchObject({ igrc: 6, band: 'high_density_metropolitan' });
    const desert = (await (await post('/v2/hazard/groundRisk', { geometry: square(39.5, -116.5, 2), resolution: 8 })).json()) as Envelope<{ igrc: number; band: string }>;
    expect(desert.data).toMatchObject({ igrc: 2, band: 'remote' });
  });

  it('lists the hazards over an area and classifies its risk', async () => {
    const hz = (await (await post('/v2/hazard', { geometry: square(47.538, -122.3, 2), resolution: 8 })).json()) as Envelope<{ hazards: Array<{ code: string }> }>;
    expect(hz.data.hazards.map((h) => h.code)).toEqual(expect.arrayContaining(['airports', 'class_airspace_schedule', 'uasfm_ceiling']));
    const rc = await post('/v2/risk/classify', { geometry: square(47.538, -122.3, 2), resolution: 8, maxAltitude: 200 });
    expect(rc.status).toBe(200);
    expect(((await rc.json()) as Envelope<unknown>).data).toMatchObject({ air: { arc: 'ARC-d', aec: 1 }, sail: 'VI' });
    expect((await post('/v2/risk/classify', { geometry: midtown, resolution: 8 }, await svc.clientToken('surface:create'))).status).toBe(403);
  });
});

describe('answers serialised by the handler (in the gate or a worker) still follow the contract', () => {
  // The app checks a handler's object against its schema in tests; these answers are finished JSON, so check here.
  it.each([
    ['/v2/groundType', { geometry: midtown, resolution: 9 }, GroundTypeResponseSchema],
    ['/v2/surface/geojson', { geometry: midtown, layers: [{ code: 'stadium' }], resolution: 9 }, SurfaceGeojsonResponseSchema],
    ['/v2/surface/hexbin', { geometry: midtown, layers: ['stadium'], resolution: 9 }, HexbinResponseSchema],
    ['/v2/surface/classification', { geometry: midtown, resolution: 9 }, ClassificationResponseSchema],
    ['/v1/suitability', { geometry: midtown, resolution: 9 }, SuitabilityResponseSchema],
    ['/v2/hazard', { geometry: midtown, resolution: 9 }, HazardResponseSchema],
    ['/v2/hazard/groundRisk', { geometry: midtown, resolution: 9 }, GroundRiskResponseSchema],
    ['/v2/risk/classify', { geometry: midtown, resolution: 9 }, RiskClassifyResponseSchema],
  ] as const)('%s', async (path, body, schema) => {
    const r = await post(path, body);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^application\/json/);
    const parsed = (schema as z.ZodType).safeParse(await r.json());
    expect(parsed.success, JSON.stringify(parsed.error?.issues.slice(0, 3))).toBe(true);
  });
});
