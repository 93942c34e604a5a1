/**
 * The charts on their cycle (docs/live-data.md "Charts"): the ArcGIS sync of `npm run data:sync`
 * (server/data/import/sync.ts) run by the service itself, on one instance at a time (lease
 * "job:faa-charts-sync"): daily, and within an hour after each 56-day chart cycle date. A layer that
 * fails keeps its last good data (the sync's own rule); the run is recorded (live_sources "faa:charts")
 * with its next run. The new dataset is activated as data:sync does (the store with PostgreSQL, whence
 * every instance picks it up on the NOTIFY; DATA_DIR's files otherwise) and swapped in here at once.
 *
 * Freshness: charts are past their promise two days after the cycle of their facility map ended
 * (validUntil + CHART_GRACE_DAYS), or, with the sync on, before its first good run when the dataset
 * holds no FAA facility map at all.
 */
import { FACILITY_MAP_CYCLE_DAYS, sourceKind, validUntil, type DatasetFile } from '../../data/model';
import type { Dataset } from '../../data/dataset';
import { fileRepository, storeRepository } from '../../data/dataset-store';
import type { AppDeps } from '../../deps';
import { liveStore } from '../../store/live';

export const CHARTS_SOURCE_ID = 'faa:charts';
/** Days past the facility map's cycle end before the charts are stale (the issue: "two days past their cycle"). */
export const CHART_GRACE_DAYS = 2;
const DAY_MS = 86_400_000;
/** A 56-day chart cycle's effective date (the FAA's facility map MAP_EFF 2025-10-30); the others follow every 56 days. */
export const CYCLE_ANCHOR = Date.UTC(2025, 9, 30);
/** After a cycle date the sync runs this long after it (the FAA publishes on the date; "within an hour"). */
export const AFTER_CYCLE_MS = 30 * 60_000;

/** The first 56-day cycle date strictly after `ms`. */
export function nextCycleDate(ms: number): number {
  const period = FACILITY_MAP_CYCLE_DAYS * DAY_MS;
  const k = Math.floor((ms - CYCLE_ANCHOR) / period) + 1;
  return CYCLE_ANCHOR + k * period;
}

/** When the next sync is due after one at `lastMs`: a day later, or half an hour after the next cycle date if that comes first. */
export function nextChartRun(lastMs: number): Date {
  return new Date(Math.min(lastMs + DAY_MS, nextCycleDate(lastMs) + AFTER_CYCLE_MS));
}

/** Since when the dataset's charts are past their promise (null: current). */
export function chartsStaleSince(ds: Pick<Dataset, 'sources' | 'kind'>, nowMs: number): Date | null {
  let end: number | null = null;
  for (const s of ds.sources) {
    if (sourceKind(s, ds.kind) !== 'faa' || !s.id.includes('uasfm') && !/UAS_FacilityMap|Facility Map/i.test(`${s.id} ${s.name}`)) continue;
    const until = validUntil(s, ds.kind);
    if (!until) continue;
    const t = Date.parse(until) + CHART_GRACE_DAYS * DAY_MS;
    if (end === null || t < end) end = t;
  }
  return end !== null && nowMs > end ? new Date(end) : null;
}

export interface ChartRun {
  ok: boolean;
  result: string;
  error?: string;
  dataset?: DatasetFile;
}

/** One run of the sync, recorded; the caller holds the lease. */
export async function runChartSync(deps: AppDeps, opts: { env?: NodeJS.ProcessEnv } = {}): Promise<ChartRun> {
  const at = deps.now();
  const { syncFaa } = await import('../../data/import/sync');
  const repository = deps.db.engine === 'postgres' ? { ...storeRepository(deps.db, deps.config.dataDir), close: async () => undefined } : fileRepository(deps.config.dataDir);
  let run: ChartRun;
  try {
    const r = await syncFaa({ dataDir: deps.config.dataDir, repository, now: at, env: opts.env ?? process.env, log: (l) => deps.log.info('chart sync', { line: l }) });
    const summary = r.layers.map((l) => `${l.key} ${l.status}`).join(', ');
    const failed = r.layers.filter((l) => l.status !== 'ok');
    run = r.dataset
      ? { ok: failed.length === 0, result: summary, ...(failed.length ? { error: failed.map((l) => `${l.key}: ${l.error ?? l.status}`).join('; ') } : {}), dataset: r.dataset }
      : { ok: false, result: 'nothing written', error: [...r.layers.map((l) => `${l.key}: ${l.error ?? l.status}`), ...r.warnings].join('; ') };
  } catch (err) {
    run = { ok: false, result: 'failed', error: err instanceof Error ? err.message : String(err) };
  }
  // A failed run tries again within the hour; a good one waits for the next day or cycle.
  const nextRun = run.ok ? nextChartRun(at.getTime()) : new Date(at.getTime() + 3_600_000);
  await liveStore.recordRun(deps.db, CHARTS_SOURCE_ID, at, { ok: run.ok, result: run.result, ...(run.error ? { error: run.error.slice(0, 2000) } : {}), nextRun });
  if (run.dataset) deps.datasets.swap(run.dataset);
  if (!run.ok) deps.log.warn('chart sync: some layers kept their last good data or failed', { error: run.error });
  return run;
}

/** Whether the sync is due now (no run yet, or its next run has come). */
export async function chartSyncDue(deps: AppDeps): Promise<boolean> {
  const row = await liveStore.source(deps.db, CHARTS_SOURCE_ID);
  return !row?.nextRun || row.nextRun.getTime() <= deps.now().getTime();
}
