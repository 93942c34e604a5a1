/**
 * Briefing handlers: resolve the flight window and altitude, then ask the engine. Each takes the
 * dataset once, so a request finishes on the version it started on (dataset-provider.ts).
 */
import type { BriefingResult } from '../../contract/briefing';
import type { Geometry } from '../../contract/common';
import type { AppDeps } from '../../deps';
import { unprocessable } from '../../http/errors';
import type { HandlerResult } from '../../http/route';
import { mainThread } from '../../http/main-thread';
import { limitResponseText, sentAs } from '../../http/response-size';
import { keepAnswer, keptAnswer, type AnswerKey } from '../../services/briefing/answer-cache';
import { demGround } from '../../services/elevation/dem-ground';
import { briefArea, briefingText, briefLocation, ObservedWindow, type BriefingOptions } from '../../domain/briefing';

interface FlightFields {
  startTime?: string | undefined;
  endTime?: string | undefined;
  maxAltitude?: number | undefined;
}

/** Without startTime the window starts now; without endTime it lasts an hour (docs/briefing-rules.md). */
export function flightOptions(deps: AppDeps, b: FlightFields, includeGeometry: boolean): BriefingOptions & { start: Date; end: Date } {
  const now = deps.now();
  const start = b.startTime ? new Date(b.startTime) : now;
  const end = b.endTime ? new Date(b.endTime) : new Date(start.getTime() + 3_600_000);
  if (end.getTime() <= start.getTime()) {
    throw unprocessable('body.endTime: must be after startTime (which defaults to now)', [{ field: 'body.endTime', rule: 'custom', message: 'must be after startTime' }]);
  }
  return { now, start, end, includeGeometry, ...(b.maxAltitude !== undefined ? { maxAltitudeFt: b.maxAltitude } : {}) };
}

/**
 * The engine runs through the main-thread gate with the request's time budget (server/http/main-thread.ts).
 * The answer's text is assembled from the geometries' texts kept per dataset (answer-json.ts), not stringified whole.
 * An answer that holds for this window is given again from the answer cache (services/briefing/answer-cache.ts).
 */
async function answer(
  deps: AppDeps,
  opts: BriefingOptions & { start: Date; end: Date },
  key: Omit<AnswerKey, 'windowMs' | 'includeGeometry' | 'maxAltitudeFt'>,
  run: (ds: ReturnType<AppDeps['datasets']['current']>, opts: BriefingOptions) => BriefingResult,
): Promise<HandlerResult> {
  const ds = deps.datasets.current();
  const headers = { 'X-Dataset-Version': ds.version };
  const full: AnswerKey = { ...key, windowMs: opts.end.getTime() - opts.start.getTime(), includeGeometry: opts.includeGeometry ?? true, maxAltitudeFt: opts.maxAltitudeFt };
  const kept = keptAnswer(ds, full, opts.start.getTime());
  if (kept !== undefined) return { body: sentAs(kept), headers };
  const window = new ObservedWindow(opts.start, opts.end);
  const body = await mainThread.run((budget) => {
    const r = run(ds, { ...opts, window, budget });
    const text = briefingText(r);
    limitResponseText(r, text);
    keepAnswer(ds, full, window, text);
    return r;
  });
  return { body, headers };
}

export async function areaBriefing(deps: AppDeps, body: FlightFields & { boundary: Geometry; includeGeometry?: boolean | undefined }, defaultGeometry: boolean): Promise<HandlerResult> {
  const ground = await demGround(deps, body.boundary);
  const opts = { ...flightOptions(deps, body, body.includeGeometry ?? defaultGeometry), groundMaxFt: ground };
  return answer(deps, opts, { kind: 'area', geometry: JSON.stringify(body.boundary), ground: ground.key }, (ds, o) => briefArea(ds, body.boundary, o));
}

export async function locationBriefing(deps: AppDeps, body: FlightFields & { latitude: number; longitude: number; includeGeometry?: boolean | undefined }, defaultGeometry: boolean): Promise<HandlerResult> {
  const ground = await demGround(deps, { type: 'Point', coordinates: [body.longitude, body.latitude] });
  const opts = { ...flightOptions(deps, body, body.includeGeometry ?? defaultGeometry), groundMaxFt: ground };
  return answer(deps, opts, { kind: 'location', geometry: `${body.latitude},${body.longitude}`, ground: ground.key }, (ds, o) => briefLocation(ds, body.latitude, body.longitude, o));
}
