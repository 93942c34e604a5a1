import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../../test/helpers/service';
import { ELEVATION_AIRPORTS, elevationDataset } from '../../domain/elevation/fixtures';

let svc: TestService;
let token: string;
beforeAll(async () => {
  svc = await startTestService({ dataset: elevationDataset() });
  token = await svc.clientToken('aviation:read');
});
afterAll(() => svc.close());

const SOURCE = 'sandbox-airport-model:elevation-fixture-1';
const post = (path: string, body: unknown, t: string | null = token) => svc.call('POST', path, t ? { body, token: t } : { body });
/** A test-side view of both v2 shapes (profile and area); the contract's schemas check the real ones. */
interface V2View {
  geometryType: string; source: string; lengthM: number; samples: number; uncoveredSamples: number; min: number; max: number; mean: number;
  profile: Array<{ distanceM: number; longitude: number; latitude: number; elevationFt: number }>;
}
type Point = { longitude: number; latitude: number; elevationFt: number | null; source: string };
const data = async <T = V2View>(path: string, body: unknown): Promise<T> => {
  const r = await post(path, body);
  expect(r.status, JSON.stringify(await r.clone().json())).toBe(200);
  const j = (await r.json()) as { statusCode: number; message: string; data: T };
  expect(j.statusCode).toBe(200);
  return j.data;
};
const status = async (path: string, body: unknown) => {
  const r = await post(path, body);
  return { status: r.status, message: ((await r.json()) as { message: string }).message };
};
const { BFI, SEA, PAE } = ELEVATION_AIRPORTS;
const square = (lon: number, lat: number, d: number) => ({ type: 'Polygon', coordinates: [[[lon, lat], [lon + d, lat], [lon + d, lat + d], [lon, lat + d], [lon, lat]]] });

describe('POST /v1/elevation', () => {
  it('answers each position in the order given, with the model and dataset as source; the ocean is null, no-coverage', async () => {
    const d = await data<Point[]>('/v1/elevation', { coordinates: [[SEA[0], SEA[1]], [-130, 45], [BFI[0], BFI[1], 0], [-122.3, 47.49]] });
    expect(d).toHaveLength(4);
    expect(d[0]).toEqual({ longitude: SEA[0], latitude: SEA[1], elevationFt: 433, source: SOURCE });
    expect(d[1]).toEqual({ longitude: -130, latitude: 45, elevationFt: null, source: 'no-coverage' });
    expect(d[2]).toEqual({ longitude: BFI[0], latitude: BFI[1], elevationFt: 21, source: SOURCE });
    expect(d[3]!.elevationFt).toBeGreaterThan(21);
    expect(d[3]!.elevationFt).toBeLessThan(433);
  });

  it('takes 1 to 1000 positions; refuses none, 1001 and positions out of range with 422 naming the field, wrong types with 400', async () => {
    expect(await data<Point[]>('/v1/elevation', { coordinates: Array.from({ length: 1000 }, (_, i) => [-122.3, 47 + i / 1000]) })).toHaveLength(1000);
    expect((await status('/v1/elevation', { coordinates: [] })).status).toBe(422);
    const many = await status('/v1/elevation', { coordinates: Array.from({ length: 1001 }, () => [-122.3, 47.5]) });
    expect(many).toMatchObject({ status: 422, message: expect.stringContaining('body.coordinates') });
    const lat = await status('/v1/elevation', { coordinates: [[-122.3, 47.5], [-122.3, 91]] });
    expect(lat).toMatchObject({ status: 422, message: expect.stringContaining('body.coordinates.1') });
    expect((await status('/v1/elevation', { coordinates: [[200, 47.5]] })).status).toBe(422);
    for (const bad of [{}, { coordinates: 'x' }, { coordinates: [['a', 1]] }, { coordinates: [[1]] }]) expect((await status('/v1/elevation', bad)).status, JSON.stringify(bad)).toBeGreaterThanOrEqual(400);
    expect((await status('/v1/elevation', { coordinates: [['a', 1]] })).status).toBe(400);
  });

  it('needs aviation:read: 401 without a token, 403 with another scope', async () => {
    expect((await post('/v1/elevation', { coordinates: [[-122.3, 47.5]] }, null)).status).toBe(401);
    expect((await post('/v1/elevation', { coordinates: [[-122.3, 47.5]] }, await svc.clientToken('operation:read'))).status).toBe(403);
    expect((await post('/v2/elevation', { geometry: { type: 'Point', coordinates: [-122.3, 47.5] } }, await svc.clientToken('operation:read'))).status).toBe(403);
  });
});

