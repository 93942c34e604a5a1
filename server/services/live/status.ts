/** The live sources in /v1/status (docs/live-data.md): the store's record of each read, and the freshness the engine is told. */
import type { Status } from '../../contract/system';
import type { AppDeps } from '../../deps';
import { liveStore, type LiveSourceRow } from '../../store/live';
import { TFR_FEED_SOURCE_ID } from './tfr-feed';
import { CHARTS_SOURCE_ID } from './charts';

const NAMES: Record<string, string> = {
  [TFR_FEED_SOURCE_ID]: 'FAA temporary flight restrictions (tfr.faa.gov list and details)',
  [CHARTS_SOURCE_ID]: 'FAA charts: facility maps, class and special-use airspace (ArcGIS sync)',
};

export async function liveSourcesStatus(deps: AppDeps, storeOk: boolean): Promise<NonNullable<Status['liveSources']>> {
  const now = deps.now();
  let rows: LiveSourceRow[] = [];
  if (storeOk) rows = await liveStore.sources(deps.db).catch(() => []);
  const ids = new Set([...(deps.config.tfrFeed ? [TFR_FEED_SOURCE_ID] : []), ...(deps.config.chartSync ? [CHARTS_SOURCE_ID] : []), ...rows.map((r) => r.id)]);
  const ds = deps.datasets.current();
  return [...ids].sort().map((id) => {
    const r = rows.find((x) => x.id === id);
    const live = ds.sources.find((s) => s.id === id)?.live;
    const unknown = live?.unknownCount ?? live?.unknown?.length ?? 0;
    // Not yet laid over (the first sync has not run): not fresh, since nothing says it is.
    const fresh = !!live && !live.staleSince && unknown === 0;
    return {
      id,
      name: NAMES[id] ?? id,
      fresh,
      ...(live?.staleSince ? { staleSince: live.staleSince } : {}),
      ...(unknown ? { unknownTfrs: unknown } : {}),
      ...(r?.lastSuccess ? { lastSuccess: r.lastSuccess.toISOString(), ageSeconds: Math.max(0, Math.round((now.getTime() - r.lastSuccess.getTime()) / 1000)) } : {}),
      ...(r?.lastAttempt ? { lastAttempt: r.lastAttempt.toISOString() } : {}),
      ...(r?.nextRun ? { nextRun: r.nextRun.toISOString() } : {}),
      ...(r?.lastResult ? { lastResult: r.lastResult } : {}),
      ...(r?.lastError ? { lastError: r.lastError } : {}),
    };
  });
}
