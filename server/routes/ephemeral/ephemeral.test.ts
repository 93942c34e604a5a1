import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../../test/helpers/service';
import { purgeExpiredEphemeral } from '../../services/operations/ephemeral';
import { json, people, type People } from '../operations/test-helpers';

const T0 = new Date('2026-12-01T15:00:00Z');
let svc: TestService;
let who: People;

beforeAll(async () => {
  svc = await startTestService({ now: T0 });
  who = await people(svc);
});
afterAll(() => svc.close());

const boundary = { type: 'Polygon', coordinates: [[[-122.3, 47.5], [-122.295, 47.5], [-122.295, 47.505], [-122.3, 47.505], [-122.3, 47.5]]] };
const body = (over: Record<string, unknown> = {}) => ({
  boundary,
  name: 'Bridge survey',
  flightType: 'FLIGHT_TYPE_COMMERCIAL',
  maxAltitude: 150,
  fixedAltitude: true,
  callbackUrl: 'http://127.0.0.1:9/cb?client=abc',
  timezoneName: 'America/Los_Angeles',
  startTime: '2026-12-03T17:00:00Z',
  duration: 45,
  ...over,
});

async function createOne(token = who.client, over: Record<string, unknown> = {}): Promise<string> {
  const r = await svc.call('POST', '/v1/operations/ephemeral', { token, body: body(over) });
  expect(r.status).toBe(200);
  const { url } = await json<{ url: string }>(r);
  expect(url).toMatch(new RegExp(`^${svc.deps.config.portalUrl}/plan/operations/[0-9a-f-]{36}/claim$`));
  return /operations\/([^/]+)\/claim/.exec(url)![1]!;
}

describe('POST /v1/operations/ephemeral', () => {
  it('answers {url}; validates like 4.3 with 422 naming the rule', async () => {
    await createOne();
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ duration: 0 }, /1 to 720/],
      [{ duration: 721 }, /1 to 720/],
      [{ maxAltitude: 401 }, /5 to 400/],
      [{ timezoneName: 'Nowhere/City' }, /IANA/],
      [{ boundary: { type: 'Polygon', coordinates: [[[-122.3, 47.5], [-122.2, 47.5], [-122.2, 47.6], [-122.3, 47.6], [-122.3, 47.5]]] } }, /10 square miles/],
      [{ boundary: { ...boundary, coordinates: [boundary.coordinates[0], [[-122.299, 47.501], [-122.298, 47.501], [-122.298, 47.502], [-122.299, 47.501]]] } }, /interior rings/],
      [{ callbackUrl: 'http://10.0.0.8/cb' }, /private/],
    ];
    for (const [over, msg] of cases) {
      const r = await svc.call('POST', '/v1/operations/ephemeral', { token: who.client, body: body(over) });
      expect(r.status, JSON.stringify(over)).toBe(422);
      expect((await json<{ message: string }>(r)).message).toMatch(msg);
    }
    expect((await svc.call('POST', '/v1/operations/ephemeral', { token: who.client, body: body({ duration: '45' }) })).status).toBe(400);
    expect((await svc.call('POST', '/v1/operations/ephemeral', { body: body() })).status).toBe(401);
    expect((await svc.call('POST', '/v1/operations/ephemeral', { token: await svc.clientToken('operation:read'), body: body() })).status).toBe(403);
  });
});

