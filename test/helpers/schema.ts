/** A fresh PostgreSQL schema on the test server, so a test's rows never meet another's. */
import { openPostgres } from '../../server/store/postgres';

/** Creates a schema named `<prefix>_<time>_<random>` and returns `url` with it as the search path. */
export async function freshSchemaUrl(url: string, prefix: string): Promise<string> {
  const schema = `${prefix}_${Date.now()}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = await openPostgres(url);
  await admin.exec(`CREATE SCHEMA ${schema}`);
  await admin.close();
  const u = new URL(url);
  u.searchParams.set('options', `-c search_path=${schema}`);
  return u.toString();
}
