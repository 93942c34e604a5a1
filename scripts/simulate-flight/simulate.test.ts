/** The simulated-flight script against an in-process service: it reads the operation and sends the track. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../server/config';
import { startTestService, type TestService } from '../../test/helpers/service';
import { operationBody } from '../../server/routes/operations/test-helpers';
import { simulateFlight } from './simulate';

const NOW = new Date('2026-12-01T15:30:00Z');
let svc: TestService;
beforeAll(async () => {
  svc = await startTestService({ now: NOW });
});
afterAll(() => svc.close());

describe('scripts/simulate-flight', () => {
  it('flies the track over the operation: one straying leg raises one OUTSIDE_AREA event; --straight none', async () => {
    const token = await svc.clientToken();
    const boundary = { type: 'Polygon' as const, coordinates: [[[-122.31, 47.53], [-122.3, 47.53], [-122.3, 47.54], [-122.31, 47.54], [-122.31, 47.53]]] };
    const r = await svc.call('POST', '/v1/operations', { token, body: operationBody(boundary, new Date('2026-12-01T15:00:00Z')) });
    const { id } = (await r.json()) as { id: string };
    const fetchImpl = ((input: string | URL | Request, init?: RequestInit) => Promise.resolve(svc.app.request(String(input).replace('http://svc', ''), init))) as typeof fetch;
    const cfg = testConfig();
    const opts = { baseUrl: 'http://svc/', clientId: cfg.apiClientId, clientSecret: cfg.apiClientSecret, operationId: id, fetchImpl };
    const out = await simulateFlight({ ...opts, now: NOW });
    expect(out.accepted).toBe(30);
    expect(out.conformance.map((e) => e.reason)).toEqual(['OUTSIDE_AREA']);
    const calm = await simulateFlight({ ...opts, now: new Date(NOW.getTime() - 120_000), stray: false });
    expect(calm).toMatchObject({ accepted: 30, conformance: [] });
    await expect(simulateFlight({ ...opts, operationId: '00000000-0000-4000-8000-000000000000' })).rejects.toThrow(/404/);
  });
});
