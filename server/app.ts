/**
 * createApp(): the whole service as a Hono app, with no port opened (tests call app.request()).
 * Order per request: security headers and CORS (written on the way out) → auth (none on public routes)
 * → the caller's API rate limit → scope → params/query/body free of NUL and validated by the contract →
 * handler → (tests only) the response checked against the contract.
 */
import { Hono, type Context } from 'hono';
import type { AppDeps } from './deps';
import { authenticate } from './http/authenticate';
import { requestBodyLimit } from './http/body-limit';
import { CORS_ANSWER_HEADERS, cors, crossOriginRoutes } from './http/cors';
import { ApiError, errorBody, isStoreUnavailable, storeUnavailable } from './http/errors';
import { callerKey, type Principal } from './http/principal';
import { rateLimitsFor } from './http/rate-limit';
import { honoPath, type RouteSpec } from './http/route';
import { authorize } from './http/authorize';
import { hasHeader, headerValue, plainJsonHeaders } from './http/json-head';
import { defenceHeaders, markComplete, securityHeaders } from './http/security-headers';
import { answerText, measuredJson } from './http/response-size';
import { checkFormFields, checkJsonShape } from './http/body-shape';
import { parseOrThrow, rejectNul } from './http/validate';
import { allRoutes } from './routes';
import { servePortal } from './http/static';
import { checkGeometryField, checkPositionCount } from './http/geometry-fields';
import { documentedResponses } from './http/standard-responses';
import { allowedMethods } from './http/allowed-methods';
import { chooseCoding, compressedBody, compressedStream, varyOn } from './http/compression';
import { markRoute } from './http/metrics';
import type { IncomingMessage } from 'node:http';

export interface AppOptions {
  routes?: RouteSpec[];
  /**
   * Check every response against its contract (a mismatch is a 500). The test helpers turn it on; a
   * running service does not pay for it on every request.
   */
  checkResponses?: boolean;
}

export function createApp(deps: AppDeps, options: AppOptions = {}): Hono {
  const app = new Hono();
  const routes = options.routes ?? allRoutes(deps.config.profile);
  const strictResponses = options.checkResponses ?? false;

  app.onError((err, c) => {
    for (const [k, v] of Object.entries(limitsOf.get(c) ?? {})) c.header(k, v);
    if (err instanceof ApiError) {
      for (const [k, v] of Object.entries(err.headers ?? {})) c.header(k, v);
      return c.json({ ...errorBody(err.status, err.message, err.details), ...err.fields }, err.status as 400);
    }
    if (isStoreUnavailable(err)) {
      deps.log.warn('store unavailable', { path: c.req.path, method: c.req.method, error: String(err instanceof Error ? err.message : err) });
      const e = storeUnavailable();
      for (const [k, v] of Object.entries(e.headers ?? {})) c.header(k, v);
      return c.json(errorBody(e.status, e.message), 503);
    }
    deps.log.error('unhandled error', { path: c.req.path, method: c.req.method, error: String(err instanceof Error ? err.stack : err) });
    return c.json(errorBody(500, 'Unexpected error; it has been logged'), 500);
  });

  const answerOf = answerWriter(deps.config, routes);
  app.use('*', securityHeaders(deps.config));
  // Bearer-token calls may come from a portal served elsewhere (a CDN); the cookie session's routes may not.
  app.use('*', cors(routes));

  app.use(
    '*',
    requestBodyLimit(deps.config.maxBodyBytes, () => {
      throw new ApiError(413, `The request body is larger than ${deps.config.maxBodyBytes} bytes`);
    }),
  );

  for (const r of routes) mount(app, r, deps, strictResponses, answerOf);

  if (deps.config.portalDir) servePortal(app, deps.config.portalDir);

  // A known path with another method: 405 with Allow; anything else the portal does not serve: a JSON 404.
  const allowed = allowedMethods(routes);
  app.notFound((c) => {
    const methods = allowed(c.req.path);
    // OPTIONS is CORS's preflight (server/http/cors.ts): a route it does not answer stays a 404.
    if (methods.length && c.req.method !== 'OPTIONS' && !methods.includes(c.req.method)) {
      c.header('Allow', methods.join(', '));
      return c.json(errorBody(405, `${c.req.method} is not allowed on ${c.req.path}; it answers ${methods.join(', ')}`), 405);
    }
    return c.json(errorBody(404, `No such endpoint: ${c.req.method} ${c.req.path}`), 404);
  });
  return app;
}

