import type { User } from '../../contract/auth';
import { scopesForRoles } from '../../http/principal';
import type { UserRow } from '../../store/identity';

/** A stored person as the contract shows them. */
export function toUser(u: UserRow): User {
  return {
    id: u.id,
    email: u.email,
    name: u.name,
    roles: u.roles,
    organization: u.org_id ? { id: u.org_id, name: u.org_name ?? '' } : null,
    scopes: scopesForRoles(u.roles),
  };
}
