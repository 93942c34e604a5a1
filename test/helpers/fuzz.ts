/**
 * Property-based fuzzing of the whole API, driven by the service's /openapi.json: every documented
 * operation gets path parameters, query and body generated from its schemas (valid and hostile), sent
 * as a client with every scope, a client with none, a person, and nobody. A request fails the property
 * when the answer is a 5xx, takes longer than a bound (a hang), or leaks: a stack trace, database error
 * text, or a callback address / signing secret registered by someone else. Used by test/fuzz.test.ts
 * (bounded) and scripts/fuzz.ts (long runs with --runs/--seed). Decisions: docs/security.md ("Leaks").
 */
import fc from 'fast-check';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { TestService } from './service';
import { HOSTILE_STRINGS, SchemaArbitraries, type OpenApiDoc, type OpenApiOperation } from './fuzz-schema';

export interface Identity {
  name: string;
  token: string | null;
}

export interface FuzzContext {
  svc: TestService;
  doc: OpenApiDoc;
  identities: Identity[];
  /** Ids of records that exist, so generated requests reach handlers and the store. */
  ids: string[];
  /** Texts only `owner` may ever receive (a callback URL's credential, a per-operation secret). */
  secrets: string[];
  owner: Identity;
}

export interface FuzzRequest {
  operation: string;
  identity: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export interface Finding {
  kind: '5xx' | 'hang' | 'stack trace' | 'database text' | 'secret of another client' | 'undocumented status' | 'breaks its schema';
  request: FuzzRequest;
  status: number | null;
  body: string;
}

/** A request answering slower than this counts as a hang. */
export const HANG_MS = 20_000;

const STACK = /\n\s+at\s|\bat\s\S+\s\(\S+:\d+:\d+\)|node_modules\/|\/server\/\S+\.ts\b/;
const DATABASE = /syntax error at or near|relation "[^"]*" does not exist|column "[^"]*" (does not exist|of relation)|invalid input syntax for type|violates (not-null|foreign key|unique|check) constraint|duplicate key value|current transaction is aborted|\bSQLSTATE\b/i;

const MARK = 'FuzzKey-7f3c9a1e';

/** Identities and a few records, among them a callback with credentials that only its owner may see. */
export async function prepareFuzz(svc: TestService): Promise<FuzzContext> {
  const doc = (await (await svc.call('GET', '/openapi.json')).json()) as OpenApiDoc;
  const all = await svc.clientToken();
  const claims = JSON.parse(Buffer.from(all.split('.')[1]!, 'base64url').toString()) as { sub: string; name: string; org: string | null };
  const none = (await svc.deps.tokens.issue({ sub: claims.sub, kind: 'client', name: claims.name, scopes: [], roles: [], org: claims.org })).token;
  const owner = await svc.personToken('pilot@cascade.example', 'demo-pilot');
  const operator = await svc.personToken('operator@cascade.example', 'demo-operator');
  const square = { type: 'Polygon', coordinates: [[[-122.31, 47.53], [-122.3, 47.53], [-122.3, 47.54], [-122.31, 47.54], [-122.31, 47.53]]] };
  const start = new Date(svc.deps.now().getTime() + 86_400_000);
  const op = await svc.call('POST', '/v1/operations', {
    token: owner,
    body: {
      name: 'fuzz seed', boundary: square, minAltitude: 0, maxAltitude: 200, startTime: start.toISOString(), endTime: new Date(start.getTime() + 3_600_000).toISOString(),
      timezone: 'America/Los_Angeles', altitudeUnit: 'ALTITUDE_UNIT_FEET', altitudeReference: 'ALTITUDE_REFERENCE_AGL', flightType: 'FLIGHT_TYPE_COMMERCIAL',
      authorizationProviders: ['APPROVAL_PROVIDER_LAANC'], callbackUrl: `http://127.0.0.1:9/cb?apiKey=${MARK}-op`,
    },
  });
  if (op.status !== 201) throw new Error(`fuzz seed operation: ${op.status} ${await op.text()}`);
  const saved = (await op.json()) as { id: string; callbackSecret: string };
  const eph = await svc.call('POST', '/v1/operations/ephemeral', {
    token: owner,
    body: { boundary: square, name: 'fuzz seed', maxAltitude: 100, timezoneName: 'America/Los_Angeles', startTime: start.toISOString(), duration: 30, callbackUrl: `http://127.0.0.1:9/e?token=${MARK}-eph` },
  });
  if (eph.status !== 200) throw new Error(`fuzz seed ephemeral: ${eph.status} ${await eph.text()}`);
  const ephId = /operations\/([^/]+)\/claim/.exec(((await eph.json()) as { url: string }).url)![1]!;
  const ownerIdentity = { name: 'owner', token: owner };
  return {
    svc,
    doc,
    identities: [{ name: 'client, every scope', token: all }, { name: 'client, no scope', token: none }, { name: 'operator', token: operator }, { name: 'nobody', token: null }, ownerIdentity],
    ids: [saved.id, ephId],
    secrets: [MARK, saved.callbackSecret],
    owner: ownerIdentity,
  };
}

const RAW_BODIES = ['', 'null', '[]', '"x"', '{', '{"a":', '{"a":1}}', '1e999', '-0', '\u0000', '{"name":"\u0000"}', '\ufeff{}', '['.repeat(5000) + ']'.repeat(5000), `{"a":"${'\\ud800'}"}`];

function operations(doc: OpenApiDoc): Array<{ method: string; path: string; op: OpenApiOperation }> {
  return Object.entries(doc.paths).flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ method: method.toUpperCase(), path, op })));
}

