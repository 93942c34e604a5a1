/**
 * Every operation of the OpenAPI document carries a request example (where it takes a body) and a
 * success response example (where it answers JSON), and each parses with the zod schema the service
 * itself validates with: an example cannot drift from the contract.
 */
import { describe, expect, it } from 'vitest';
import { buildOpenApi } from '../server/http/openapi';
import { successResponse } from '../server/http/openapi-examples';
import { allRoutes } from '../server/routes';

type Media = { example?: unknown };
type Op = { requestBody?: { content: Record<string, Media> }; responses: Record<string, { content?: Record<string, Media> }> };

const routes = allRoutes('sandbox').filter((r) => !r.hidden);
const doc = buildOpenApi(allRoutes('sandbox'), { serverUrl: 'http://localhost:8080', version: 'test' }) as { paths: Record<string, Record<string, Op>>; components: { securitySchemes: Record<string, Record<string, unknown>> } };
const opOf = (r: (typeof routes)[number]) => doc.paths[r.path]![r.method]!;

describe('examples in the OpenAPI document', () => {
  it('gives every operation with a body a request example its body schema accepts, in every media type', () => {
    const withBody = routes.filter((r) => r.body);
    expect(withBody.length).toBeGreaterThan(30);
    const failures: string[] = [];
    for (const r of withBody) {
      for (const [type, media] of Object.entries(opOf(r).requestBody!.content)) {
        if (media.example === undefined) failures.push(`${r.operationId} ${type}: no example`);
        const parsed = r.body!.safeParse(media.example);
        if (!parsed.success) failures.push(`${r.operationId} ${type}: ${parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('gives every operation with a JSON success response an example its response schema accepts', () => {
    const withJson = routes.filter((r) => successResponse(r));
    expect(withJson.length).toBeGreaterThan(50);
    const failures: string[] = [];
    for (const r of withJson) {
      const ok = successResponse(r)!;
      const example = opOf(r).responses[ok.status]!.content!['application/json']!.example;
      if (example === undefined) failures.push(`${r.operationId}: no example`);
      const parsed = ok.schema.safeParse(example);
      if (!parsed.success) failures.push(`${r.operationId}: ${parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`);
    }
    expect(failures).toEqual([]);
  });

  it('leaves no operation without a success answer it documents', () => {
    // Those without a JSON example answer 204, or tiles, glyphs and sprites (binary).
    const rest = routes.filter((r) => !successResponse(r));
    for (const r of rest) expect(Object.entries(r.responses).some(([s, res]) => s === '204' || (Number(s) < 300 && res.contentType)), r.operationId).toBe(true);
  });

  it('briefs a real place: the area examples are the Seattle-Tacoma polygon, not a degenerate one', () => {
    const brief = routes.find((r) => r.operationId === 'briefingAreaV1')!;
    const example = opOf(brief).requestBody!.content['application/json']!.example as { boundary: { coordinates: number[][][] } };
    expect(example.boundary.coordinates[0]![0]).toEqual([-122.397, 47.452]);
  });

  it('declares OAuth 2.0 client credentials at /v1/oauth/token and a plain bearer scheme', () => {
    const { oauth2, bearer } = doc.components.securitySchemes;
    expect(oauth2).toMatchObject({ type: 'oauth2', flows: { clientCredentials: { tokenUrl: '/v1/oauth/token' } } });
    expect(Object.keys((oauth2!.flows as { clientCredentials: { scopes: object } }).clientCredentials.scopes)).toContain('briefing:area:read');
    expect(bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    const brief = routes.find((r) => r.operationId === 'briefingAreaV1')!;
    expect((opOf(brief) as unknown as { security: unknown[] }).security).toContainEqual({ oauth2: ['briefing:area:read'] });
  });
});
