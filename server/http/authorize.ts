/** Whether a caller may call a route: its access (public, a person, a scope). */
import { forbidden, insufficientScope, unauthorized } from './errors';
import type { Principal } from './principal';
import type { RouteSpec } from './route';

/** Throws 401/403 unless the caller may call the route (the app; briefings given again before it). */
export function authorize(r: RouteSpec, p: Principal | null): void {
  if (r.access === 'public') return;
  if (!p) throw unauthorized();
  if (r.access === 'person') {
    if (p.kind !== 'user') throw forbidden('This operation is for a signed-in person, not an API client');
    return;
  }
  const needed = typeof r.access === 'string' ? [r.access] : r.access;
  if (!needed.some((s) => p.scopes.has(s))) {
    const message = `The token lacks the scope ${needed.join(' or ')} that this operation needs`;
    // A person's session lacks it by role, not by what a token asked for: no Bearer challenge then.
    throw p.via === 'cookie' ? forbidden(message) : insufficientScope(message, needed);
  }
}
