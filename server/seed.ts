/**
 * Sandbox seed: the API client from API_CLIENT_ID / API_CLIENT_SECRET with every scope, and demo people
 * in two organizations plus a sandbox FAA. Idempotent: a second start finds them.
 */
import { DEMO_ACCOUNTS } from './contract/demo-accounts';
import { SCOPES } from './contract/scopes';
import type { Config } from './config';
import type { Db } from './store/db';
import { identity } from './store/identity';

export { DEMO_ACCOUNTS, type DemoAccount } from './contract/demo-accounts';

export const SANDBOX_CLIENT_ORG = 'Cascade Aerial';

export async function seed(db: Db, config: Config): Promise<void> {
  const clientOrg = await identity.ensureOrganization(db, SANDBOX_CLIENT_ORG);
  await identity.upsertClient(db, { id: config.apiClientId, name: 'Sandbox API client', secret: config.apiClientSecret, scopes: [...SCOPES], orgId: clientOrg });
  if (!config.seedDemo) return;
  for (const a of DEMO_ACCOUNTS) {
    const orgId = a.organization ? await identity.ensureOrganization(db, a.organization) : null;
    await identity.upsertUser(db, { email: a.email, name: a.name, password: a.password, roles: a.roles, orgId });
  }
}
