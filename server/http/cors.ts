/**
 * CORS: `Access-Control-Allow-Origin: *` on the bearer-token API only, so a portal or an integration
 * served from another origin can call it with a token. Never on the routes of the portal's cookie
 * session: a person's own routes (access 'person': me, person token, claim, sandbox FAA) and the routes
 * that set or end the cookie (sign-in, sign-out). Those answer no preflight, so a browser on another
 * origin cannot call them at all. X-CSRF-Token is not an allowed header: no cross-origin call can pass
 * the CSRF check of a cookie request either.
 */
import type { MiddlewareHandler } from 'hono';
import type { RouteSpec } from './route';
import { isComplete, setOnResponse } from './security-headers';

const ALLOW_HEADERS = 'Authorization, Content-Type';
export const EXPOSE_HEADERS = [
  'Deprecation',
  'Sunset',
  'Link',
  'X-Dataset-Version',
  'Retry-After',
  'RateLimit-Limit',
  'RateLimit-Remaining',
  'RateLimit-Reset',
  'RateLimit-Policy',
].join(', ');
const MAX_AGE = '600';

/** What every answer of a cross-origin route carries (the middleware below; cached tiles, tiles.fast-path.ts). */
export const CORS_ANSWER_HEADERS: ReadonlyArray<readonly [string, string]> = [
  ['Access-Control-Allow-Origin', '*'],
  ['Access-Control-Expose-Headers', EXPOSE_HEADERS],
];

/** Routes tied to the portal's cookie session: same-origin only. */
export function isSessionRoute(r: RouteSpec): boolean {
  return r.access === 'person' || r.sessionCookie === true;
}

const escape = (s: string) => s.replace(/[.*+?^$()|[\]\\]/g, '\\$&');

/** method → whether a path may be called cross-origin, from the route table (exact paths by map lookup). */
export function crossOriginRoutes(routes: RouteSpec[]): (method: string, path: string) => boolean {
  const exact = new Set<string>();
  const patterns: Array<{ method: string; re: RegExp }> = [];
  for (const r of routes) {
    if (isSessionRoute(r)) continue;
    const method = r.method.toUpperCase();
    if (!r.path.includes('{')) exact.add(`${method} ${r.path}`);
    else patterns.push({ method, re: new RegExp(`^${r.path.split(/\{[A-Za-z0-9_]+\}/).map(escape).join('[^/]+')}$`) });
  }
  return (method, path) => {
    const m = method === 'HEAD' ? 'GET' : method;
    return exact.has(`${m} ${path}`) || patterns.some((p) => p.method === m && p.re.test(path));
  };
}

export function cors(routes: RouteSpec[]): MiddlewareHandler {
  const allowed = crossOriginRoutes(routes);
  return async (c, next) => {
    // Only a preflight's headers are read: on every other request this costs nothing.
    const wanted = c.req.method === 'OPTIONS' ? c.req.header('access-control-request-method') : undefined;
    if (wanted) {
      if (!allowed(wanted.toUpperCase(), c.req.path)) return next();
      return c.body(null, 204, {
        'Access-Control-Allow-Origin': '*',
        'Access-Control-Allow-Methods': wanted.toUpperCase(),
        'Access-Control-Allow-Headers': ALLOW_HEADERS,
        'Access-Control-Max-Age': MAX_AGE,
      });
    }
    await next();
    if (!isComplete(c.res) && allowed(c.req.method, c.req.path)) {
      setOnResponse(c, CORS_ANSWER_HEADERS);
    }
  };
}