/** A value as a URL part; a lone surrogate (which encodeURIComponent refuses) becomes invalid UTF-8 bytes. */
function encodePart(v: unknown): string {
  const text = typeof v === 'string' ? v : (JSON.stringify(v) ?? '');
  try {
    return encodeURIComponent(text);
  } catch {
    return encodeURIComponent(text.replace(/[\ud800-\udfff]/g, '')) + '%ED%A0%80';
  }
}

/** Per documented operation, its requests: path parameters, query, body and caller. */
export function requestArbitraries(ctx: FuzzContext): Array<{ operation: string; arbitrary: fc.Arbitrary<FuzzRequest> }> {
  const schemas = new SchemaArbitraries(ctx.doc);
  const idLike = fc.oneof({ arbitrary: fc.constantFrom(...ctx.ids), weight: 4 }, { arbitrary: fc.uuid(), weight: 1 }, { arbitrary: fc.constantFrom(...HOSTILE_STRINGS), weight: 1 });
  return operations(ctx.doc).map(({ method, path, op }) => {
    const params = op.parameters ?? [];
    const pathParams = params.filter((p) => p.in === 'path');
    const query = params.filter((p) => p.in === 'query');
    const pathArb = fc.tuple(...pathParams.map((p) => (/id$/i.test(p.name) ? idLike : schemas.mixed(p.schema))));
    const queryArb = fc.tuple(
      ...query.map((p) => fc.option(schemas.mixed(p.schema), { nil: undefined, freq: 2 }).map((v) => (v === undefined ? null : `${encodeURIComponent(p.name)}=${encodePart(v)}`))),
      fc.option(fc.constantFrom('unknown=1', 'limit=-1', 'limit=1e999', 'offset=%00', 'q=%00'), { nil: null, freq: 6 }),
    );
    const content = op.requestBody?.content ?? {};
    const jsonSchema = content['application/json']?.schema;
    const formSchema = content['application/x-www-form-urlencoded']?.schema;
    const bodyArb: fc.Arbitrary<{ body?: string; type?: string }> = fc.oneof(
      { arbitrary: jsonSchema ? schemas.mixed(jsonSchema).map((v) => ({ body: JSON.stringify(v) ?? 'null', type: 'application/json' })) : fc.constant({}), weight: 10 },
      { arbitrary: formSchema ? schemas.mixed(formSchema).map((v) => ({ body: new URLSearchParams(Object.entries((v as Record<string, unknown>) ?? {}).map(([k, x]) => [k, String(x)])).toString(), type: 'application/x-www-form-urlencoded' })) : fc.constant({}), weight: formSchema ? 3 : 0 },
      { arbitrary: fc.record({ body: fc.constantFrom(...RAW_BODIES), type: fc.constantFrom('application/json', 'text/plain', 'application/json; charset=latin1', '') }), weight: 2 },
    );
    const arbitrary = fc.record({ identity: fc.constantFrom(...ctx.identities), pathValues: pathArb, queryParts: queryArb, body: bodyArb }).map(({ identity, pathValues, queryParts, body }) => {
      let i = 0;
      const filled = path.replace(/\{[^}]+\}/g, () => encodePart(pathValues[i++]));
      const qs = queryParts.filter((x): x is string => x !== null).join('&');
      const headers: Record<string, string> = {};
      if (identity.token) headers.authorization = `Bearer ${identity.token}`;
      if (body.type) headers['content-type'] = body.type;
      return { operation: `${method} ${path}`, identity: identity.name, method, path: filled + (qs ? `?${qs}` : ''), headers, ...(body.body !== undefined && method !== 'GET' ? { body: body.body } : {}) };
    });
    return { operation: `${method} ${path}`, arbitrary };
  });
}