function mount(app: Hono, r: RouteSpec, deps: AppDeps, strictResponses: boolean, answerOf: AnswerOf): void {
  app.on(r.method.toUpperCase(), honoPath(r.path), async (c) => {
    try {
      return await handle(c);
    } catch (e) {
      throw r.mapError && e instanceof ApiError ? r.mapError(e) : e;
    }
  });
  async function handle(c: Context) {
    // The latency histogram's label: the route's pattern, never the raw path (server/http/metrics.ts).
    markRoute((c.env as { incoming?: IncomingMessage } | undefined)?.incoming, r.path);
    // Public routes do not look at credentials: a stale token sent along to a tile or to the token
    // endpoint itself is no reason to refuse it.
    const principal = r.access === 'public' ? null : await authenticate(c, deps);
    const limitHeaders = principal ? await limitCaller(c, deps, principal) : null;
    authorize(r, principal);
    r.precheck?.(deps);
    const invalid = r.invalidStatus ?? 422;
    const params = r.params ? parseOrThrow(r.params, checked(c.req.param(), 'path', invalid), 'path', invalid) : {};
    const query = r.query ? parseOrThrow(r.query, checked(c.req.query(), 'query', invalid), 'query', invalid) : {};
    const raw = r.body ? checked(await readBody(c, r), 'body', invalid) : undefined;
    // Positions are counted before the schema: validating a huge coordinate list is itself costly.
    for (const field of r.geometryFields ?? []) checkPositionCount(raw, field, invalid);
    const body = r.body ? parseOrThrow(r.body, raw, 'body', invalid) : undefined;
    for (const field of r.geometryFields ?? []) checkGeometryField(r, body, field, invalid);
    const out = await r.handler({ params, query, body, principal, deps, c });
    if (out instanceof Response) {
      for (const [k, v] of Object.entries(limitHeaders ?? {})) out.headers.set(k, v);
      return compressedResponse(c, out);
    }
    const status = out.status ?? 200;
    const text = answerText(out.body);
    const json = text === undefined ? measuredJson(out.body) : undefined;
    // An answer that is only its text is checked as the text says (outside production only).
    if (strictResponses) checkResponse(r, status, text === undefined ? out.body : JSON.parse(typeof text === 'string' ? text : Buffer.from(text).toString('utf8')), deps);
    // The measured text is what is sent: an answer changed after it was measured would go out stale.
    if (strictResponses && json !== undefined && json !== JSON.stringify(out.body)) {
      throw new Error(`${r.operationId}: the answer changed after limitResponseSize measured it; the measured text would be sent`);
    }
    // A route that sets a cookie wrote it on the context: its answer goes out through the context.
    if (r.sessionCookie) {
      for (const [k, v] of Object.entries({ ...limitHeaders, ...out.headers })) c.header(k, v);
      if (status === 204) return c.body(null, 204);
      return c.json(out.body as object, status as 200);
    }
    const sent = status === 204 ? null : (text ?? json ?? JSON.stringify(out.body));
    return answerOf(c, status, sent, out.headers, limitHeaders);
  }
}

/**
 * The answer with every header written once, as a plain object the node adapter writes as it is: its
 * own, the browser defences it did not set itself, CORS where the route is cross-origin, and the
 * caller's rate limits (marked complete, so the middleware adds nothing; issue 13, "headers are set once").
 */
type AnswerOf = (c: Context, status: number, body: string | Uint8Array | null, own: Record<string, string> | undefined, limits: Record<string, string> | null) => Response;

function answerWriter(config: AppDeps['config'], routes: RouteSpec[]): AnswerOf {
  const defences = defenceHeaders(config);
  const plainHead = plainJsonHeaders(config, routes);
  const crossOrigin = crossOriginRoutes(routes);
  const decisive = new Set(['content-type', 'content-security-policy', 'x-frame-options']);
  return (c, status, body, own, limits) => {
    let plain = body !== null;
    for (const k in own) if (decisive.has(k.toLowerCase())) plain = false;
    if (plain) {
      const headers = plainHead(c.req.method, c.req.path, own, limits);
      return markComplete(new Response(compressedFor(c, body!, headers) as BodyInit, { status, headers }));
    }
    const cross = crossOrigin(c.req.method, c.req.path);
    const headers: Record<string, string> = { ...own };
    if (body !== null && !hasHeader(headers, 'content-type')) headers['Content-Type'] = 'application/json';
    const view = { has: (n: string) => hasHeader(headers, n), get: (n: string) => headerValue(headers, n) };
    for (const [k, v] of defences(c.req.path, view)) headers[k] = v;
    if (cross) for (const [k, v] of CORS_ANSWER_HEADERS) headers[k] = v;
    if (limits) Object.assign(headers, limits);
    const sent = body !== null && /json/i.test(headerValue(headers, 'content-type') ?? '') ? compressedFor(c, body, headers) : body;
    return markComplete(new Response(sent as BodyInit | null, { status, headers }));
  };
}

