/**
 * The seed runs once per content: a warm start finds its marker and does not seed again (two queries and
 * one secret check); a changed seed (other settings, another client secret) runs again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from './config';
import { seed, seedMarker } from './seed';
import type { Db } from './store/db';
import { identity, verifySecret } from './store/identity';
import { migrate } from './store/migrations';
import { openPglite } from './store/pglite';
import './store/all-migrations';

let db: Db;
const statements: string[] = [];
/** The same store, recording each statement sent. */
const counting = (): Db => ({
  ...db,
  query: (text, params) => {
    statements.push(text);
    return db.query(text, params);
  },
});
const FAA = 'faa@sandbox.example';

beforeAll(async () => {
  db = await openPglite(':memory:');
  await migrate(db);
});
afterAll(() => db.close());

describe('the seed', () => {
  it('seeds once; a warm start with the same seed checks its marker and the client and stops', async () => {
    const config = testConfig();
    await seed(db, config);
    expect(await identity.userByEmail(db, FAA)).not.toBeNull();
    await db.query('DELETE FROM users WHERE email = $1', [FAA]);
    statements.length = 0;
    await seed(counting(), config);
    expect(statements).toHaveLength(2);
    // Had it run, it would have put the account back.
    expect(await identity.userByEmail(db, FAA)).toBeNull();
  });

  it('runs again when the seed differs: another client secret, or demo accounts turned on', async () => {
    const rotated = testConfig({ apiClientSecret: 'rotated-secret-0123456789' });
    expect(seedMarker(rotated)).toBe(seedMarker(testConfig())); // the secret is checked, not hashed into the marker
    await seed(db, rotated);
    const client = await identity.clientById(db, rotated.apiClientId);
    expect(await verifySecret('rotated-secret-0123456789', client!.secret_hash)).toBe(true);
    expect(await identity.userByEmail(db, FAA)).not.toBeNull();

    await db.query('DELETE FROM users WHERE email = $1', [FAA]);
    const noDemo = testConfig({ apiClientSecret: 'rotated-secret-0123456789', seedDemo: false });
    expect(seedMarker(noDemo)).not.toBe(seedMarker(rotated));
    await seed(db, noDemo);
    expect(await identity.userByEmail(db, FAA)).toBeNull();
    await seed(db, rotated);
    expect(await identity.userByEmail(db, FAA)).not.toBeNull();
  });
});
