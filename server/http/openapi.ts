/**
 * The OpenAPI 3.1 document, generated from the route table and its zod schemas (zod's own JSON Schema
 * output, which is the dialect of OpenAPI 3.1). Schemas given an id with .meta({ id }) become components.
 */
import { z } from 'zod';
import { SCOPES } from '../contract/scopes';
import { requestExample, responseExample, successResponse } from './openapi-examples';
import type { RouteSpec } from './route';

type Json = Record<string, unknown>;

function toSchema(schema: z.ZodType, io: 'input' | 'output', components: Json): Json {
  const js = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as Json;
  const defs = (js.$defs ?? {}) as Record<string, Json>;
  delete js.$defs;
  delete js.$schema;
  const rewrite = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(rewrite);
    if (node && typeof node === 'object') {
      const out: Json = {};
      for (const [k, v] of Object.entries(node as Json)) {
        out[k] = k === '$ref' && typeof v === 'string' ? v.replace(/^#\/\$defs\//, '#/components/schemas/') : rewrite(v);
      }
      return out;
    }
    return node;
  };
  for (const [id, def] of Object.entries(defs)) {
    const name = io === 'input' && components[id] === undefined ? id : id;
    if (components[name] === undefined) components[name] = rewrite(def);
  }
  // A schema that is itself a component comes back with its id: refer to it.
  const id = (z.globalRegistry.get(schema) as { id?: string } | undefined)?.id;
  if (id) {
    const { id: _drop, ...rest } = rewrite(js) as Json;
    if (components[id] === undefined) components[id] = rest;
    return { $ref: `#/components/schemas/${id}` };
  }
  return rewrite(js) as Json;
}

function parameters(schema: z.ZodType | undefined, where: 'path' | 'query', components: Json): Json[] {
  if (!schema) return [];
  const js = toSchema(schema, 'input', components);
  const props = (js.properties ?? {}) as Record<string, Json>;
  const required = new Set((js.required ?? []) as string[]);
  return Object.entries(props).map(([name, s]) => ({
    name,
    in: where,
    required: where === 'path' ? true : required.has(name),
    ...(typeof s.description === 'string' ? { description: s.description } : {}),
    schema: s,
  }));
}

/** Scopes for a client token; a person's token or session carries every scope, decided per record. */
function security(r: RouteSpec): Json[] {
  if (r.access === 'public') return [];
  if (r.access === 'person') return [{ bearer: [] }, { session: [] }];
  const scopes = typeof r.access === 'string' ? [r.access] : [...r.access];
  return [{ oauth2: scopes }, { bearer: [] }, { session: [] }];
}

/** Each scope with the operations that accept it, so the Authorize dialog says what a scope is for. */
function scopeDescriptions(routes: RouteSpec[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const scope of SCOPES) {
    const ops = routes.filter((r) => !r.hidden && r.access !== 'public' && r.access !== 'person' && (typeof r.access === 'string' ? r.access === scope : r.access.includes(scope)));
    out[scope] = ops.length ? ops.map((r) => r.operationId).join(', ') : 'accepted in place of a scope of the same name (hazard:read for hazar:read)';
  }
  return out;
}

export function buildOpenApi(routes: RouteSpec[], info: { serverUrl: string; version: string }): Json {
  const components: Json = {};
  const paths: Record<string, Json> = {};
  // Request bodies first: a schema used both ways keeps its input form (fields with a default are
  // optional to send), so a generated client does not demand them.
  for (const r of routes) if (!r.hidden && r.body) toSchema(r.body, 'input', components);
  for (const r of routes) {
    if (r.hidden) continue;
    const responses: Json = {};
    const ok = successResponse(r);
    for (const [status, res] of Object.entries(r.responses)) {
      const example = ok?.status === status ? { example: responseExample(r) } : {};
      const content = res.contentType
        ? { [res.contentType]: { schema: { type: 'string', format: 'binary' } } }
        : res.schema
          ? { 'application/json': { schema: toSchema(res.schema, 'output', components), ...example } }
          : undefined;
      responses[status] = content ? { description: res.description, content } : { description: res.description };
    }
    const op: Json = {
      operationId: r.operationId,
      summary: r.summary,
      ...(r.description ? { description: r.description } : {}),
      tags: r.tags,
      ...(r.deprecated ? { deprecated: true } : {}),
      parameters: [...parameters(r.params, 'path', components), ...parameters(r.query, 'query', components)],
      responses,
      'x-access': r.access,
      security: security(r),
    };
    if (r.body) {
      const schema = toSchema(r.body, 'input', components);
      const example = requestExample(r);
      const content: Json = {};
      for (const t of r.bodyTypes ?? ['json']) content[t === 'json' ? 'application/json' : 'application/x-www-form-urlencoded'] = { schema, example };
      op.requestBody = { required: !r.bodyOptional, content };
    }
    (paths[r.path] ??= {})[r.method] = op;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Airspace Briefing, Data and Operations Service',
      version: info.version,
      description: 'Briefings, advisories, aviation data, surface and ground risk, operations, LAANC, ephemeral operations, callbacks and styled vector tiles.',
    },
    servers: [{ url: info.serverUrl }],
    paths,
    components: {
      schemas: components,
      securitySchemes: {
        oauth2: {
          type: 'oauth2',
          description: 'Client credentials: POST /v1/oauth/token with client_id and client_secret (HTTP Basic or in the body).',
          flows: { clientCredentials: { tokenUrl: '/v1/oauth/token', scopes: scopeDescriptions(routes) } },
        },
        bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'A token from /v1/oauth/token (or /v1/auth/token for a signed-in person), pasted as it is.' },
        session: { type: 'apiKey', in: 'cookie', name: 'sp_session', description: "The portal's signed-in session (with X-CSRF-Token on changes)." },
      },
    },
  };
}
