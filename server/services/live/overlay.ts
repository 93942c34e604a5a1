/**
 * Every instance lays the live TFRs, and the feed's freshness, over its dataset (docs/live-data.md):
 * the store's TFRs (server/store/live.ts, written by whichever instance polls) become the overlay
 * 'faa-tfr' of the DatasetProvider, so briefings, tiles, LAANC (revalidation of approved
 * authorizations), the legacy check and subscriber notifications all see a new TFR through the one
 * path a dataset swap already takes. The feed's source carries its state (DatasetSource.live): stale
 * since when, TFRs of unknown area; the briefing engine errs restrictive on it
 * (server/domain/briefing/live-data.ts). The overlay's tag changes only when its content or its
 * freshness does, so a poll that finds nothing new swaps nothing.
 */
import { createHash } from 'node:crypto';
import type { AirspaceFeature, DatasetSource, LiveSourceState } from '../../data/model';
import type { AppDeps } from '../../deps';
import { FAA_LICENCE } from '../../data/import/common';
import { liveStore, type StoredTfr } from '../../store/live';
import { TFR_FEED_SOURCE_ID } from './tfr-feed';
import { CHARTS_SOURCE_ID, chartsStaleSince } from './charts';

/** Unknown TFRs carried on the source by name (the notice names ten; the count says the rest). */
const UNKNOWN_NAMED = 20;

interface Held {
  revision: number;
  tfrs: StoredTfr[];
  /** Digest of the TFRs' content: the overlay's tag part that changes with them. */
  digest: string;
  /** When this instance began following the feed: with no good read yet, the feed is out of date from here. */
  followingSince: Date;
  /** The feed's last good read as last read from the store. */
  lastSuccess: Date | null;
}

const held = new WeakMap<AppDeps, Held>();

function digestOf(tfrs: StoredTfr[]): string {
  const h = createHash('sha256');
  for (const t of tfrs) h.update(`${t.notamId}|${t.entryHash}|${t.detailHash ?? '-'}\n`);
  return h.digest('hex').slice(0, 12);
}

/** The feed's freshness now: stale since when (absent: fresh). */
export function tfrFeedStaleSince(lastSuccess: Date | null, followingSince: Date, staleSeconds: number, now: Date): Date | null {
  if (!lastSuccess) return followingSince;
  const until = lastSuccess.getTime() + staleSeconds * 1000;
  return now.getTime() > until ? new Date(until) : null;
}

/**
 * Reads the feed's state from the store (the TFRs only when the poller wrote since) and lays it over this
 * instance's dataset; returns whether the served dataset changed.
 */
export async function syncLiveOverlay(deps: AppDeps): Promise<boolean> {
  const charts = await syncChartsOverlay(deps);
  return (await syncTfrOverlay(deps)) || charts;
}

const chartsFollowing = new WeakMap<AppDeps, Date>();

/** The charts' freshness over the dataset (charts.ts): a source with no features, its `live` state. */
async function syncChartsOverlay(deps: AppDeps): Promise<boolean> {
  if (!deps.config.chartSync) return deps.datasets.setOverlay('charts', null);
  let since = chartsFollowing.get(deps);
  if (!since) chartsFollowing.set(deps, (since = deps.now()));
  const row = await liveStore.source(deps.db, CHARTS_SOURCE_ID).catch(() => null);
  const ds = deps.datasets.current();
  const now = deps.now();
  let staleSince = chartsStaleSince(ds, now.getTime());
  // Never synced, and no FAA facility map to stand on: the charts are not yet read.
  const hasCharts = ds.sources.some((s) => s.id.includes('uasfm') || s.id.includes('FacilityMap'));
  if (!staleSince && !row?.lastSuccess && !hasCharts) staleSince = since;
  const live: LiveSourceState = {
    what: 'FAA charts (facility maps, class and special-use airspace)',
    ...(row?.lastSuccess ? { lastSuccess: row.lastSuccess.toISOString() } : {}),
    ...(staleSince ? { staleSince: staleSince.toISOString() } : {}),
  };
  const at = (row?.lastSuccess ?? now).toISOString();
  const source: DatasetSource = {
    id: CHARTS_SOURCE_ID, name: 'FAA charts (ArcGIS sync, followed on the 56-day cycle)', kind: 'faa', effectiveDateStated: false, version: 'live',
    effectiveDate: at, retrievedAt: at, attribution: 'FAA UDDS / ADDS (ArcGIS)', licence: FAA_LICENCE, live,
  };
  return deps.datasets.setOverlay('charts', { tag: `live-charts-${staleSince ? `s${staleSince.getTime().toString(36)}` : 'f'}`, features: [], sources: [source] });
}