describe('POST /v2/elevation', () => {
  it('answers a Point with a one-entry profile', async () => {
    expect(await data('/v2/elevation', { geometry: { type: 'Point', coordinates: [PAE[0], PAE[1]] } })).toEqual({
      geometryType: 'Point', source: SOURCE, lengthM: 0, profile: [{ distanceM: 0, longitude: PAE[0], latitude: PAE[1], elevationFt: 606 }],
    });
  });

  it('profiles a LineString from its first position to its last, 100 samples by default or as asked', async () => {
    const line = { type: 'LineString', coordinates: [[BFI[0], BFI[1]], [SEA[0], SEA[1]]] };
    const d = await data('/v2/elevation', { geometry: line });
    expect(d).toMatchObject({ geometryType: 'LineString', source: SOURCE });
    expect(d.profile).toHaveLength(100);
    expect(d.profile[0]).toEqual({ distanceM: 0, longitude: BFI[0], latitude: BFI[1], elevationFt: 21 });
    expect(d.profile[99]!.elevationFt).toBe(433);
    expect(d.profile[99]!.distanceM).toBeCloseTo(d.lengthM, 0);
    expect(d.lengthM).toBeGreaterThan(9000);
    expect(d.lengthM).toBeLessThan(9200);
    const five = await data('/v2/elevation', { geometry: line, samples: 5 });
    expect(five.profile.map((p) => p.elevationFt)).toEqual([...five.profile.map((p) => p.elevationFt)].sort((a, b) => a - b));
    expect(five.profile).toHaveLength(5);
  });

  it('gives min / max / mean over a Polygon, counting the samples and those without coverage', async () => {
    const d = await data('/v2/elevation', { geometry: square(-122.32, 47.44, 0.1), samples: 100 });
    expect(d).toMatchObject({ geometryType: 'Polygon', source: SOURCE, uncoveredSamples: 0 });
    expect(d.min).toBeGreaterThanOrEqual(21);
    expect(d.max).toBeLessThanOrEqual(433);
    expect(d.min).toBeLessThan(d.mean);
    expect(d.mean).toBeLessThan(d.max);
    expect(d.samples).toBeGreaterThan(80);
    expect(d.samples).toBeLessThan(130);
    const ocean = await data('/v2/elevation', { geometry: square(-131, 45, 0.5) });
    expect(ocean).toMatchObject({ source: 'no-coverage', min: null, max: null, mean: null });
    expect(ocean.uncoveredSamples).toBe(ocean.samples);
  });

  it('refuses samples out of bounds, a line over 1000 km, a polygon over 10,000 km² or not valid with 422 naming the field', async () => {
    const line = { type: 'LineString', coordinates: [[-122.3, 47.5], [-122.2, 47.6]] };
    for (const samples of [1, 1001]) expect(await status('/v2/elevation', { geometry: line, samples })).toMatchObject({ status: 422, message: expect.stringContaining('body.samples') });
    for (const samples of [0, 5001]) expect((await status('/v2/elevation', { geometry: square(-122.3, 47.5, 0.01), samples })).status, String(samples)).toBe(422);
    expect(await status('/v2/elevation', { geometry: { type: 'LineString', coordinates: [[-122.3, 47.5], [-104.7, 39.9]] } })).toMatchObject({ status: 422, message: expect.stringContaining('body.geometry') });
    expect(await status('/v2/elevation', { geometry: square(-122, 45, 1.5) })).toMatchObject({ status: 422, message: expect.stringContaining('body.geometry') });
    const bowtie = { type: 'Polygon', coordinates: [[[-122.3, 47.5], [-122.2, 47.6], [-122.2, 47.5], [-122.3, 47.6], [-122.3, 47.5]]] };
    expect(await status('/v2/elevation', { geometry: bowtie })).toMatchObject({ status: 422, message: expect.stringContaining('body.geometry') });
    expect((await status('/v2/elevation', { geometry: { type: 'Point', coordinates: [-122.3, 95] } })).status).toBe(422);
    expect((await status('/v2/elevation', { geometry: { type: 'MultiPoint', coordinates: [[-122.3, 47.5]] } })).status).toBe(400);
    expect((await status('/v2/elevation', { geometry: { type: 'Point', coordinates: [-122.3, 47.5] }, samples: 'many' })).status).toBe(400);
    expect((await status('/v2/elevation', { geometry: square(-122.3, 47.5, 0.01), samples: 2.5 })).status).toBe(400);
  });

  it('is in the OpenAPI document', async () => {
    const doc = (await (await svc.call('GET', '/openapi.json')).json()) as { paths: Record<string, { post?: { operationId: string } }> };
    expect(doc.paths['/v1/elevation']?.post?.operationId).toBe('elevationV1');
    expect(doc.paths['/v2/elevation']?.post?.operationId).toBe('elevationV2');
  });
});
