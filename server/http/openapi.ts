/**
 * The OpenAPI 3.1 document, generated from the route table and its zod schemas (zod's own JSON Schema
 * output, which is the dialect of OpenAPI 3.1). Schemas given an id with .meta({ id }) become components.
 */
import { z } from 'zod';
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

export function buildOpenApi(routes: RouteSpec[], info: { serverUrl: string; version: string }): Json {
  const components: Json = {};
  const paths: Record<string, Json> = {};
  for (const r of routes) {
    if (r.hidden) continue;
    const responses: Json = {};
    for (const [status, res] of Object.entries(r.responses)) {
      const content = res.contentType
        ? { [res.contentType]: { schema: { type: 'string', format: 'binary' } } }
        : res.schema
          ? { 'application/json': { schema: toSchema(res.schema, 'output', components) } }
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
      security: r.access === 'public' ? [] : [{ bearer: typeof r.access === 'string' && r.access !== 'person' ? [r.access] : r.access === 'person' ? [] : [...r.access] }, { session: [] }],
    };
    if (r.body) {
      const schema = toSchema(r.body, 'input', components);
      const content: Json = {};
      for (const t of r.bodyTypes ?? ['json']) content[t === 'json' ? 'application/json' : 'application/x-www-form-urlencoded'] = { schema };
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
        bearer: { type: 'oauth2', flows: { clientCredentials: { tokenUrl: '/v1/oauth/token', scopes: {} } } },
        session: { type: 'apiKey', in: 'cookie', name: 'sp_session' },
      },
    },
  };
}
