/** The health endpoints in process: ready after bootstrap, 503 while draining or without a store, and before the app exists. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../../test/helpers/service';
import { lifecycleOf } from '../../lifecycle';
import { beforeAppResponse } from './health';

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(() => svc.close());

describe('GET /livez and /readyz', () => {
  it('answer without a token; ready once bootstrap has loaded the dataset; never cached', async () => {
    const live = await svc.call('GET', '/livez');
    expect(live.status).toBe(200);
    expect(await live.json()).toEqual({ status: 'alive' });
    const ready = await svc.call('GET', '/readyz');
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready' });
    expect(ready.headers.get('cache-control')).toBe('no-store');
  });

  it('before the app exists: live, not ready, everything else 503 with Retry-After', async () => {
    expect(beforeAppResponse(new Request('http://x/livez'), 'starting').status).toBe(200);
    const ready = beforeAppResponse(new Request('http://x/readyz'), 'starting');
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: 'starting' });
    const other = beforeAppResponse(new Request('http://x/v1/status'), 'starting');
    expect(other.status).toBe(503);
    expect(other.headers.get('retry-after')).toBe('5');
  });

  it('not ready when the store does not answer', async () => {
    const db = { ...svc.deps.db, query: () => Promise.reject(new Error('connection refused')) };
    const deps = { ...svc.deps, db };
    const app = (await import('../../app')).createApp(deps);
    const r = await app.request('/readyz');
    expect(r.status).toBe(503);
    expect(await r.json()).toEqual({ status: 'store_unavailable' });
  });

  it('draining is final: 503 and never ready again', async () => {
    const l = lifecycleOf(svc.deps);
    l.drain();
    l.markReady();
    const r = await svc.call('GET', '/readyz');
    expect(r.status).toBe(503);
    expect(await r.json()).toEqual({ status: 'draining' });
    expect((await svc.call('GET', '/livez')).status).toBe(200);
  });
});
