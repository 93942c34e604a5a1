import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { honoPath } from '../server/http/route';
import { allRoutes } from '../server/routes';
import { startTestService, type TestService } from './helpers/service';

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(() => svc.close());

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document according to an independent validator', async () => {
    const r = await svc.call('GET', '/openapi.json');
    expect(r.status).toBe(200);
    const doc = (await r.json()) as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toBe('3.1.0');
    const validator = new Validator();
    const result = await validator.validate(doc as unknown as Parameters<Validator['validate']>[0]);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('resolves every $ref to a component', async () => {
    const doc = (await (await svc.call('GET', '/openapi.json')).json()) as { components: { schemas: Record<string, unknown> } };
    const refs = [...JSON.stringify(doc).matchAll(/"\$ref":"([^"]+)"/g)].map((m) => m[1]!);
    expect(refs.length).toBeGreaterThan(0);
    const broken = refs.filter((r) => !r.startsWith('#/components/schemas/') || !(r.slice('#/components/schemas/'.length) in doc.components.schemas));
    expect(broken).toEqual([]);
  });

  it('documents every route the service mounts', async () => {
    const doc = (await (await svc.call('GET', '/openapi.json')).json()) as { paths: Record<string, Record<string, unknown>> };
    const documented = new Set(Object.entries(doc.paths).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${honoPath(p)}`)));
    const hidden = new Set(allRoutes().filter((r) => r.hidden).map((r) => `${r.method.toUpperCase()} ${honoPath(r.path)}`));
    const mounted = svc.app.routes
      .filter((r) => r.method !== 'ALL' && r.path !== '*' && !r.path.endsWith('/*'))
      .map((r) => `${r.method} ${r.path}`)
      .filter((k) => !hidden.has(k));
    expect(mounted.length).toBeGreaterThan(3);
    const missing = mounted.filter((k) => !documented.has(k));
    expect(missing).toEqual([]);
  });

  it('serves a readable page listing the operations', async () => {
    const r = await svc.call('GET', '/docs');
    expect(r.status).toBe(200);
    const html = await r.text();
    expect(html).toContain('/v1/oauth/token');
    expect(html).toContain('<h1>');
  });
});
