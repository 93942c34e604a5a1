/** Who is calling: an API client (client credentials) or a person (pilot, operator, sandbox FAA). */
import type { Role } from '../contract/auth';
import type { Scope } from '../contract/scopes';
import { SCOPES } from '../contract/scopes';

export interface Principal {
  kind: 'client' | 'user';
  /** Client id or user id. */
  id: string;
  name: string;
  scopes: ReadonlySet<Scope>;
  roles: readonly Role[];
  orgId: string | null;
  /** How the request proved it: a bearer token, or the portal's session cookie (CSRF-checked). */
  via: 'bearer' | 'cookie';
  /** A person's session (its SHA-256): tokens issued to them are tied to it. */
  sessionHash?: string;
}

/** What a person may do follows from their roles (our choice, docs/auth.md): people plan and fly with every scope. */
export function scopesForRoles(roles: readonly Role[]): Scope[] {
  return roles.length > 0 ? [...SCOPES] : [];
}

/** The key of the caller's whole-API rate limit. */
export function callerKey(p: Principal): string {
  return `${p.kind}:${p.id}`;
}

export function hasRole(p: Principal | null, role: Role): boolean {
  return !!p && p.roles.includes(role);
}
