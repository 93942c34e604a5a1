/**
 * Browser defences on every response (docs/security.md). They are written into the finished response's
 * own headers: Hono's c.header() on a finished response copies the whole Response, and the node adapter
 * then streams the copy instead of writing its buffer (issue 13).
 */
import type { Context, MiddlewareHandler } from 'hono';
import type { Config } from '../config';

/**
 * The portal: scripts and styles from its own files only (no 'unsafe-inline'). MapLibre runs its workers
 * from blob: URLs and draws images from data: and blob: URLs. Besides the service itself, the portal may
 * reach exactly the configured map hosts (the street map's style and tiles, the aerial imagery, a
 * BASEMAP_STYLE_URL) and the origins of PORTAL_CONNECT_ORIGINS (another deployment or map style a person
 * picks in Settings): docs/portal.md, "Maps under the airspace".
 */
export function portalCsp(config: Pick<Config, 'onlineMaps' | 'basemapStyleUrl' | 'portalConnectOrigins'>): string {
  const hosts = mapOrigins(config);
  const extra = [...new Set([...hosts, ...config.portalConnectOrigins])];
  const list = (base: string) => [base, ...extra].join(' ');
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    list("img-src 'self' data: blob:"),
    "font-src 'self' data:",
    list("connect-src 'self'"),
    "worker-src 'self' blob:",
    "child-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** The origins the configured maps load from, each once. */
export function mapOrigins(config: Pick<Config, 'onlineMaps' | 'basemapStyleUrl'>): string[] {
  const urls = [config.onlineMaps.streets?.styleUrl, config.onlineMaps.aerial?.tilesUrl.replace(/\{[xyz]\}/g, '0'), config.basemapStyleUrl ?? undefined];
  return [...new Set(urls.filter((u): u is string => !!u).map((u) => new URL(u).origin))];
}

/**
 * The /docs page (Swagger UI): scripts and styles from the service's own files only; data: images
 * (Swagger UI's icons in its stylesheet); "Try it" calls and the token request go to the service only.
 */
export const DOCS_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

/** JSON, tiles, glyphs: nothing to run, nothing to frame. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";

/** Geolocation for the portal's own "Locate me"; the rest of the powerful features for nobody. */
export const PERMISSIONS_POLICY = 'geolocation=(self), camera=(), microphone=(), payment=(), usb=()';

/** One year; no includeSubDomains, since the service may share its domain with hosts it does not know. */
export const HSTS = 'max-age=31536000';

function cspFor(portal: string, path: string, contentType: string | null): string {
  // A worker takes the CSP of its own script's response: MapLibre's tile worker must be able to fetch.
  if (contentType && /javascript/.test(contentType)) return portal;
  if (!contentType?.startsWith('text/html')) return API_CSP;
  return path === '/docs' ? DOCS_CSP : portal;
}

/** Sets headers on the finished response; falls back to c.header() if its headers are immutable. */
export function setOnResponse(c: Context, headers: Iterable<readonly [string, string]>): void {
  const h = c.res.headers;
  for (const [k, v] of headers) {
    try {
      h.set(k, v);
    } catch {
      c.header(k, v);
    }
  }
}

/**
 * The defences an answer gets, given its path and its own headers (a CSP or X-Frame-Options it set is
 * kept). One function for the middleware below and for the answers written before the app (cached
 * tiles, server/routes/tiles/tiles.fast-path.ts).
 */
export function defenceHeaders(config: Config): (path: string, own: { has(name: string): boolean; get(name: string): string | null }) => Array<[string, string]> {
  const always: Array<[string, string]> = [
    ['X-Content-Type-Options', 'nosniff'],
    ['Referrer-Policy', 'same-origin'],
    ['Permissions-Policy', PERMISSIONS_POLICY],
  ];
  if (config.publicUrl.startsWith('https://')) always.push(['Strict-Transport-Security', HSTS]);
  const portal = portalCsp(config);
  return (path, own) => {
    const out = [...always];
    if (!own.has('x-frame-options')) out.push(['X-Frame-Options', 'DENY']);
    if (!own.has('content-security-policy')) out.push(['Content-Security-Policy', cspFor(portal, path, own.get('content-type'))]);
    return out;
  };
}

/**
 * Answers built with every header already in place (a route's answer: server/app.ts `answerOf`): the
 * middleware leaves them as they are, instead of turning their plain headers into a web Headers object
 * and setting each again (issue 13: "headers are set once").
 */
const complete = new WeakSet<Response>();

export function markComplete(res: Response): Response {
  complete.add(res);
  return res;
}

export function isComplete(res: Response): boolean {
  return complete.has(res);
}

export function securityHeaders(config: Config): MiddlewareHandler {
  const defences = defenceHeaders(config);
  return async (c, next) => {
    await next();
    if (!isComplete(c.res)) setOnResponse(c, defences(c.req.path, c.res.headers));
  };
}