async function send(ctx: FuzzContext, r: FuzzRequest): Promise<{ status: number; text: string; type: string | null } | 'hang'> {
  let timer: NodeJS.Timeout | undefined;
  const hang = new Promise<'hang'>((resolve) => {
    timer = setTimeout(() => resolve('hang'), HANG_MS);
  });
  const answer = (async () => {
    const res = await ctx.svc.app.request(r.path, { method: r.method, headers: r.headers, ...(r.body !== undefined ? { body: r.body } : {}) });
    return { status: res.status, text: await res.text(), type: res.headers.get('content-type') };
  })();
  try {
    return await Promise.race([answer, hang]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Conformance to the document, as Schemathesis checks it: the status is one the operation lists (or
 * its `default`), and a JSON answer validates against the schema documented for that status.
 */
export function conformance(ctx: FuzzContext, r: FuzzRequest, status: number, text: string, contentType: string | null): Finding['kind'][] {
  const [method, path] = [r.operation.slice(0, r.operation.indexOf(' ')), r.operation.slice(r.operation.indexOf(' ') + 1)];
  const op = ctx.doc.paths[path]?.[method.toLowerCase()] as (OpenApiOperation & { responses?: Record<string, DocResponse> }) | undefined;
  if (!op?.responses) return [];
  const documented = op.responses[String(status)] ?? op.responses[`${String(status)[0]}XX`] ?? op.responses.default;
  if (!documented) return ['undocumented status'];
  const schema = documented.content?.['application/json']?.schema;
  if (!schema || !/json/i.test(contentType ?? '') || text === '') return [];
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return ['breaks its schema'];
  }
  return validatorOf(ctx.doc, `${r.operation} ${status}`, schema)(body) ? [] : ['breaks its schema'];
}

type DocResponse = { content?: Record<string, { schema?: Record<string, unknown> }> };

const validators = new WeakMap<OpenApiDoc, { ajv: Ajv2020; byKey: Map<string, ValidateFunction> }>();

/** A JSON Schema 2020-12 validator (OpenAPI 3.1's dialect) of one documented schema, with the document's components. */
function validatorOf(doc: OpenApiDoc, key: string, schema: Record<string, unknown>): ValidateFunction {
  let v = validators.get(doc);
  if (!v) {
    const ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: true });
    (addFormats as unknown as (a: Ajv2020) => void)(ajv);
    ajv.addSchema({ $id: 'skyplan:openapi', components: doc.components ?? {} });
    v = { ajv, byKey: new Map() };
    validators.set(doc, v);
  }
  let f = v.byKey.get(key);
  if (!f) {
    const rewritten = JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"skyplan:openapi#/components/')) as Record<string, unknown>;
    f = v.ajv.compile(rewritten);
    v.byKey.set(key, f);
  }
  return f;
}

/** What is wrong with one answer (nothing: an empty list). */
export function judge(ctx: FuzzContext, r: FuzzRequest, status: number, text: string, contentType: string | null = null): Finding['kind'][] {
  const found: Finding['kind'][] = [];
  if (status >= 500) found.push('5xx');
  if (STACK.test(text)) found.push('stack trace');
  if (DATABASE.test(text)) found.push('database text');
  if (r.identity !== ctx.owner.name && ctx.secrets.some((s) => text.includes(s))) found.push('secret of another client');
  found.push(...conformance(ctx, r, status, text, contentType));
  return found;
}

export interface FuzzResult {
  requests: number;
  findings: Finding[];
}

/**
 * Sends about `runs` generated requests, spread evenly over the documented operations (each gets at
 * least one), and collects findings. Seeded: the same seed sends the same requests.
 */
export async function runFuzz(ctx: FuzzContext, opts: { runs: number; seed: number; onRequest?: (r: FuzzRequest, status: number | null) => void }): Promise<FuzzResult> {
  const findings: Finding[] = [];
  let requests = 0;
  const all = requestArbitraries(ctx);
  const perOperation = Math.max(1, Math.ceil(opts.runs / all.length));
  for (const [i, { arbitrary }] of all.entries()) {
    await fc.assert(
      fc.asyncProperty(arbitrary, async (r) => {
        requests++;
        const res = await send(ctx, r);
        if (res === 'hang') {
          findings.push({ kind: 'hang', request: r, status: null, body: '' });
          opts.onRequest?.(r, null);
          return true;
        }
        for (const kind of judge(ctx, r, res.status, res.text, res.type)) findings.push({ kind, request: r, status: res.status, body: res.text.slice(0, 500) });
        opts.onRequest?.(r, res.status);
        // Findings are collected rather than thrown, so one run reports every broken operation.
        return true;
      }),
      { numRuns: perOperation, seed: opts.seed + i },
    );
  }
  return { requests, findings };
}

/** One line per (operation, kind, status), with the first request that showed it. */
export function summarize(findings: Finding[]): string[] {
  const seen = new Map<string, { f: Finding; n: number }>();
  for (const f of findings) {
    const key = `${f.request.operation} ${f.kind} ${f.status ?? ''}`;
    const cur = seen.get(key);
    if (cur) cur.n++;
    else seen.set(key, { f, n: 1 });
  }
  return [...seen.entries()].map(([key, { f, n }]) => {
    const body = f.request.body === undefined ? '' : ` body=${JSON.stringify(f.request.body.slice(0, 300))}`;
    return `${key} ×${n} as ${f.request.identity}: ${f.request.method} ${f.request.path.slice(0, 300)}${body} → ${f.body.slice(0, 300)}`;
  });
}
