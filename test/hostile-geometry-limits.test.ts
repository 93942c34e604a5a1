/**
 * The size limits of docs/security.md ("Hostile geometry"), each with its number: positions (before the schema),
 * the bounding-box side per route (422, or the spec's 408 on the surface family), the answer size.
 */
import type { Position } from 'geojson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_RESPONSE_BYTES } from '../server/domain/geometry/limits';
import { MAX_INPUT_POSITIONS, MAX_INPUT_RINGS } from '../server/domain/geometry/validity';
import { fixtureFile } from '../server/domain/briefing/fixtures';
import { ApiError } from '../server/http/errors';
import { limitResponseSize } from '../server/http/response-size';
import { startTestService, type TestService } from './helpers/service';

let svc: TestService;
let token: string;
beforeAll(async () => {
  svc = await startTestService({ dataset: fixtureFile() });
  token = await svc.clientToken();
});
afterAll(() => svc.close());

/** A square of `nm` nautical miles a side at Seattle. */
function square(nm: number): { type: 'Polygon'; coordinates: Position[][] } {
  const [lon, lat] = [-122.3, 47.55];
  const dLat = nm / 60, dLon = nm / 60 / Math.cos((lat * Math.PI) / 180);
  return { type: 'Polygon', coordinates: [[[lon, lat], [lon + dLon, lat], [lon + dLon, lat + dLat], [lon, lat + dLat], [lon, lat]]] };
}

const post = async (path: string, body: unknown) => {
  const r = await svc.call('POST', path, { token, body });
  return { status: r.status, body: (await r.json()) as { message: string; details?: Array<Record<string, unknown>> } };
};

describe('geometry size limits', () => {
  it(`refuses more than ${MAX_INPUT_POSITIONS} positions before validating them, naming the field`, async () => {
    const ring: Position[] = Array.from({ length: MAX_INPUT_POSITIONS }, (_, i) => [-122.3 + 0.01 * Math.cos(i), 47.5 + 0.01 * Math.sin(i)]);
    ring.push(ring[0]!);
    const r = await post('/v2/briefing/preflight/area', { boundary: { type: 'Polygon', coordinates: [ring] } });
    expect(r.status).toBe(422);
    expect(r.body.details?.[0]).toMatchObject({ field: 'body.boundary', rule: 'max_positions', limit: MAX_INPUT_POSITIONS, actual: MAX_INPUT_POSITIONS + 1 });
    // Not yet validated: even positions the schema would refuse are only counted.
    const junk = await post('/v2/briefing/preflight/area', { boundary: { type: 'Polygon', coordinates: [Array.from({ length: 3_000 }, () => [999, 999])] } });
    expect(junk.body.details?.[0]).toMatchObject({ rule: 'max_positions' });
    // Far more positions than any legal body holds break the body's own shape limit first (server/http/body-shape.ts).
    const huge = await post('/v2/briefing/preflight/area', { boundary: { type: 'Polygon', coordinates: [Array.from({ length: 20_000 }, () => [999, 999])] } });
    expect(huge.status).toBe(400);
    expect(huge.body.details?.[0]).toMatchObject({ field: 'body', rule: 'max_values' });
  });

  it(`refuses more than ${MAX_INPUT_RINGS} rings and parts before validating them (19,990 empty rings: an issue each)`, async () => {
    const empty = await post('/v2/briefing/preflight/area', { boundary: { type: 'Polygon', coordinates: Array.from({ length: 19_990 }, () => []) } });
    expect(empty.status).toBe(422);
    expect(empty.body.details).toEqual([expect.objectContaining({ field: 'body.boundary', rule: 'max_rings', limit: MAX_INPUT_RINGS, actual: 19_990 })]);
    const parts = await svc.call('POST', '/v1/operations', { token, body: { boundary: { type: 'MultiPolygon', coordinates: Array.from({ length: 9_990 }, () => [[]]) } } });
    expect(parts.status).toBe(422);
    expect(((await parts.json()) as { details: unknown[] }).details).toEqual([expect.objectContaining({ field: 'body.boundary', rule: 'max_rings' })]);
    // The most a valid geometry can hold: 500 triangles (4 positions each) are 500 parts and 500 rings.
    const tri = (i: number): Position[] => {
      const x = -122.3 + (i % 25) * 0.004, y = 47.5 + Math.floor(i / 25) * 0.004;
      return [[x, y], [x + 0.001, y], [x, y + 0.001], [x, y]];
    };
    const most = await post('/v2/briefing/preflight/area', { boundary: { type: 'MultiPolygon', coordinates: Array.from({ length: 500 }, (_, i) => [tri(i)]) } });
    expect([200, 408], JSON.stringify(most.body).slice(0, 300)).toContain(most.status);
  });

  it('limits briefings, advisories, aviation and platform operations to a 30 NM side (422 naming the limit)', async () => {
    expect((await post('/v2/briefing/preflight/area', { boundary: square(29) })).status).toBe(200);
    for (const [path, body] of [
      ['/v1/briefing/preflight/area', { boundary: square(31) }],
      ['/v2/briefing/preflight/area', { boundary: square(31) }],
      ['/v1/check/airspace', { geometry: square(31), startTime: '2030-01-01T10:00:00Z', endTime: '2030-01-01T11:00:00Z' }],
    ] as const) {
      const r = await post(path, body);
      expect(r.status, path).toBe(422);
      expect(r.body.message).toMatch(/at most 30 NM/);
      expect(r.body.details?.[0]).toMatchObject({ rule: 'max_size', limit: 30 });
    }
  });

  it('limits the surface family to a 60 NM side with the spec’s 408, the limit in the details', async () => {
    const r = await post('/v2/groundType', { geometry: square(61), resolution: 5 });
    expect(r.status).toBe(408);
    expect(r.body.message).toBe('request timed out; reduce the size of the request');
    expect(r.body.details?.[0]).toMatchObject({ field: 'body.geometry', rule: 'max_size', limit: 60 });
    expect((await post('/v2/groundType', { geometry: square(59), resolution: 5 })).status).toBe(200);
  });

  it('refuses the band -180..180 in the bbox form of advisories', async () => {
    const r = await svc.call('GET', '/v1/advisories/bbox?bbox=-180,47.5,180,47.51', { token });
    expect(r.status).toBe(422);
  });

  it(`refuses an answer over ${MAX_RESPONSE_BYTES} bytes, naming the limit`, () => {
    expect(limitResponseSize({ a: 1 })).toEqual({ a: 1 });
    const big = { data: 'x'.repeat(MAX_RESPONSE_BYTES) };
    expect(() => limitResponseSize(big)).toThrow(ApiError);
    try {
      limitResponseSize(big, 408);
    } catch (e) {
      expect((e as ApiError).status).toBe(408);
      expect((e as ApiError).details).toEqual([expect.objectContaining({ limit: MAX_RESPONSE_BYTES })]);
    }
  });
});
