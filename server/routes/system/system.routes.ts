import { z } from 'zod';
import { StatusSchema } from '../../contract/system';
import { buildOpenApi } from '../../http/openapi';
import { route, type RouteSpec } from '../../http/route';
import { serviceStatus } from './system.handlers';
import { docsPage } from './docs-page';
import { HealthSchema, LIVE, readiness } from './health';

const noStore = { 'Cache-Control': 'no-store' };

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
      handler: ({ deps, c }) => ({ body: buildOpenApi(all(), { serverUrl: new URL(c.req.url).origin, version: deps.config.profile }) }),
    }),
    route({
      method: 'get',
      path: '/docs',
      operationId: 'docs',
      summary: 'A readable page of the OpenAPI document',
      tags: ['Meta'],
      access: 'public',
      hidden: true,
      responses: { 200: { description: 'HTML', contentType: 'text/html' } },
      handler: ({ c }) => c.html(docsPage(buildOpenApi(all(), { serverUrl: new URL(c.req.url).origin, version: '' }))),
    }),
  ];
}
