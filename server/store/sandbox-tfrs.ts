/**
 * TFRs the sandbox FAA publishes, kept in the store so that every instance on it (and a restarted one)
 * lays them over its dataset (server/services/laanc/sandbox.ts).
 */
import type { AirspaceFeature } from '../data/model';
import type { Sql } from './db';
import { registerMigrations } from './migrations';
import { notifyChange } from './notify';

registerMigrations([
  {
    version: 104,
    name: 'sandbox_tfrs',
    sql: `CREATE TABLE sandbox_tfrs (id text PRIMARY KEY, feature jsonb NOT NULL, created_at timestamptz NOT NULL DEFAULT now());`,
  },
]);

export const sandboxTfrStore = {
  async add(db: Sql, feature: AirspaceFeature): Promise<void> {
    await db.query('INSERT INTO sandbox_tfrs (id, feature) VALUES ($1, $2)', [feature.id, JSON.stringify(feature)]);
    // The other instances lay it over their datasets at once rather than at their next poll.
    await notifyChange(db, 'sandbox_tfr');
  },
  async all(db: Sql): Promise<AirspaceFeature[]> {
    const rows = await db.query<{ feature: AirspaceFeature | string }>('SELECT feature FROM sandbox_tfrs ORDER BY created_at, id');
    return rows.map((r) => (typeof r.feature === 'string' ? (JSON.parse(r.feature) as AirspaceFeature) : r.feature));
  },
};
