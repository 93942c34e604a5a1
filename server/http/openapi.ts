/**
 * The OpenAPI 3.1 document, generated from the route table and its zod schemas (zod's own JSON Schema
 * output, which is the dialect of OpenAPI 3.1). Schemas given an id with .meta({ id }) become components.
 */
import { z } from 'zod';
import { SCOPES } from '../contract/scopes';
import { parameterExample, relativeDates, requestExample, responseExample, successResponse } from './openapi-examples';
import type { RouteSpec } from './route';
import { documentedResponses, VALIDATION_STATUSES } from './standard-responses';

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
  return Object.entries(props).map(([name, s]) => {
    const example = where === 'path' || required.has(name) ? parameterExample(s, name) : undefined;
    return {
      name,
      in: where,
      required: where === 'path' ? true : required.has(name),
      ...(typeof s.description === 'string' ? { description: s.description } : {}),
      schema: s,
      ...(example !== undefined ? { example } : {}),
    };
  });
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

/** Who may call, in words: the start of every operation's description. */
function accessText(r: RouteSpec): string {
  if (r.access === 'public') return 'Public: no credentials needed.';
  if (r.access === 'person') return 'For a signed-in person (cookie session, or the bearer token from /v1/auth/token); an API client is refused with 403.';
  const scopes = typeof r.access === 'string' ? [r.access] : [...r.access];
  return `Needs the scope ${scopes.join(' or ')} (a person's session or token carries every scope their roles allow).`;
}

/** Every operation is described: its own text where it has one, its summary otherwise, then who may call it. */
function describe(r: RouteSpec): string {
  const own = r.description ?? `${r.summary}.`;
  return `${own}\n\n${accessText(r)}`;
}

/** One line per tag, in the order the operations first use them (the interactive reference groups by these). */
const TAG_DESCRIPTIONS: Record<string, string> = {
  Authorization: 'OAuth 2.0 client credentials (RFC 6749), sign-in and sessions; metadata at /.well-known/oauth-authorization-server (RFC 8414)',
  Account: "The signed-in person's account and pilot profile",
  Briefing: 'Preflight briefings of a point or an area: status, authorization type, notices',
  Advisories: 'Advisories over a geometry or a box',
  Check: 'Legacy checks (spec 4.x)',
  Aviation: 'Airports, airspace and facility-map data',
  'Vector tiles': 'Styles, TileJSON, vector tiles, glyphs and sprites',
  Risk: 'Ground risk from population density',
  Surface: 'Airspace surfaces over H3 cells',
  Places: 'Offline place search',
  Elevation: 'Ground elevation (DEM or the sandbox model)',
  'Ephemeral operations': 'Operations made by an integration and handed to a person by a claim link',
  'Platform operations': 'Operations: create, list, change, delete',
  Callbacks: 'Signed callbacks and their deliveries',
  LAANC: 'LAANC candidates, submissions and authorization lifecycle',
  Positions: 'Live positions and conformance',
  Subscribers: 'Data-change subscribers',
  'Sandbox FAA': 'The sandbox FAA: approve, deny, rescind, publish TFRs (sandbox profile only)',
};

function tagList(routes: RouteSpec[]): Json[] {
  const names = [...new Set(routes.filter((r) => !r.hidden).flatMap((r) => r.tags))];
  return names.map((name) => ({ name, description: TAG_DESCRIPTIONS[name] ?? name }));
}

export function buildOpenApi(routes: RouteSpec[], info: { serverUrl: string; version: string; now?: Date }): Json {
  const now = info.now ?? new Date();
  const components: Json = {};
  const paths: Record<string, Json> = {};
  // Request bodies first: a schema used both ways keeps its input form (fields with a default are
  // optional to send), so a generated client does not demand them.
  for (const r of routes) if (!r.hidden && r.body) toSchema(r.body, 'input', components);
  for (const r of routes) {
    if (r.hidden) continue;
    const responses: Json = {};
    const ok = successResponse(r);
    for (const [status, res] of Object.entries(documentedResponses(r))) {
      const example = ok?.status === status ? { example: relativeDates(responseExample(r), now) } : {};
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
      description: describe(r),
      tags: r.tags,
      ...(r.deprecated ? { deprecated: true } : {}),
      parameters: [...parameters(r.params, 'path', components), ...parameters(r.query, 'query', components)],
      responses,
      'x-access': r.access,
      security: security(r),
    };
    if (r.body) {
      const schema = toSchema(r.body, 'input', components);
      const example = relativeDates(requestExample(r), now);
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
      description:
        'Briefings, advisories, aviation data, surface and ground risk, operations, LAANC, ephemeral operations, callbacks and styled vector tiles.\n\n' +
        `Validation statuses: ${VALIDATION_STATUSES}\n\n` +
        'Every error has the body {statusCode, message, details?}; the token endpoint adds RFC 6749 `error` and `error_description`. ' +
        'A known path with another method answers 405 with Allow; an unknown path answers a JSON 404. ' +
        'JSON answers over 1 KB are compressed (gzip or br) when Accept-Encoding asks for it.',
    },
    servers: [{ url: info.serverUrl }],
    tags: tagList(routes),
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