describe('get, preview, claim, delete', () => {
  it('the creator sees everything; a signed-in person sees it without the callback; the public preview is minimal', async () => {
    const id = await createOne();
    const mine = await json(svc.call('GET', `/v1/operations/ephemeral/${id}`, { token: who.client }));
    expect(mine).toMatchObject({ id, state: 'UNCLAIMED', callbackUrl: 'http://127.0.0.1:9/cb?client=abc', endTime: '2026-12-03T17:45:00.000Z', fixedAltitude: true });
    const theirs = await json<Record<string, unknown>>(svc.call('GET', `/v1/operations/ephemeral/${id}`, { token: who.potomac }));
    expect(theirs.state).toBe('UNCLAIMED');
    expect(theirs.callbackUrl).toBeUndefined();
    const preview = await svc.call('GET', `/v1/operations/ephemeral/${id}/preview`);
    expect(preview.status).toBe(200);
    const p = await json<Record<string, unknown>>(preview);
    expect(Object.keys(p).sort()).toEqual(['boundary', 'endTime', 'expiresAt', 'flightType', 'id', 'maxAltitude', 'name', 'nearestAirport', 'nearestPlace', 'sentBy', 'startTime', 'timezoneName']);
    // Who sent the link, by name; the callback (and its query) never shows.
    expect(p.sentBy).toBe('Sandbox API client');
    // Where it is, as a person knows it: the nearest GeoNames place, in Washington.
    expect(p.nearestPlace).toMatchObject({ region: 'WA', country: 'US' });
    expect(JSON.stringify(p)).not.toMatch(/cb\?client/);
    expect((await svc.call('GET', '/v1/operations/ephemeral/00000000-0000-4000-8000-000000000000/preview')).status).toBe(404);
    expect((await svc.call('GET', `/v1/operations/ephemeral/${id}`)).status).toBe(401);
  });

  it('a person claims it: the same id becomes their platform operation in their organization; a second claim is 409', async () => {
    const id = await createOne();
    expect((await svc.call('POST', `/v1/operations/ephemeral/${id}/claim`, { token: who.client })).status).toBe(403);
    expect((await svc.call('POST', `/v1/operations/ephemeral/${id}/claim`)).status).toBe(401);
    expect((await svc.call('POST', '/v1/operations/ephemeral/00000000-0000-4000-8000-000000000000/claim', { token: who.pilot })).status).toBe(404);
    const r = await svc.call('POST', `/v1/operations/ephemeral/${id}/claim`, { token: who.pilot });
    expect(r.status).toBe(200);
    const claimed = await json<{ operation: Record<string, unknown>; fixedAltitude: boolean }>(r);
    expect(claimed.fixedAltitude).toBe(true);
    expect(claimed.operation).toMatchObject({ id, pilotId: who.ids.pilot, createdBy: who.ids.pilot, maxAltitude: 150, startTime: '2026-12-03T17:00:00.000Z', endTime: '2026-12-03T17:45:00.000Z', timezone: 'America/Los_Angeles', flightType: 'FLIGHT_TYPE_COMMERCIAL' });
    expect((await svc.call('POST', `/v1/operations/ephemeral/${id}/claim`, { token: who.potomac })).status).toBe(409);
    expect((await svc.call('POST', `/v1/operations/ephemeral/${id}/claim`, { token: who.pilot })).status).toBe(409);
    expect((await svc.call('GET', `/v1/operations/${id}`, { token: who.pilot })).status).toBe(200);
    expect((await svc.call('GET', `/v1/operations/${id}`, { token: who.operator })).status).toBe(200);
    expect((await svc.call('GET', `/v1/operations/${id}`, { token: who.potomac })).status).toBe(404);
    const preview = await svc.call('GET', `/v1/operations/ephemeral/${id}/preview`);
    expect(preview.status).toBe(410);
    expect(await json(preview)).toMatchObject({ details: { reason: 'CLAIMED' } });
    expect((await svc.call('GET', `/v1/operations/ephemeral/${id}`, { token: who.potomac })).status).toBe(404);
    expect(await json(svc.call('GET', `/v1/operations/ephemeral/${id}`, { token: who.pilot }))).toMatchObject({ state: 'CLAIMED', claimedBy: who.ids.pilot, operationId: id });
    expect((await svc.call('DELETE', `/v1/operations/ephemeral/${id}`, { token: who.client })).status).toBe(409);
  });

  it('two concurrent claims: one wins, the other gets 409', async () => {
    const id = await createOne();
    const [a, b] = await Promise.all([
      svc.call('POST', `/v1/operations/ephemeral/${id}/claim`, { token: who.pilot }),
      svc.call('POST', `/v1/operations/ephemeral/${id}/claim`, { token: who.potomac }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
  });

  it('only the creator side deletes, and only while unclaimed', async () => {
    const id = await createOne();
    expect((await svc.call('DELETE', `/v1/operations/ephemeral/${id}`, { token: who.potomac })).status).toBe(404);
    expect((await svc.call('DELETE', `/v1/operations/ephemeral/${id}`, { token: who.client })).status).toBe(204);
    expect((await svc.call('GET', `/v1/operations/ephemeral/${id}`, { token: who.client })).status).toBe(404);
  });

  it('a person who creates one with a callback sees its signing secret', async () => {
    const id = await createOne(who.pilot);
    const r = await json<{ callbackSecret?: string }>(svc.call('GET', `/v1/operations/ephemeral/${id}`, { token: who.pilot }));
    expect(r.callbackSecret).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    const other = await json<{ callbackSecret?: string }>(svc.call('GET', `/v1/operations/ephemeral/${id}`, { token: who.operator }));
    expect(other.callbackSecret).toBeUndefined();
  });
});

describe('expiry', () => {
  it('unclaimed ones answer 410 after the TTL and 404 once purged a week later', async () => {
    const id = await createOne();
    const ttl = svc.deps.config.ephemeralTtlMinutes * 60_000;
    svc.setNow(new Date(T0.getTime() + ttl + 1000));
    try {
      for (const [m, path, token] of [
        ['GET', `/v1/operations/ephemeral/${id}`, who.client],
        ['GET', `/v1/operations/ephemeral/${id}/preview`, undefined],
        ['POST', `/v1/operations/ephemeral/${id}/claim`, who.pilot],
      ] as const) {
        const r = await svc.call(m, path, token ? { token } : {});
        expect(r.status, path).toBe(410);
        expect(await json(r)).toMatchObject({ details: { reason: 'EXPIRED' } });
      }
      expect(await purgeExpiredEphemeral(svc.deps)).toBe(0);
      svc.setNow(new Date(T0.getTime() + ttl + 8 * 86_400_000));
      expect(await purgeExpiredEphemeral(svc.deps)).toBeGreaterThan(0);
      expect((await svc.call('GET', `/v1/operations/ephemeral/${id}`, { token: who.client })).status).toBe(404);
    } finally {
      svc.setNow(T0);
    }
  });
});
