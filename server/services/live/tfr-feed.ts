/**
 * Following the FAA's TFRs (docs/live-data.md "TFR feed"): the list (tfr.faa.gov exportTfrList, a JSON
 * array) and the detail XML of each new or changed entry (parsed by the importer's parseTfrXml). One
 * instance polls at a time (clusterEvery, lease "job:faa-tfr-poll"); the outcome goes into the store
 * (server/store/live.ts) with a NOTIFY, and every instance lays the TFRs over its dataset (overlay.ts).
 *
 * - An entry that leaves the list is removed.
 * - A detail that cannot be read while its entry stands keeps its last good detail; with none, the TFR is
 *   unknown (the briefing says so and nothing is CLEAR_TO_FLY: server/domain/briefing/live-data.ts).
 * - A list that cannot be read (down, slow, garbage, too big, empty) changes nothing: the last good TFRs
 *   stay, and once FAA_TFR_STALE_SECONDS pass without a good read the feed is stale.
 * - Bounded: the list's bytes and entries, each detail's bytes, each request's time, detail fetches at
 *   once and per poll (the rest stay unknown, or on their last good detail, until the next poll).
 */
import { createHash } from 'node:crypto';
import type { TfrFeedConfig } from '../../config';
import type { AirspaceFeature } from '../../data/model';
import { parseTfrXml } from '../../data/import/tfr-xml';
import type { AppDeps } from '../../deps';
import { liveStore, type TfrChanges, type TfrListEntry } from '../../store/live';
import { fetchCapped } from './fetch';

export const TFR_FEED_SOURCE_ID = 'faa:tfr-feed';

export interface TfrFeedLimits {
  /** The list's body (a typical day: ~100 entries, ~30 KB). */
  maxListBytes: number;
  /** Entries in one list; more: the list is refused as garbage. */
  maxListEntries: number;
  /** One detail XML (the real FRZ file: ~100 KB). */
  maxDetailBytes: number;
  /** Features one detail may give (area groups). */
  maxFeaturesPerTfr: number;
  /** Each request, headers and body. */
  timeoutMs: number;
  /** Detail requests at once. */
  detailConcurrency: number;
  /** Detail requests in one poll; the rest wait for the next. */
  maxDetailsPerPoll: number;
  /** Characters kept of each list field. */
  maxFieldChars: number;
}

export const TFR_FEED_LIMITS: TfrFeedLimits = {
  maxListBytes: 16 * 1024 * 1024,
  maxListEntries: 20_000,
  maxDetailBytes: 4 * 1024 * 1024,
  maxFeaturesPerTfr: 100,
  timeoutMs: 30_000,
  detailConcurrency: 4,
  maxDetailsPerPoll: 200,
  maxFieldChars: 500,
};

const NOTAM_ID = /^\d{1,2}\/\d{1,6}$/;

export class TfrListError extends Error {}

/** The list's text → its entries (each NOTAM once); throws TfrListError when it is not a TFR list. */
export function parseTfrList(text: string, limits: Pick<TfrFeedLimits, 'maxListEntries' | 'maxFieldChars'> = TFR_FEED_LIMITS): { entries: TfrListEntry[]; skipped: number } {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new TfrListError(`the TFR list is not JSON (starts "${text.slice(0, 40).replace(/\s+/g, ' ')}")`);
  }
  if (!Array.isArray(data)) throw new TfrListError('the TFR list is not a JSON array');
  if (data.length > limits.maxListEntries) throw new TfrListError(`the TFR list has ${data.length} entries, more than the cap of ${limits.maxListEntries}`);
  // The FAA's list always holds standing TFRs (the Washington DC FRZ and SFRA): an empty one is a fault, not "no TFRs".
  if (data.length === 0) throw new TfrListError('the TFR list is empty (the FAA always lists the standing Washington DC TFRs)');
  const seen = new Map<string, TfrListEntry>();
  let skipped = 0;
  const field = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim().slice(0, limits.maxFieldChars) : typeof v === 'number' ? String(v) : undefined);
  for (const raw of data) {
    const id = raw && typeof raw === 'object' ? field((raw as Record<string, unknown>).notam_id) : undefined;
    if (!id || !NOTAM_ID.test(id)) {
      skipped++;
      continue;
    }
    const r = raw as Record<string, unknown>;
    const entry: TfrListEntry = { notam_id: id };
    for (const k of ['type', 'facility', 'state', 'description', 'creation_date'] as const) {
      const v = field(r[k]);
      if (v !== undefined) entry[k] = v;
    }
    seen.set(id, entry);
  }
  if (seen.size === 0) throw new TfrListError(`the TFR list has no entry with a NOTAM id (${skipped} entries without one)`);
  return { entries: [...seen.values()], skipped };
}

export function entryHash(e: TfrListEntry): string {
  return createHash('sha256').update(JSON.stringify([e.notam_id, e.type, e.facility, e.state, e.description, e.creation_date])).digest('hex').slice(0, 24);
}

