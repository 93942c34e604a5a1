/**
 * Briefing handlers: resolve the flight window and altitude, then ask the engine. Each takes the
 * dataset once, so a request finishes on the version it started on (dataset-provider.ts).
 */
import type { BriefingResult } from '../../contract/briefing';
import type { Geometry } from '../../contract/common';
import type { AppDeps } from '../../deps';
import type { Budget } from '../../domain/budget';
import { unprocessable } from '../../http/errors';
import type { HandlerResult } from '../../http/route';
import { mainThread } from '../../http/main-thread';
import { limitResponseText } from '../../http/response-size';
import { demGround } from '../../services/elevation/dem-ground';
import { briefArea, briefingText, briefLocation, type BriefingOptions } from '../../domain/briefing';

interface FlightFields {
  startTime?: string | undefined;
  endTime?: string | undefined;
  maxAltitude?: number | undefined;
}

/** Without startTime the window starts now; without endTime it lasts an hour (docs/briefing-rules.md). */
export function flightOptions(deps: AppDeps, b: FlightFields, includeGeometry: boolean): BriefingOptions {
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
 */
async function answer(deps: AppDeps, run: (ds: ReturnType<AppDeps['datasets']['current']>, budget: Budget) => BriefingResult): Promise<HandlerResult> {
  const ds = deps.datasets.current();
  const text = (r: BriefingResult) => limitResponseText(r, briefingText(r));
  return { body: await mainThread.run((budget) => text(run(ds, budget))), headers: { 'X-Dataset-Version': ds.version } };
}


export async function areaBriefing(deps: AppDeps, body: FlightFields & { boundary: Geometry; includeGeometry?: boolean | undefined }, defaultGeometry: boolean): Promise<HandlerResult> {
  const opts = { ...flightOptions(deps, body, body.includeGeometry ?? defaultGeometry), groundMaxFt: await demGround(deps, body.boundary) };
  return answer(deps, (ds, budget) => briefArea(ds, body.boundary, { ...opts, budget }));
}

export async function locationBriefing(deps: AppDeps, body: FlightFields & { latitude: number; longitude: number; includeGeometry?: boolean | undefined }, defaultGeometry: boolean): Promise<HandlerResult> {
  const opts = { ...flightOptions(deps, body, body.includeGeometry ?? defaultGeometry), groundMaxFt: await demGround(deps, { type: 'Point', coordinates: [body.longitude, body.latitude] }) };
  return answer(deps, (ds, budget) => briefLocation(ds, body.latitude, body.longitude, { ...opts, budget }));
}
