/**
 * Briefing handlers: resolve the flight window and altitude, then ask the engine. Each takes the
 * dataset once, so a request finishes on the version it started on (dataset-provider.ts).
 */
import type { BriefingResult } from '../../contract/briefing';
import type { Geometry } from '../../contract/common';
import type { Context } from 'hono';
import type { AppDeps } from '../../deps';
import { unprocessable } from '../../http/errors';
import type { HandlerResult } from '../../http/route';
import { mainThread } from '../../http/main-thread';
import { limitResponseText, sentAs } from '../../http/response-size';
import { keepAnswer, keptAnswer, type AnswerKey } from '../../services/briefing/answer-cache';
import { demGround, type KeyedGround } from '../../services/elevation/dem-ground';
import { rememberRequest } from '../../services/briefing/remembered-requests';
import { extrasText, placeOfGeometry, withExtras, type Place } from '../../services/briefing/extras';
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
  c: Context | undefined,
  fields: FlightFields,
  opts: BriefingOptions & { start: Date; end: Date; groundMaxFt: KeyedGround },
  key: Omit<AnswerKey, 'windowMs' | 'includeGeometry' | 'maxAltitudeFt' | 'ground'>,
  place: Place | null,
  run: (ds: ReturnType<AppDeps['datasets']['current']>, opts: BriefingOptions) => BriefingResult,
): Promise<HandlerResult> {
  // Daylight and weather: after the answer cache, on every answer (services/briefing/extras.ts). The
  // weather is asked for at once, beside the engine's work, within its own time-out.
  const extras = extrasText(deps, place, opts.start, opts.end, opts.maxAltitudeFt);
  const ds = deps.datasets.current();
  const headers = { 'X-Dataset-Version': ds.version };
  const ground = opts.groundMaxFt;
  const full: AnswerKey = { ...key, ground: ground.key, windowMs: opts.end.getTime() - opts.start.getTime(), includeGeometry: opts.includeGeometry ?? true, maxAltitudeFt: opts.maxAltitudeFt };
  // A request handed over by the early answer is remembered there, to be given again before the app.
  const remember = () => rememberRequest(c, ds, { key: full, startTime: fields.startTime, endTime: fields.endTime, dems: ground.dems });
  const kept = keptAnswer(ds, full, opts.start.getTime());
  if (kept !== undefined) {
    remember();
    return { body: sentAs(withExtras(kept, await extras)), headers };
  }
  const window = new ObservedWindow(opts.start, opts.end);
  const text = await mainThread.run((budget) => {
    const r = run(ds, { ...opts, window, budget });
    const t = briefingText(r);
    limitResponseText(r, t);
    if (keepAnswer(ds, full, window, t)) remember();
    return t;
  });
  return { body: sentAs(withExtras(text, await extras)), headers };
}

export async function areaBriefing(deps: AppDeps, body: FlightFields & { boundary: Geometry; includeGeometry?: boolean | undefined }, defaultGeometry: boolean, c?: Context): Promise<HandlerResult> {
  const ground = await demGround(deps, body.boundary);
  const opts = { ...flightOptions(deps, body, body.includeGeometry ?? defaultGeometry), groundMaxFt: ground };
  return answer(deps, c, body, opts, { kind: 'area', geometry: JSON.stringify(body.boundary) }, placeOfGeometry(body.boundary), (ds, o) => briefArea(ds, body.boundary, o));
}

export async function locationBriefing(deps: AppDeps, body: FlightFields & { latitude: number; longitude: number; includeGeometry?: boolean | undefined }, defaultGeometry: boolean, c?: Context): Promise<HandlerResult> {
  const ground = await demGround(deps, { type: 'Point', coordinates: [body.longitude, body.latitude] });
  const opts = { ...flightOptions(deps, body, body.includeGeometry ?? defaultGeometry), groundMaxFt: ground };
  return answer(deps, c, body, opts, { kind: 'location', geometry: `${body.latitude},${body.longitude}` }, { lat: body.latitude, lon: body.longitude }, (ds, o) =>
    briefLocation(ds, body.latitude, body.longitude, o),
  );
}