export function detailUrl(cfg: Pick<TfrFeedConfig, 'detailUrl'>, notamId: string): string {
  return cfg.detailUrl.replace('{id}', encodeURIComponent(notamId.replace(/\//g, '_')));
}

async function readDetail(cfg: TfrFeedConfig, limits: TfrFeedLimits, id: string, at: Date, signal: AbortSignal | undefined): Promise<{ features: AirspaceFeature[]; hash: string } | { error: string }> {
  const url = detailUrl(cfg, id);
  try {
    const text = await fetchCapped(url, { timeoutMs: limits.timeoutMs, maxBytes: limits.maxDetailBytes, signal });
    const key = id.replace(/\//g, '_');
    const parsed = parseTfrXml(text, { fileName: `detail_${key}.xml`, retrievedAt: at.toISOString(), sourceId: TFR_FEED_SOURCE_ID, url });
    if (parsed.features.length === 0) return { error: `${url}: no area in the detail` };
    if (parsed.features.length > limits.maxFeaturesPerTfr) return { error: `${url}: ${parsed.features.length} areas, more than the cap of ${limits.maxFeaturesPerTfr}` };
    // The detail names its own NOTAM: one answering for another id (a misrouted or cached page) is refused.
    if (!parsed.features.some((f) => f.ident === id)) return { error: `${url}: the detail is of NOTAM ${parsed.features[0]?.ident ?? '?'}, not ${id}` };
    const features = parsed.features.map((f) => ({ ...f, sourceId: TFR_FEED_SOURCE_ID, props: { ...f.props, listedAs: id } }));
    return { features, hash: createHash('sha256').update(text).digest('hex').slice(0, 24) };
  } catch (err) {
    return { error: err instanceof Error ? err.message : String(err) };
  }
}

/** Runs fn over items, `n` at a time. */
async function inTurns<T, R>(items: readonly T[], n: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(n, items.length) }, lane));
  return out;
}

export interface PollResult {
  ok: boolean;
  error?: string;
  listed: number;
  added: number;
  changed: number;
  removed: number;
  detailsRead: number;
  detailsFailed: number;
  /** Listed TFRs with no good detail after this poll. */
  unknown: number;
  /** New or changed entries left for the next poll (maxDetailsPerPoll). */
  deferred: number;
}

export interface PollOptions {
  signal?: AbortSignal;
  limits?: Partial<TfrFeedLimits>;
}

/** One poll of the feed, recorded in the store (whether it worked or not). */
export async function pollTfrFeed(deps: AppDeps, opts: PollOptions = {}): Promise<PollResult> {
  const cfg = deps.config.tfrFeed;
  if (!cfg) throw new Error('the TFR feed is not configured (FAA_TFR_LIST_URL)');
  const limits = { ...TFR_FEED_LIMITS, ...opts.limits };
  const at = deps.now();
  const nextRun = new Date(at.getTime() + cfg.pollSeconds * 1000);
  const empty: PollResult = { ok: false, listed: 0, added: 0, changed: 0, removed: 0, detailsRead: 0, detailsFailed: 0, unknown: 0, deferred: 0 };
  let entries: TfrListEntry[];
  try {
    const text = await fetchCapped(cfg.listUrl, { timeoutMs: limits.timeoutMs, maxBytes: limits.maxListBytes, signal: opts.signal });
    entries = parseTfrList(text, limits).entries;
  } catch (err) {
    const error = err instanceof Error ? err.message : String(err);
    await liveStore.recordPoll(deps.db, TFR_FEED_SOURCE_ID, at, { ok: false, error, nextRun });
    deps.log.warn('TFR feed: the list could not be read; keeping the last good TFRs', { error });
    return { ...empty, error };
  }
  const index = await liveStore.tfrIndex(deps.db);
  const listed = new Set(entries.map((e) => e.notam_id));
  const removed = [...index.keys()].filter((id) => !listed.has(id));
  const hashed = entries.map((e) => ({ entry: e, hash: entryHash(e), before: index.get(e.notam_id) }));
  const fresh = hashed.filter((h) => !h.before);
  const changed = hashed.filter((h) => h.before && h.before.entryHash !== h.hash);
  const retry = hashed.filter((h) => h.before && h.before.entryHash === h.hash && !h.before.known);
  // New first (their area is unknown until read), then changed, then unknown ones again.
  const wanted = [...fresh, ...changed, ...retry];
  const now = wanted.slice(0, limits.maxDetailsPerPoll);
  const later = wanted.slice(limits.maxDetailsPerPoll);
  const details = await inTurns(now, limits.detailConcurrency, (h) => readDetail(cfg, limits, h.entry.notam_id, at, opts.signal));
  // A changed entry whose new detail failed keeps its last good detail and its old hash: the next poll reads it again.
  const upserts: TfrChanges['upserts'] = now.map((h, i) => ({ entry: h.entry, entryHash: 'error' in details[i]! && h.before ? h.before.entryHash : h.hash, detail: details[i]! }));
  // New entries whose detail waits for the next poll are recorded as listed (unknown); changed ones keep their
  // row (and old hash) so the next poll reads them.
  for (const h of later) if (!h.before) upserts.push({ entry: h.entry, entryHash: h.hash, detail: null });
  const failed = details.filter((d) => 'error' in d) as Array<{ error: string }>;
  const knownAfter = new Set([...index.entries()].filter(([, v]) => v.known).map(([k]) => k));
  now.forEach((h, i) => 'features' in details[i]! && knownAfter.add(h.entry.notam_id));
  const unknown = entries.filter((e) => !knownAfter.has(e.notam_id)).length;
  const result: PollResult = {
    ok: true, listed: entries.length, added: fresh.length, changed: changed.length, removed: removed.length,
    detailsRead: details.length - failed.length, detailsFailed: failed.length, unknown, deferred: later.length,
  };
  const summary = `${entries.length} listed, ${unknown} unread${failed.length ? `, ${failed.length} details failed` : ''}`;
  await liveStore.recordPoll(deps.db, TFR_FEED_SOURCE_ID, at, { ok: true, changes: { upserts, removed }, nextRun, result: summary });
  if (failed.length) deps.log.warn('TFR feed: details could not be read; their TFRs keep their last good detail or are unknown', { failed: failed.length, first: failed[0]!.error });
  if (fresh.length || changed.length || removed.length) deps.log.info('TFR feed changed', { ...result });
  return result;
}
