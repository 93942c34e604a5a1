/**
 * The request body limit (docs/security.md), decided from the headers wherever it can be. Hono's
 * bodyLimit reads `c.req.raw.body` first, even on a GET; on the node adapter that turns its light request
 * into a full web Request with a body stream and an AbortSignal, and the body is then read through web
 * streams instead of straight from the socket: 17 % of a cached tile's CPU and 9 % of a location
 * briefing's (issue 13, docs/perf.md). Here GET and HEAD (which carry no body) and bodies with a
 * Content-Length are settled from the headers; only a body without a length (chunked) goes through Hono's
 * bodyLimit, which counts it as it streams and stops at the limit.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';

export function requestBodyLimit(maxSize: number, onError: (c: Context) => Response | Promise<Response>): MiddlewareHandler {
  const streamed = bodyLimit({ maxSize, onError });
  return async (c, next) => {
    const method = c.req.method;
    if (method === 'GET' || method === 'HEAD') return next();
    const length = c.req.header('content-length');
    if (length !== undefined && c.req.header('transfer-encoding') === undefined) {
      // As Hono's own check: a length the parser took is a decimal number (node rejects anything else).
      return Number.parseInt(length, 10) > maxSize ? onError(c) : next();
    }
    return streamed(c, next);
  };
}