/**
 * A JSON answer's body as the request accepts it: br or gzip over 1 KB (server/http/compression.ts),
 * with Content-Encoding and Vary written into `headers`; else the body as it is.
 */
function compressedFor(c: Context, body: string | Uint8Array, headers: Record<string, string>): string | Uint8Array {
  if (hasHeader(headers, 'content-encoding')) return body;
  const coding = chooseCoding(c.req.header('accept-encoding'));
  const packed = coding ? compressedBody(body, coding) : null;
  if (!packed) return body;
  headers['Content-Encoding'] = coding!;
  const vary = Object.keys(headers).find((k) => k.toLowerCase() === 'vary');
  headers[vary ?? 'Vary'] = varyOn(vary ? headers[vary] : null);
  return packed;
}

/** A handler's own JSON Response (the streamed operation list) compressed as it streams, when asked. */
function compressedResponse(c: Context, out: Response): Response {
  if (!out.body || out.headers.has('content-encoding') || !/json/i.test(out.headers.get('content-type') ?? '')) return out;
  const coding = chooseCoding(c.req.header('accept-encoding'));
  if (!coding) return out;
  const headers = new Headers(out.headers);
  headers.set('Content-Encoding', coding);
  headers.set('Vary', varyOn(headers.get('vary')));
  headers.delete('content-length');
  return new Response(compressedStream(out.body, coding), { status: out.status, headers });
}

function checked<T>(value: T, where: string, invalid: 400 | 422): T {
  rejectNul(value, where, invalid);
  return value;
}

/** The rate-limit headers of a request, for a refusal thrown after they were counted (app.onError). */
const limitsOf = new WeakMap<Context, Record<string, string>>();

/** The whole-API limit per caller (refusals count too); its RateLimit-* headers go on the answer, whatever it is. */
async function limitCaller(c: Context, deps: AppDeps, p: Principal): Promise<Record<string, string> | null> {
  const headers = await rateLimitsFor(deps).apiRequest(callerKey(p));
  if (headers) limitsOf.set(c, headers);
  return headers;
}

async function readBody(c: Context, r: RouteSpec): Promise<unknown> {
  const type = (c.req.header('content-type') ?? '').toLowerCase();
  const accepts = r.bodyTypes ?? ['json'];
  if (accepts.includes('form') && type.startsWith('application/x-www-form-urlencoded')) {
    const text = await c.req.text();
    checkFormFields(text);
    return Object.fromEntries(new URLSearchParams(text));
  }
  if (accepts.includes('json') && ((type === '' && !r.requireContentType) || type.startsWith('application/json'))) {
    const text = await c.req.text();
    if (text.trim() === '') {
      if (r.bodyOptional) return {};
      throw new ApiError(400, 'The request body is empty; a JSON object is expected');
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new ApiError(400, 'The request body is not valid JSON');
    }
    checkJsonShape(parsed);
    return parsed;
  }
  throw new ApiError(415, `Content-Type must be ${accepts.map((a) => (a === 'json' ? 'application/json' : 'application/x-www-form-urlencoded')).join(' or ')}`);
}

function checkResponse(r: RouteSpec, status: number, body: unknown, deps: AppDeps): void {
  const listed = documentedResponses(r);
  const schema = listed[status]?.schema;
  if (!schema) {
    if (!listed[status]) throw new Error(`${r.operationId} answered ${status}, which its contract does not list`);
    return;
  }
  const res = schema.safeParse(body);
  if (!res.success) {
    deps.log.error('response breaks the contract', { operationId: r.operationId, issues: res.error.issues.slice(0, 5) });
    throw new Error(`${r.operationId}: response breaks the contract: ${JSON.stringify(res.error.issues.slice(0, 3))}`);
  }
}
