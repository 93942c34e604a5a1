import type { Status } from '../../contract/system';
import { effectiveDateStated, sourceKind } from '../../data/model';
import type { AppDeps } from '../../deps';

export async function serviceStatus(deps: AppDeps): Promise<Status> {
  const now = deps.now();
  const ds = deps.datasets.current();
  let storeOk = true;
  try {
    await deps.db.query('SELECT 1');
  } catch {
    storeOk = false;
  }
  return {
    status: storeOk ? 'ok' : 'degraded',
    profile: deps.config.profile,
    time: now.toISOString(),
    store: { engine: deps.db.engine, ok: storeOk },
    dataset: {
      version: ds.version,
      kind: ds.kind,
      generatedAt: ds.generatedAt,
      features: ds.features.length,
      // Every source says whether it is FAA data (with its file and effective date) or generated.
      sources: ds.sources.map((s) => ({
        ...s,
        kind: sourceKind(s, ds.kind),
        effectiveDateStated: effectiveDateStated(s, ds.kind),
        ageSeconds: Math.max(0, Math.round((now.getTime() - Date.parse(s.retrievedAt)) / 1000)),
      })),
    },
  };
}
