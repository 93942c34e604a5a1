/**
 * Sign-in links carry where the person was (?next=), so a claim link opened while signed out
 * comes back to the claim after signing in. Only same-site paths are followed, never another
 * origin (an open redirect would let a link send people anywhere after signing in).
 */
export function signInPath(from: { pathname: string; search: string }): string {
  if (from.pathname === '/sign-in') return '/sign-in';
  return `/sign-in?next=${encodeURIComponent(from.pathname + from.search)}`;
}

export function safeNext(next: string | null): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/plan';
  return next;
}
