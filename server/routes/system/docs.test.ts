import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gunzipSync } from 'node:zlib';
import { startTestService, type TestService } from '../../../test/helpers/service';

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(() => svc.close());

describe('/docs, the interactive reference', () => {
  it('loads Swagger UI and its init from the service itself, under a CSP without inline scripts', async () => {
    const r = await svc.call('GET', '/docs');
    expect(r.status).toBe(200);
    const csp = r.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    const html = await r.text();
    const scripts = [...html.matchAll(/<script([^>]*)>/g)].map((m) => m[1]!);
    expect(scripts).toEqual([' src="/docs/assets/swagger-ui-bundle.js"', ' src="/docs/assets/docs-init.js"']);
    expect(html).not.toMatch(/(src|href)="(https?:)?\/\//);
    expect(html).toContain('data-openapi="/openapi.json"');
  });

  it('names and prefills the sandbox API client in the sandbox', async () => {
    const html = await (await svc.call('GET', '/docs')).text();
    expect(html).toContain(`data-client-id="${svc.deps.config.apiClientId}"`);
    expect(html).toContain(`<code>${svc.deps.config.apiClientSecret}</code>`);
  });

  it('serves the files of swagger-ui-dist, gzipped when asked, and nothing else', async () => {
    const js = await svc.call('GET', '/docs/assets/swagger-ui-bundle.js', { headers: { 'accept-encoding': 'gzip, br' } });
    expect(js.status).toBe(200);
    expect(js.headers.get('content-type')).toMatch(/javascript/);
    expect(js.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await js.arrayBuffer())).toString('utf8')).toContain('SwaggerUIBundle');
    const css = await svc.call('GET', '/docs/assets/swagger-ui.css');
    expect(css.headers.get('content-type')).toMatch(/text\/css/);
    expect(await css.text()).toContain('.swagger-ui');
    const init = await (await svc.call('GET', '/docs/assets/docs-init.js')).text();
    expect(init).toContain('validatorUrl: null');
    for (const bad of ['package.json', '..%2Fpackage.json', 'index.html', 'constructor']) {
      expect((await svc.call('GET', `/docs/assets/${bad}`)).status, bad).toBe(404);
    }
  });
});

describe('/docs in production', () => {
  let prod: TestService;
  beforeAll(async () => {
    prod = await startTestService({ config: { profile: 'production', apiClientSecret: 'a-production-secret-never-shown' } });
  });
  afterAll(() => prod.close());

  it('shows no client secret', async () => {
    const html = await (await prod.call('GET', '/docs')).text();
    expect(html).not.toContain('a-production-secret-never-shown');
    expect(html).not.toContain('data-client-id');
  });
});
