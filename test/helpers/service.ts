/**
 * An in-process service for tests: a fresh in-memory embedded store (or PostgreSQL when
 * TEST_DATABASE_URL is set), a given dataset, and helpers to get tokens and sign in.
 */
import { freshSchemaUrl } from './schema';
import type { Hono } from 'hono';
import { createApp } from '../../server/app';
import { bootstrap, emptyDataset } from '../../server/bootstrap';
import { testConfig, type ConfigOverrides } from '../../server/config';
import type { DatasetFile } from '../../server/data/model';
import { silentLogger, type AppDeps } from '../../server/deps';
import { openPglite } from '../../server/store/pglite';
import { openPostgres } from '../../server/store/postgres';
import type { Db } from '../../server/store/db';

export interface TestService {
  app: Hono;
  deps: AppDeps;
  /** app.request with JSON helpers. */
  call(method: string, path: string, opts?: { body?: unknown; token?: string; headers?: Record<string, string>; raw?: string }): Promise<Response>;
  clientToken(scope?: string): Promise<string>;
  /** A bearer token of a demo person by email. */
  personToken(email: string, password: string): Promise<string>;
  setNow(d: Date): void;
  close(): Promise<void>;
}

/** A fresh schema per test service on PostgreSQL, so tests do not see each other's rows. */
async function freshDb(): Promise<Db> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return openPglite(':memory:');
  return openPostgres(await freshSchemaUrl(url, 't'));
}

export async function startTestService(opts: { dataset?: DatasetFile; config?: ConfigOverrides; now?: Date } = {}): Promise<TestService> {
  let now = opts.now ?? new Date();
  const config = testConfig(opts.config);
  const db = await freshDb();
  const deps = await bootstrap(config, { db, dataset: opts.dataset ?? emptyDataset(), now: () => now, log: silentLogger });
  // Every response of every service test is checked against its contract.
  const app = createApp(deps, { checkResponses: true });
  const call: TestService['call'] = (method, path, o = {}) => {
    const headers: Record<string, string> = { ...(o.headers ?? {}) };
    if (o.token) headers.authorization = `Bearer ${o.token}`;
    let body: string | undefined = o.raw;
    if (o.body !== undefined) {
      body = JSON.stringify(o.body);
      headers['content-type'] ??= 'application/json';
    }
    return Promise.resolve(app.request(path, { method, headers, body }));
  };
  return {
    app,
    deps,
    call,
    async clientToken(scope) {
      const r = await call('POST', '/v1/oauth/token', {
        body: { grant_type: 'client_credentials', client_id: config.apiClientId, client_secret: config.apiClientSecret, ...(scope ? { scope } : {}) },
      });
      if (r.status !== 200) throw new Error(`token: ${r.status} ${await r.text()}`);
      return ((await r.json()) as { data: { accessToken: string } }).data.accessToken;
    },
    async personToken(email, password) {
      const r = await call('POST', '/v1/auth/sign-in', { body: { email, password } });
      if (r.status !== 200) throw new Error(`sign-in: ${r.status} ${await r.text()}`);
      const cookie = (r.headers.get('set-cookie') ?? '').split(/,(?=\s*sp_)/).map((c) => c.split(';')[0]!.trim()).join('; ');
      const { csrfToken } = (await r.json()) as { csrfToken: string };
      const t = await call('POST', '/v1/auth/token', { headers: { cookie, 'x-csrf-token': csrfToken } });
      if (t.status !== 200) throw new Error(`person token: ${t.status} ${await t.text()}`);
      return ((await t.json()) as { data: { accessToken: string } }).data.accessToken;
    },
    setNow(d) {
      now = d;
    },
    close: () => db.close(),
  };
}
