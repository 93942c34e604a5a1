/**
 * Only whoever registered a callback sees or changes it (docs/security.md ("Leaks")): not the person who
 * claims an ephemeral operation (even in another organization), not the registrant's organization.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../../test/helpers/service';
import { callbacksStore } from '../../store/callbacks';
import { operationsStore } from '../../store/operations';
import { json, operationBody, people, type People } from '../operations/test-helpers';

const T0 = new Date('2026-12-01T15:00:00Z');
const SECRET_URL = 'http://127.0.0.1:9/cb?client=abc&apiKey=SeCrEt-KEY-123';
let svc: TestService;
let who: People;

beforeAll(async () => {
  svc = await startTestService({ now: T0 });
  who = await people(svc);
});
afterAll(() => svc.close());

const boundary = { type: 'Polygon' as const, coordinates: [[[-122.3, 47.5], [-122.295, 47.5], [-122.295, 47.505], [-122.3, 47.505], [-122.3, 47.5]]] };

async function claimedBy(creator: string, claimer: string): Promise<string> {
  const body = { boundary, name: 'Bridge survey', maxAltitude: 150, callbackUrl: SECRET_URL, timezoneName: 'America/Los_Angeles', startTime: '2026-12-03T17:00:00Z', duration: 45 };
  const r = await svc.call('POST', '/v1/operations/ephemeral', { token: creator, body });
  expect(r.status).toBe(200);
  const id = /operations\/([^/]+)\/claim/.exec((await json<{ url: string }>(r)).url)![1]!;
  const c = await svc.call('POST', `/v1/operations/ephemeral/${id}/claim`, { token: claimer });
  expect(c.status).toBe(200);
  expect(await c.text()).not.toContain('SeCrEt');
  return id;
}

/** An outbox row as an authorization change would write it (the LAANC flow is tested elsewhere). */
async function delivery(opId: string): Promise<void> {
  const op = (await operationsStore.byId(svc.deps.db, opId))!;
  await callbacksStore.enqueue(svc.deps.db, {
    id: randomUUID(), operationId: op.id, authorizationId: randomUUID(), authStatus: 'STATUS_APPROVED', url: op.callbackUrl!, body: '{}',
    signingClientId: op.callbackClientId, signingSecret: op.callbackSecret, nextAttemptAt: T0, createdAt: T0,
  });
}