async function syncTfrOverlay(deps: AppDeps): Promise<boolean> {
  const cfg = deps.config.tfrFeed;
  if (!cfg) return deps.datasets.setOverlay('faa-tfr', null);
  let h = held.get(deps);
  if (!h) held.set(deps, (h = { revision: -1, tfrs: [], digest: digestOf([]), followingSince: deps.now(), lastSuccess: null }));
  let failure: unknown = null;
  try {
    const source = await liveStore.source(deps.db, TFR_FEED_SOURCE_ID);
    const revision = source?.revision ?? 0;
    if (revision !== h.revision) {
      const tfrs = await liveStore.tfrs(deps.db);
      h.tfrs = tfrs;
      h.digest = digestOf(tfrs);
      h.revision = revision;
    }
    h.lastSuccess = source?.lastSuccess ?? null;
  } catch (err) {
    // The store cannot be read: the clock still makes the feed stale on what was last known.
    failure = err;
  }
  const swapped = layOver(deps, h, cfg);
  if (failure) throw failure;
  return swapped;
}

function layOver(deps: AppDeps, h: Held, cfg: NonNullable<AppDeps['config']['tfrFeed']>): boolean {
  const now = deps.now();
  const staleSince = tfrFeedStaleSince(h.lastSuccess, h.followingSince, cfg.staleSeconds, now);
  const unknown = h.tfrs.filter((t) => t.features === null);
  const features: AirspaceFeature[] = h.tfrs.flatMap((t) => t.features ?? []);
  const lastSuccess = h.lastSuccess;
  const live: LiveSourceState = {
    what: 'FAA temporary flight restriction data (tfr.faa.gov)',
    ...(lastSuccess ? { lastSuccess: lastSuccess.toISOString() } : {}),
    ...(staleSince ? { staleSince: staleSince.toISOString() } : {}),
    ...(unknown.length
      ? {
          unknown: unknown.slice(0, UNKNOWN_NAMED).map((t) => ({ id: t.notamId, ...(t.entry.type ? { type: t.entry.type } : {}), ...(t.entry.state ? { state: t.entry.state } : {}), ...(t.entry.description ? { description: t.entry.description } : {}) })),
          unknownCount: unknown.length,
        }
      : {}),
  };
  const retrieved = (lastSuccess ?? now).toISOString();
  const feedSource: DatasetSource = {
    id: TFR_FEED_SOURCE_ID,
    name: 'FAA temporary flight restrictions (tfr.faa.gov, followed live)',
    kind: 'faa',
    file: 'exportTfrList',
    effectiveDateStated: false,
    version: h.digest,
    effectiveDate: retrieved,
    retrievedAt: retrieved,
    attribution: 'FAA Temporary Flight Restrictions (tfr.faa.gov)',
    licence: FAA_LICENCE,
    url: cfg.listUrl,
    refreshMinutes: Math.max(1, Math.round(cfg.pollSeconds / 60)),
    // The list names every TFR in the US (docs/coverage.md): once read, the feed is complete nationwide
    // for TFRs; before its first good read it covers nothing (the briefing says there is no TFR data).
    ...(lastSuccess ? { coverage: { layers: ['tfr'], area: 'national', basis: 'feed' } as const } : {}),
    live,
  };
  // The tag: the TFRs' digest, and the freshness (stale from when) and the unknown count, so every change of
  // what the engine is told is a new version (no cached answer outlives it).
  const tag = `faa-tfr-${h.digest}-${staleSince ? `s${staleSince.getTime().toString(36)}` : 'f'}-u${unknown.length}`;
  return deps.datasets.setOverlay('faa-tfr', { tag, features, sources: [feedSource] });
}
