/**
 * The OAuth 2.0 parts of the token endpoint (RFC 6749): client authentication by HTTP Basic or in the
 * body, RFC 6749 5.2's error codes added to the legacy error envelope, and the 5.1 reply headers.
 */
import type { Context } from 'hono';
import type { OAuthErrorCode, TokenRequest } from '../../contract/auth';
import { ApiError } from '../../http/errors';

/** RFC 6749 5.1: a token reply must not be cached. */
export const TOKEN_REPLY_HEADERS = { 'Cache-Control': 'no-store', Pragma: 'no-cache' } as const;

/** Both the realm and the scheme name what a client should retry with (RFC 6749 5.2, invalid_client). */
const BASIC_CHALLENGE = 'Basic realm="skyplan", charset="UTF-8"';

export function oauthError(status: number, error: OAuthErrorCode, description: string, details?: unknown): ApiError {
  const headers = error === 'invalid_client' ? { 'WWW-Authenticate': BASIC_CHALLENGE } : undefined;
  return new ApiError(status, description, details, { ...headers, ...TOKEN_REPLY_HEADERS }, { error, error_description: description });
}

/**
 * Gives every error of the token route an RFC 6749 code: a malformed request is invalid_request. A
 * refusal for load (429 over a rate limit, 503 busy) is `temporarily_unavailable` (RFC 6749 4.1.2.1's
 * code for an overloaded server; 5.2 has none for the token endpoint), with its Retry-After kept, so an
 * OAuth library reports it as an OAuth error (docs/auth.md, "The token endpoint's errors").
 */
export function toOAuthError(e: ApiError): ApiError {
  if (e.fields?.error) return e;
  if (e.status === 429 || e.status === 503) {
    return new ApiError(e.status, e.message, e.details, { ...e.headers, ...TOKEN_REPLY_HEADERS }, { error: 'temporarily_unavailable', error_description: e.message });
  }
  if (e.status >= 500) return e;
  const merged = e.status === 401 ? oauthError(401, 'invalid_client', e.message, e.details) : oauthError(400, 'invalid_request', e.message, e.details);
  return new ApiError(merged.status, merged.message, merged.details, { ...e.headers, ...merged.headers }, merged.fields);
}

/** RFC 6749 2.3.1: id and secret are form-encoded, joined by a colon, then base64. */
function formDecode(s: string): string {
  return decodeURIComponent(s.replace(/\+/g, ' '));
}

/**
 * The client's credentials from HTTP Basic (client_secret_basic) or the body (client_secret_post).
 * Using both at once is invalid_request (RFC 6749 2.3: one method per request).
 */
export function clientCredentials(c: Context, body: TokenRequest): { id: string; secret: string } {
  if (body.grant_type !== 'client_credentials') throw oauthError(400, 'unsupported_grant_type', `grant_type ${body.grant_type} is not supported: client_credentials is the only grant`);
  const header = c.req.header('authorization');
  if (header !== undefined && /^basic\s/i.test(header)) {
    if (body.client_secret !== undefined) throw oauthError(400, 'invalid_request', 'Client credentials given both in the Authorization header and in the body: use one');
    let decoded: string;
    try {
      decoded = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8');
    } catch {
      decoded = '';
    }
    const colon = decoded.indexOf(':');
    let id = '';
    let secret = '';
    try {
      id = colon > 0 ? formDecode(decoded.slice(0, colon)) : '';
      secret = colon > 0 ? formDecode(decoded.slice(colon + 1)) : '';
    } catch {
      // A malformed %-escape: treated as no credentials below.
    }
    if (!id || !secret || id.length > 200 || secret.length > 500) throw oauthError(401, 'invalid_client', 'The Basic Authorization header does not hold client_id:client_secret');
    if (body.client_id !== undefined && body.client_id !== id) throw oauthError(400, 'invalid_request', 'body.client_id differs from the client of the Authorization header');
    return { id, secret };
  }
  if (!body.client_id) throw oauthError(400, 'invalid_request', 'body.client_id: required (or HTTP Basic client authentication)');
  if (!body.client_secret) throw oauthError(400, 'invalid_request', 'body.client_secret: required (or HTTP Basic client authentication)');
  return { id: body.client_id, secret: body.client_secret };
}
