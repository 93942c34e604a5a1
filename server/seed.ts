/**
 * Sandbox seed: the API client from API_CLIENT_ID / API_CLIENT_SECRET with every scope, and demo people
 * in two organizations plus a sandbox FAA. Idempotent: a second start finds them. A warm start does not
 * run it again: a marker in the store names what was seeded, and only a different seed (other accounts,
 * scopes, client, SEED_DEMO, or SEED_VERSION) runs it again (docs/deploy.md "Start").
 */
import { DEMO_ACCOUNTS } from './contract/demo-accounts';
import { SCOPES } from './contract/scopes';
import type { Config } from './config';
import type { Db } from './store/db';
import { identity, sha256, verifySecret } from './store/identity';

export { DEMO_ACCOUNTS, type DemoAccount } from './contract/demo-accounts';

export const SANDBOX_CLIENT_ORG = 'Cascade Aerial';
const CLIENT_NAME = 'Sandbox API client';
/** Bump when the seed's code changes what it writes in a way its inputs (seedMarker) do not show. */
export const SEED_VERSION = 1;
const MARKER_KEY = 'seed_marker';

/**
 * What a seed wrote, as a hash. The client's secret is not in it (the store keeps secrets as scrypt
 * hashes only, and a fast hash would be a cheap way to test guesses): it is verified on each start.
 */
export function seedMarker(config: Config): string {
  const demo = config.seedDemo ? DEMO_ACCOUNTS.map((a) => [a.email, a.name, a.roles, a.organization ?? null]) : null;
  return sha256(JSON.stringify({ v: SEED_VERSION, org: SANDBOX_CLIENT_ORG, client: [config.apiClientId, CLIENT_NAME, SCOPES], demo }));
}

export async function seed(db: Db, config: Config): Promise<void> {
  const marker = seedMarker(config);
  const stored = await db.query<{ value: string }>('SELECT value FROM settings WHERE key = $1', [MARKER_KEY]);
  if (stored[0]?.value === marker) {
    const client = await identity.clientById(db, config.apiClientId);
    if (client && (await verifySecret(config.apiClientSecret, client.secret_hash))) return;
  }
  const clientOrg = await identity.ensureOrganization(db, SANDBOX_CLIENT_ORG);
  await identity.upsertClient(db, { id: config.apiClientId, name: CLIENT_NAME, secret: config.apiClientSecret, scopes: [...SCOPES], orgId: clientOrg });
  if (config.seedDemo) {
    for (const a of DEMO_ACCOUNTS) {
      const orgId = a.organization ? await identity.ensureOrganization(db, a.organization) : null;
      await identity.upsertUser(db, { email: a.email, name: a.name, password: a.password, roles: a.roles, orgId });
    }
  }
  await db.query('INSERT INTO settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value', [MARKER_KEY, marker]);
}
