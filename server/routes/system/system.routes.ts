import { z } from 'zod';
import { StatusSchema } from '../../contract/system';
import { buildOpenApi } from '../../http/openapi';
import { sentAs } from '../../http/response-size';

/**
 * The document's bytes per address, profile and day (its examples' dates move with the day): built once,
 * and compressed once beside them (server/http/compression.ts), not per request (it is about 300 KB).
 */
const openApiDocs = new WeakMap<RouteSpec[], Map<string, Uint8Array>>();
function openApiBytes(routes: RouteSpec[], origin: string, profile: string, now: Date): Uint8Array {
  const key = `${origin}\n${profile}\n${now.toISOString().slice(0, 10)}`;
  let docs = openApiDocs.get(routes);
  if (!docs) openApiDocs.set(routes, (docs = new Map()));
  let bytes = docs.get(key);
  if (!bytes) {
    if (docs.size >= 8) docs.clear();
    bytes = Buffer.from(JSON.stringify(buildOpenApi(routes, { serverUrl: origin, version: profile, now })));
    docs.set(key, bytes);
  }
  return bytes;
}
import { route, type RouteSpec } from '../../http/route';
import { serviceStatus } from './system.handlers';
import { notFound } from '../../http/errors';
import { docsAsset } from './docs-assets';
import { docsPage } from './docs-page';
import { HealthSchema, LIVE, readiness } from './health';
import { registerLiveWorkers } from '../../services/live/workers';
import { scrapeFacts } from '../../services/live/metrics-facts';
import { metricsText } from '../../http/metrics';
import { forbidden, unauthorized } from '../../http/errors';
import type { Config } from '../../config';
import { createHash, timingSafeEqual } from 'node:crypto';

// The live sources (the FAA's TFR feed) follow on every instance that serves (docs/live-data.md).
registerLiveWorkers();

const noStore = { 'Cache-Control': 'no-store' };

const digest = (s: string) => createHash('sha256').update(s).digest();

/** /metrics behind METRICS_TOKEN (bearer) when set; refused in production without one; open in the sandbox otherwise. */
function checkMetricsToken(config: Config, authorization: string | undefined): void {
  if (!config.metricsToken) {
    if (config.profile === 'production') throw forbidden('Metrics are served in production only with METRICS_TOKEN set');
    return;
  }
  const m = /^Bearer\s+(\S+)$/i.exec(authorization ?? '');
  if (!m || !timingSafeEqual(digest(m[1]!), digest(config.metricsToken))) throw unauthorized('GET /metrics needs the bearer token METRICS_TOKEN');
}

export function systemRoutes(all: () => RouteSpec[]): RouteSpec[] {
  return [
    route({
      method: 'get',
      path: '/v1/status',
      operationId: 'getStatus',
      summary: 'Get status: service health, dataset version, and per source its version, effective date and age',
      tags: ['Check'],
      access: 'public',
      responses: { 200: { description: 'Status', schema: StatusSchema } },
      handler: async ({ deps }) => ({ body: await serviceStatus(deps) }),
    }),
    route({
      method: 'get',
      path: '/metrics',
      operationId: 'getMetrics',
      summary: 'Prometheus metrics: request latency per route, live sources (age, last result, freshness), TFRs in force, callbacks pending, dataset version',
      tags: ['Check'],
      access: 'public',
      hidden: true,
      responses: {
        200: { description: 'Prometheus text format', contentType: 'text/plain' },
        401: { description: 'METRICS_TOKEN is set and the bearer token is not it' },
        403: { description: 'Production without METRICS_TOKEN: metrics are not served' },
      },
      handler: async ({ deps, c }) => {
        checkMetricsToken(deps.config, c.req.header('authorization'));
        const { text, contentType } = await metricsText(await scrapeFacts(deps));
        return new Response(text, { headers: { 'Content-Type': contentType, ...noStore } });
      },
    }),
    route({
      method: 'get',
      path: '/livez',
      operationId: 'getLiveness',
      summary: 'Liveness: 200 while the process answers at all (restart the instance when it stops answering)',
      tags: ['Check'],
      access: 'public',
      responses: { 200: { description: 'The process is alive', schema: HealthSchema } },
      handler: () => ({ body: LIVE, headers: noStore }),
    }),
    route({
      method: 'get',
      path: '/readyz',
      operationId: 'getReadiness',
      summary: 'Readiness: 200 when this instance takes requests; 503 while starting (dataset not loaded), draining, or without its store',
      tags: ['Check'],
      access: 'public',
      responses: {
        200: { description: 'Ready for requests', schema: HealthSchema },
        503: { description: 'Not ready: starting, draining or store unavailable; send requests elsewhere', schema: HealthSchema },
      },
      handler: async ({ deps }) => ({ ...(await readiness(deps)), headers: noStore }),
    }),
    route({
      method: 'get',
      path: '/openapi.json',
      operationId: 'openapi',
      summary: 'This OpenAPI document',
      tags: ['Meta'],
      access: 'public',
      hidden: true,
      responses: { 200: { description: 'OpenAPI 3.1', schema: z.record(z.string(), z.unknown()) } },
      handler: ({ deps, c }) => ({ body: sentAs(openApiBytes(all(), new URL(c.req.url).origin, deps.config.profile, deps.now())) }),
    }),
    route({
      method: 'get',
      path: '/docs',
      operationId: 'docs',
      summary: 'The interactive reference (Swagger UI) of the OpenAPI document',
      tags: ['Meta'],
      access: 'public',
      hidden: true,
      responses: { 200: { description: 'HTML', contentType: 'text/html' } },
      handler: ({ c, deps }) => {
        const { profile, apiClientId, apiClientSecret } = deps.config;
        const sandboxClient = profile === 'sandbox' ? { id: apiClientId, secret: apiClientSecret } : null;
        return c.html(docsPage(buildOpenApi(all(), { serverUrl: new URL(c.req.url).origin, version: '', now: deps.now() }), { sandboxClient }));
      },
    }),
    route({
      method: 'get',
      path: '/docs/assets/{file}',
      operationId: 'docsAsset',
      summary: "The reference page's files: Swagger UI from swagger-ui-dist, its init script and styles",
      tags: ['Meta'],
      access: 'public',
      hidden: true,
      params: z.object({ file: z.string().max(100) }),
      responses: { 200: { description: 'The file', contentType: 'application/octet-stream' }, 404: { description: 'No such file' } },
      handler: ({ c, params }) => {
        const asset = docsAsset(params.file);
        if (!asset) throw notFound(`No such file: ${params.file}`);
        const gzip = /\bgzip\b/.test(c.req.header('accept-encoding') ?? '');
        const headers: Record<string, string> = { 'Content-Type': asset.type, 'Cache-Control': 'public, max-age=3600', Vary: 'Accept-Encoding' };
        if (gzip) headers['Content-Encoding'] = 'gzip';
        return new Response(new Uint8Array(gzip ? asset.gzip : asset.body), { headers });
      },
    }),
  ];
}
