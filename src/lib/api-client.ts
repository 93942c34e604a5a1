/**
 * The one way the portal talks to the service.
 * - This deployment (default): same origin, the session cookie, and for state-changing requests
 *   the X-CSRF-Token header copied from the readable sp_csrf cookie (double submit).
 * - Another deployment (settings): its base URL, a bearer token from POST /v1/oauth/token with the
 *   client id and secret, held in this module's memory only and asked for again before it expires.
 * Answers are parsed with their contract schema, so a service that drifts fails loudly: always in
 * development and tests, and always for another deployment. The production portal takes this
 * deployment's own answers as they are (one build, one contract, checked by the service's contract
 * tests), so zod and the schemas are chunks loaded only for another deployment
 * (docs/portal-delivery.md). A caller passes its schema as a loader: `schemaFrom(() => import(...), 'XSchema')`.
 */
import type { z } from 'zod';
import type { ErrorBody } from '../../server/contract/common';
import { ApiError } from './api-error';
import { readCookie } from './cookies';
import { getClientSecret, getSettings, type RemoteConnection } from './settings';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  method?: Method;
  body?: unknown;
  signal?: AbortSignal | undefined;
}

const SAFE: ReadonlySet<Method> = new Set(['GET']);
// Ask for a new token this long before the old one expires, so a request never carries a dead one.
const TOKEN_MARGIN_MS = 30_000;

let token: { value: string; expiresAt: number; for: string } | null = null;

/** Forget the in-memory token (settings changed, or the service refused it). */
export function forgetToken(): void {
  token = null;
}

function trimSlash(s: string): string {
  return s.replace(/\/+$/, '');
}

/** Absolute URL of a service path, e.g. for MapLibre, which needs absolute style URLs. */
export function apiUrl(path: string): string {
  const remote = getSettings().remote;
  if (remote) return trimSlash(remote.baseUrl) + path;
  const origin = typeof window === 'undefined' ? 'http://localhost' : window.location.origin;
  return origin + path;
}

async function readError(res: Response): Promise<ApiError> {
  let body: unknown = null;
  try {
    body = await res.json();
  } catch {
    // Not JSON (a proxy's HTML page, an empty body): fall back to the status line.
  }
  if (isErrorBody(body)) return new ApiError(res.status, body.message, 'http', body.details);
  return new ApiError(res.status, `The service answered ${res.status}${res.statusText ? ` ${res.statusText}` : ''}.`);
}

/** The contract's error body (ErrorSchema), checked by hand: every error, from any deployment, goes through here. */
function isErrorBody(body: unknown): body is ErrorBody {
  if (typeof body !== 'object' || body === null) return false;
  const b = body as Record<string, unknown>;
  return typeof b.message === 'string' && typeof b.statusCode === 'number' && Number.isInteger(b.statusCode);
}

async function send(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (e) {
    if (e instanceof DOMException && e.name === 'AbortError') throw e;
    throw new ApiError(0, 'The service could not be reached. Check your connection and try again.', 'network');
  }
}

async function bearer(remote: RemoteConnection, signal?: AbortSignal): Promise<string> {
  const key = `${remote.baseUrl}|${remote.clientId}`;
  if (token && token.for === key && token.expiresAt - TOKEN_MARGIN_MS > Date.now()) return token.value;
  const secret = getClientSecret();
  if (!secret) throw new ApiError(401, 'Enter the client secret for the other deployment in Settings.');
  const res = await send(trimSlash(remote.baseUrl) + '/v1/oauth/token', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ grant_type: 'client_credentials', client_id: remote.clientId, client_secret: secret }),
    signal: signal ?? null,
  });
  if (!res.ok) throw await readError(res);
  // Another deployment of the interface may answer with the legacy envelope only.
  const { LegacyTokenResponseSchema } = await import('../../server/contract/auth');
  const parsed = parseWith(LegacyTokenResponseSchema, await res.json(), '/v1/oauth/token');
  token = { value: parsed.data.accessToken, expiresAt: Date.parse(parsed.data.expires), for: key };
  return token.value;
}

function parseWith<S extends z.ZodType>(schema: S, value: unknown, path: string): z.infer<S> {
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  const first = r.error.issues[0];
  const where = first ? ` (${first.path.join('.') || 'body'}: ${first.message})` : '';
  throw new ApiError(200, `The service's reply to ${path} did not match the contract${where}.`, 'contract', r.error.issues);
}

async function raw(path: string, opts: RequestOptions, retried = false): Promise<Response> {
  const method = opts.method ?? 'GET';
  const remote = getSettings().remote;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (opts.body !== undefined) headers['Content-Type'] = 'application/json';
  if (remote) {
    headers.Authorization = `Bearer ${await bearer(remote, opts.signal)}`;
  } else if (!SAFE.has(method)) {
    const csrf = readCookie('sp_csrf');
    if (csrf) headers['X-CSRF-Token'] = csrf;
  }
  const res = await send(apiUrl(path), {
    method,
    headers,
    body: opts.body === undefined ? null : JSON.stringify(opts.body),
    credentials: remote ? 'omit' : 'same-origin',
    signal: opts.signal ?? null,
  });
  // A token can be revoked or the service restarted with a new key: ask once more.
  if (res.status === 401 && remote && !retried) {
    forgetToken();
    return raw(path, opts, true);
  }
  if (!res.ok) throw await readError(res);
  return res;
}

/** Loads a contract schema, e.g. `schemaFrom(() => import('…/server/contract/x'), 'XSchema')`. */
export type SchemaLoader<S extends z.ZodType> = () => Promise<S>;

/** The names of a module's exports that are schemas. */
type SchemaNames<M> = { [K in keyof M]: M[K] extends z.ZodType ? K : never }[keyof M];

/**
 * The loader of the schema `name` of a contract module, the name checked against the module's exports.
 * The caller writes the `import()` itself so the bundler sees it: the contract stays a chunk of its own.
 */
export function schemaFrom<M, K extends SchemaNames<M>>(load: () => Promise<M>, name: K): SchemaLoader<Extract<M[K], z.ZodType>> {
  return () => load().then((m) => m[name] as Extract<M[K], z.ZodType>);
}

/** Whether answers are parsed with their schema (see the top of this file). */
function checksAnswers(): boolean {
  return !import.meta.env.PROD || getSettings().remote !== null;
}

/** A request whose reply is parsed with the schema `schema` loads (see checksAnswers). */
export async function request<S extends z.ZodType>(path: string, schema: SchemaLoader<S>, opts: RequestOptions = {}): Promise<z.infer<S>> {
  const check = checksAnswers();
  // Loaded beside the request, not after it.
  const loading = check ? schema() : null;
  // A failed request is the error to report; a schema that failed to load is reported when awaited.
  loading?.catch(() => undefined);
  const res = await raw(path, opts);
  let body: unknown;
  try {
    body = await res.json();
  } catch {
    throw new ApiError(res.status, `The service's reply to ${path} was not JSON.`, 'contract');
  }
  if (!loading) return body as z.infer<S>;
  return parseWith(await loading, body, path);
}

/** A request whose reply has no body we need (204, sign-out). */
export async function requestVoid(path: string, opts: RequestOptions = {}): Promise<void> {
  await raw(path, opts);
}
