/**
 * The start in two stages (server/bootstrap.ts): the app answers from the dataset before the embedded
 * store opens; a request that needs the store waits for it and then answers (never 503); readiness says
 * "starting" until the store is in. The store is held open by the test, so the order is shown, not timed.
 */
import { describe, expect, it } from 'vitest';
import { createApp } from './app';
import { emptyDataset, startBoot } from './bootstrap';
import { testConfig } from './config';
import { silentLogger } from './deps';
import { openPglite } from './store/pglite';

const tick = () => new Promise((r) => setTimeout(r, 20));

describe('a start', () => {
  it('serves from the dataset first; what needs the store waits for it; ready once it is in', async () => {
    const config = testConfig();
    const events: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const boot = startBoot(config, {
      log: silentLogger,
      loadDataset: async () => {
        events.push('dataset loaded');
        return emptyDataset('v-boot');
      },
      openStore: async () => {
        events.push('store opening');
        await held;
        return openPglite(':memory:');
      },
    });
    const deps = await boot.serving;
    const app = createApp(deps, { checkResponses: true });
    while (!events.includes('store opening')) await tick();
    // The embedded store starts opening only once the dataset is in (docs/perf.md: side by side was slower).
    expect(events).toEqual(['dataset loaded', 'store opening']);

    const ready = await app.request('/readyz');
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: 'starting' });
    // The status answers now, from the dataset, and says the store is not there yet.
    const status = await app.request('/v1/status');
    expect(status.status).toBe(200);
    expect(await status.json()).toMatchObject({ status: 'degraded', store: { engine: 'pglite', ok: false }, dataset: { version: 'v-boot' } });

    // A token needs the store (the client, the shared signing secret): it waits instead of a 503.
    let settled = false;
    const token = Promise.resolve(
      app.request('/v1/oauth/token', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ grant_type: 'client_credentials', client_id: config.apiClientId, client_secret: config.apiClientSecret }),
      }),
    ).finally(() => (settled = true));
    for (let i = 0; i < 5; i++) await tick();
    expect(settled).toBe(false);
    release();
    const answered = await token;
    expect(answered.status).toBe(200);
    const accessToken = ((await answered.json()) as { data: { accessToken: string } }).data.accessToken;

    const readyDeps = await boot.ready;
    expect(readyDeps).toBe(deps);
    expect((await app.request('/readyz')).status).toBe(200);
    expect(await (await app.request('/v1/status')).json()).toMatchObject({ status: 'ok', store: { ok: true } });
    // The token issued while the store was opening is signed with the store's secret: it is accepted.
    const me = await app.request('/v1/operations?limit=1', { headers: { authorization: `Bearer ${accessToken}` } });
    expect(me.status).toBe(200);
    // The dataset is compacted in slices after it answers; its time is a phase of its own.
    await deps.datasets.current().compacted;
    await tick();
    expect(Object.keys(boot.phases).sort()).toEqual(['compact', 'dataset', 'index', 'migrations', 'seed', 'sharedSettings', 'storeOpen']);
    await deps.db.close();
  });
});
