import { ErrorSchema } from '../../contract/common';
import { MembersSchema, type Members } from '../../contract/organization';
import type { AppDeps } from '../../deps';
import type { Principal } from '../../http/principal';
import { route } from '../../http/route';
import { identity } from '../../store/identity';

const err = (description: string) => ({ description, schema: ErrorSchema });

/** Names only (no emails): what a list of operations needs to say who flies. */
async function members(deps: AppDeps, p: Principal): Promise<Members> {
  if (p.orgId) {
    const rows = await identity.usersOfOrganization(deps.db, p.orgId);
    return {
      organization: { id: p.orgId, name: (await identity.organizationName(deps.db, p.orgId)) ?? '' },
      members: rows.map((u) => ({ id: u.id, name: u.name, roles: u.roles })),
    };
  }
  const me = p.kind === 'user' ? await identity.userById(deps.db, p.id) : null;
  return { organization: null, members: me ? [{ id: me.id, name: me.name, roles: me.roles }] : [] };
}

export const organizationRoutes = [
  route({
    method: 'get',
    path: '/v1/organization/members',
    operationId: 'listOrganizationMembers',
    summary: "The caller's organization and the names of its people",
    tags: ['Account'],
    access: 'operation:read',
    responses: { 200: { description: 'Members', schema: MembersSchema }, 401: err('No caller'), 403: err('Scope missing') },
    handler: async ({ deps, principal }) => ({ body: await members(deps, principal!) }),
  }),
];
