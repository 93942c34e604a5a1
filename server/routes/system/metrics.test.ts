/**
 * GET /metrics (prom-client; docs/live-data.md "Metrics"): the dataset version, TFRs in force, callbacks
 * pending, each live source's age, last result and freshness, and request latency per route pattern
 * (never the raw path), counted where the server answers; behind METRICS_TOKEN when it is set, refused in
 * production without it, open in the sandbox.
 */
import { serve } from '@hono/node-server';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../../test/helpers/service';
import { kbfiDataset } from '../../domain/laanc/test-fixture';
import { createServerWith } from '../../listener';

const T0 = new Date('2026-12-01T15:00:00Z');
const feed = { listUrl: 'http://127.0.0.1:9/tfrapi/exportTfrList', detailUrl: 'http://127.0.0.1:9/download/detail_{id}.xml', pollSeconds: 300, staleSeconds: 900 };

describe('GET /metrics', () => {
  let svc: TestService;
  beforeAll(async () => {
    svc = await startTestService({ dataset: kbfiDataset(T0), now: T0, config: { tfrFeed: feed } });
  });
  afterAll(() => svc.close());

  it('reports the dataset version, TFRs in force, callbacks pending and the live sources (sandbox: open)', async () => {
    const r = await svc.call('GET', '/metrics');
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await r.text();
    expect(text).toContain(`skyplan_dataset_info{version="${svc.deps.datasets.current().version}"} 1`);
    // The fixture's TFR is in effect from T0+2h: none in force at T0.
    expect(text).toMatch(/^skyplan_tfrs_in_force 0$/m);
    expect(text).toMatch(/^skyplan_callbacks_pending 0$/m);
    // The feed was never read: not fresh, no age.
    expect(text).toMatch(/^skyplan_live_source_fresh\{source="faa:tfr-feed"\} 0$/m);
    expect(text).not.toMatch(/^skyplan_live_source_age_seconds\{/m);
    svc.setNow(new Date(T0.getTime() + 2.5 * 3_600_000));
    expect(await (await svc.call('GET', '/metrics')).text()).toMatch(/^skyplan_tfrs_in_force 1$/m);
    svc.setNow(T0);
  });

  it('counts request latency per route pattern, not per raw path, where the server answers', async () => {
    const server = await new Promise<Server>((resolve) => {
      const s = serve({ fetch: svc.app.fetch, port: 0, hostname: '127.0.0.1', createServer: createServerWith(() => null) }, () => resolve(s as Server));
    });
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      for (const id of ['a', 'b', 'c']) await (await fetch(`${base}/v1/operations/00000000-0000-4000-8000-00000000000${id}`)).text();
      await (await fetch(`${base}/no/such/path`)).text();
      const text = await (await fetch(`${base}/metrics`)).text();
      expect(text).toMatch(/^skyplan_http_request_duration_seconds_count\{route="\/v1\/operations\/\{id\}",method="GET",status="4xx"\} 3$/m);
      expect(text).toMatch(/route="unmatched",method="GET",status="4xx"/);
      expect(text).not.toContain('00000000-0000-4000-8000');
    } finally {
      await new Promise((r) => server.close(r));
    }
  });
});

describe('GET /metrics behind METRICS_TOKEN', () => {
  it('asks for the bearer token when METRICS_TOKEN is set', async () => {
    const svc = await startTestService({ config: { metricsToken: 'scrape-me' } });
    try {
      expect((await svc.call('GET', '/metrics')).status).toBe(401);
      expect((await svc.call('GET', '/metrics', { token: 'wrong' })).status).toBe(401);
      expect((await svc.call('GET', '/metrics', { token: 'scrape-me' })).status).toBe(200);
    } finally {
      await svc.close();
    }
  });

  it('is refused in production without METRICS_TOKEN', async () => {
    const svc = await startTestService({ config: { profile: 'production' } });
    try {
      const r = await svc.call('GET', '/metrics');
      expect(r.status).toBe(403);
      expect(((await r.json()) as { message: string }).message).toMatch(/METRICS_TOKEN/);
    } finally {
      await svc.close();
    }
  });
});
