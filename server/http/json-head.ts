/** The head of the app's JSON answers, written once (issue 13, "headers are set once"). */
import type { Config } from '../config';
import { CORS_ANSWER_HEADERS, crossOriginRoutes } from './cors';
import type { RouteSpec } from './route';
import { defenceHeaders } from './security-headers';

/**
 * The headers of a JSON answer whose own headers include none the defences depend on (Content-Type,
 * Content-Security-Policy, X-Frame-Options), in the order they are sent: Content-Type, its own, the
 * defences, CORS where the route is cross-origin, the caller's rate limits. The app's answers and the
 * briefings given again before it (briefing.fast-path.ts) are written from this one layout.
 */
export function plainJsonHeaders(config: Config, routes: RouteSpec[]): (method: string, path: string, own: Record<string, string> | undefined, limits: Record<string, string> | null) => Record<string, string> {
  const defences = defenceHeaders(config);
  const crossOrigin = crossOriginRoutes(routes);
  // A JSON answer that sets none of the headers the defences depend on gets the same ones whatever its path.
  const json = { 'Content-Type': 'application/json' };
  const jsonDefences = Object.fromEntries(defences('/', { has: (n) => hasHeader(json, n), get: (n) => headerValue(json, n) }));
  const cors = Object.fromEntries(CORS_ANSWER_HEADERS);
  // Assigned one by one, not spread: several spreads into one object took ~12 µs a request, this ~0.5 µs
  // (a micro-benchmark in docs/perf.md, "Briefings, tenth round"). The order and who wins are the same.
  const plainTail = Object.entries(jsonDefences);
  const crossTail = Object.entries({ ...jsonDefences, ...cors });
  return (method, path, own, limits) => {
    const h: Record<string, string> = { 'Content-Type': json['Content-Type'] };
    for (const k in own) h[k] = own[k]!;
    for (const [k, v] of crossOrigin(method, path) ? crossTail : plainTail) h[k] = v;
    for (const k in limits) h[k] = limits[k]!;
    return h;
  };
}

export function headerValue(headers: Record<string, string>, name: string): string | null {
  for (const k in headers) if (k.length === name.length && k.toLowerCase() === name) return headers[k]!;
  return null;
}

export function hasHeader(headers: Record<string, string>, name: string): boolean {
  return headerValue(headers, name) !== null;
}