describe('a claimed ephemeral operation', () => {
  it('shows the integrator’s callbackUrl to nobody but the integrator, in any answer', async () => {
    const id = await claimedBy(who.client, who.potomac);
    await delivery(id);
    for (const path of [`/v1/operations/${id}`, '/v1/operations', '/v1/operations?limit=10', `/v1/operations/ephemeral/${id}`, `/v1/operations/${id}/callbacks`, '/v1/callbacks']) {
      const r = await svc.call('GET', path, { token: who.potomac });
      expect(r.status, path).toBe(200);
      expect(await r.text(), path).not.toMatch(/SeCrEt|127\.0\.0\.1:9/);
    }
    const cb = await json<Record<string, unknown>>(svc.call('GET', `/v1/operations/${id}/callbacks`, { token: who.potomac }));
    expect(cb).not.toHaveProperty('callbackUrl');
    expect(cb.signingKey).toBe('client');
    expect((cb.deliveries as Record<string, unknown>[])[0]).not.toHaveProperty('url');
    // The integrator still sees it on the ephemeral record it created.
    expect(await json(svc.call('GET', `/v1/operations/ephemeral/${id}`, { token: who.client }))).toMatchObject({ callbackUrl: SECRET_URL });
  });

  it('refuses the claimer’s attempt to change it with 403 naming the field; absent or null keeps it', async () => {
    const id = await claimedBy(who.client, who.potomac);
    const op = await json<Record<string, unknown>>(svc.call('GET', `/v1/operations/${id}`, { token: who.potomac }));
    const base = operationBody(boundary, new Date('2026-12-03T17:00:00Z'), 45, { name: 'Renamed' });
    for (const callbackUrl of ['http://127.0.0.1:9/mine', SECRET_URL]) {
      const r = await svc.call('PUT', `/v1/operations/${id}`, { token: who.potomac, body: { ...base, callbackUrl } });
      expect(r.status, callbackUrl).toBe(403);
      expect(await json(r)).toMatchObject({ details: [{ field: 'body.callbackUrl', rule: 'callback_owner' }] });
    }
    for (const extra of [{}, { callbackUrl: null }]) {
      const r = await svc.call('PUT', `/v1/operations/${id}`, { token: who.potomac, body: { ...base, ...extra } });
      expect(r.status).toBe(200);
      const saved = await json<Record<string, unknown>>(r);
      expect(saved.name).toBe('Renamed');
      expect(saved).not.toHaveProperty('callbackUrl');
      expect(saved).not.toHaveProperty('callbackSecret');
    }
    const stored = (await operationsStore.byId(svc.deps.db, id))!;
    expect(stored).toMatchObject({ callbackUrl: SECRET_URL, callbackOwner: svc.deps.config.apiClientId, callbackClientId: svc.deps.config.apiClientId });
    expect(op.id).toBe(id);
  });

  it('does not give the claimer the per-operation signing secret of a person’s callback', async () => {
    const id = await claimedBy(who.pilot, who.potomac);
    await delivery(id);
    const cb = await json<Record<string, unknown>>(svc.call('GET', `/v1/operations/${id}/callbacks`, { token: who.potomac }));
    expect(cb.signingKey).toBe('operation');
    expect(cb).not.toHaveProperty('signingSecret');
    expect(JSON.stringify(cb)).not.toContain('SeCrEt');
  });
});

describe('a platform operation’s callback', () => {
  it('is seen and changed by its registrant only, not by an operator of the same organization', async () => {
    const body = operationBody(boundary, new Date('2026-12-04T17:00:00Z'), 30, { callbackUrl: SECRET_URL });
    const created = await json<{ id: string; callbackUrl?: string }>(svc.call('POST', '/v1/operations', { token: who.client, body }));
    expect(created.callbackUrl).toBe(SECRET_URL);
    expect(await json(svc.call('GET', `/v1/operations/${created.id}`, { token: who.client }))).toMatchObject({ callbackUrl: SECRET_URL });
    const seen = await svc.call('GET', `/v1/operations/${created.id}`, { token: who.operator });
    expect(seen.status).toBe(200);
    expect(await seen.text()).not.toContain('SeCrEt');
    expect((await svc.call('PUT', `/v1/operations/${created.id}`, { token: who.operator, body: { ...body, callbackUrl: 'http://127.0.0.1:9/x' } })).status).toBe(403);
    // The registrant changes and removes it; then anyone who may edit may set a new one (and owns it).
    const moved = await json<{ callbackUrl?: string }>(svc.call('PUT', `/v1/operations/${created.id}`, { token: who.client, body: { ...body, callbackUrl: 'http://127.0.0.1:9/moved' } }));
    expect(moved.callbackUrl).toBe('http://127.0.0.1:9/moved');
    expect((await svc.call('PUT', `/v1/operations/${created.id}`, { token: who.client, body: { ...body, callbackUrl: null } })).status).toBe(200);
    const mine = await json<{ callbackUrl?: string; callbackSecret?: string }>(svc.call('PUT', `/v1/operations/${created.id}`, { token: who.operator, body: { ...body, callbackUrl: 'http://127.0.0.1:9/op' } }));
    expect(mine.callbackUrl).toBe('http://127.0.0.1:9/op');
    expect(mine.callbackSecret).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(await json(svc.call('GET', `/v1/operations/${created.id}`, { token: who.client }))).not.toHaveProperty('callbackUrl');
  });
});
