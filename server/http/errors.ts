/**
 * Errors in the legacy envelope {statusCode, message, details?} (domain.md: errors use the same
 * envelope as results). Thrown anywhere in a handler, turned into a response by the app.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly details?: unknown,
    readonly headers?: Record<string, string>,
    /** Extra top-level fields of the error body (the token endpoint's RFC 6749 `error`). */
    readonly fields?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, details?: unknown) => new ApiError(400, message, details);
/** RFC 6750's realm of every Bearer challenge. */
const REALM = 'realm="skyplan"';
/** A quoted-string value of a challenge parameter: the characters RFC 6750 3 allows, quotes and backslashes escaped. */
const quoted = (s: string) => `"${s.replace(/[^\x20-\x21\x23-\x5b\x5d-\x7e]/g, ' ')}"`;

/**
 * 401. Without credentials the challenge is a bare `Bearer realm` (RFC 6750 3.1: no error code when the
 * request had no authentication); with a token that failed, `error="invalid_token"` and why.
 */
export const unauthorized = (message = 'A valid bearer token or a signed-in session is required', tokenSent = false) =>
  new ApiError(401, message, undefined, {
    'WWW-Authenticate': tokenSent ? `Bearer ${REALM}, error="invalid_token", error_description=${quoted(message)}` : `Bearer ${REALM}`,
  });
export const forbidden = (message: string) => new ApiError(403, message);
/** 403 for a token without the scope an operation needs: RFC 6750 3.1's insufficient_scope, naming the scopes. */
export const insufficientScope = (message: string, scopes: readonly string[]) =>
  new ApiError(403, message, undefined, { 'WWW-Authenticate': `Bearer ${REALM}, error="insufficient_scope", scope=${quoted(scopes.join(' '))}` });
export const notFound = (message = 'Record not found') => new ApiError(404, message);
export const conflict = (message: string, details?: unknown) => new ApiError(409, message, details);
export const gone = (message: string) => new ApiError(410, message);
export const unprocessable = (message: string, details?: unknown) => new ApiError(422, message, details);
export const timeout = (message: string) => new ApiError(408, message);

export interface ErrorBody {
  statusCode: number;
  message: string;
  details?: unknown;
}

export function errorBody(status: number, message: string, details?: unknown): ErrorBody {
  return details === undefined ? { statusCode: status, message } : { statusCode: status, message, details };
}

/**
 * SQLSTATEs that say the store, not the request, failed and the same request may pass shortly: a lost or
 * refused connection (class 08), PostgreSQL shutting down or starting (57P01-57P03), too many connections
 * (53300), and a serialization failure or deadlock between instances (40001, 40P01).
 */
const RETRYABLE_SQLSTATE = /^(08...|57P0[123]|53300|40001|40P01)$/;
/** The driver's own words for a connection that broke or could not be had (node-postgres, pg-pool). */
const LOST_CONNECTION = /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed)/;
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE']);

/**
 * Whether an unexpected error is the store being unavailable: answered 503 with Retry-After (retry
 * shortly; a balancer's /readyz check takes an instance without its store out) instead of 500.
 */
export function isStoreUnavailable(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string' && (RETRYABLE_SQLSTATE.test(code) || SOCKET_CODES.has(code))) return true;
  return LOST_CONNECTION.test(err.message);
}

export const storeUnavailable = () =>
  new ApiError(503, 'The store is unavailable for a moment; retry shortly', undefined, { 'Retry-After': '1' });
