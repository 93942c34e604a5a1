/** OAuth scopes (spec section 5, domain.md "Scopes seen", endpoints.md). `hazar:read` is spelled as the interface spells it. */
export const SCOPES = [
  'briefing:area:read',
  'briefing:location:read',
  'advisory:read',
  'aviation:read',
  'surface:create',
  'hazar:read',
  'hazard:read',
  'route:create',
  'operation:create',
  'operation:read',
  'operation:update',
  'operation:delete',
  'laanc:create',
  'laanc:read',
  'laanc:update',
  'laanc:delete',
] as const;

export type Scope = (typeof SCOPES)[number];

export function isScope(s: string): s is Scope {
  return (SCOPES as readonly string[]).includes(s);
}
