/** What a /metrics scrape reports of the service's state (server/http/metrics.ts). */
import type { AppDeps } from '../../deps';
import { liveSourcesStatus } from './status';

export interface ScrapeFacts {
  datasetVersion: string;
  datasetFeatures: number;
  tfrsInForce: number;
  callbacksPending: number | null;
  liveSources: Array<{ id: string; fresh: boolean; ageSeconds?: number | undefined; lastPollOk: boolean | null; unknownTfrs: number }>;
}

const TFR_LAYERS = ['tfr', 'washington_frz', 'washington_sfra'] as const;

export async function scrapeFacts(deps: AppDeps): Promise<ScrapeFacts> {
  const ds = deps.datasets.current();
  const now = deps.now().getTime();
  const tfrsInForce = ds.ofLayers([...TFR_LAYERS]).filter((f) => {
    const start = f.schedule?.startTime ? Date.parse(f.schedule.startTime) : -Infinity;
    const end = f.schedule?.endTime ? Date.parse(f.schedule.endTime) : Infinity;
    return start <= now && now < end;
  }).length;
  let callbacksPending: number | null = null;
  try {
    const rows = await deps.db.query<{ n: number }>("SELECT count(*)::int AS n FROM callback_outbox WHERE state = 'PENDING'");
    callbacksPending = Number(rows[0]?.n ?? 0);
  } catch {
    // The store is unavailable: the gauge is left out rather than reported as 0.
  }
  const live = deps.config.tfrFeed || deps.config.chartSync ? await liveSourcesStatus(deps, callbacksPending !== null) : [];
  return {
    datasetVersion: ds.version,
    datasetFeatures: ds.features.length,
    tfrsInForce,
    callbacksPending,
    liveSources: live.map((s) => ({ id: s.id, fresh: s.fresh, ageSeconds: s.ageSeconds, lastPollOk: s.lastAttempt ? !s.lastError : null, unknownTfrs: s.unknownTfrs ?? 0 })),
  };
}
