/**
 * Briefing handlers: resolve the flight window and altitude, then ask the engine. Each takes the
 * dataset once, so a request finishes on the version it started on (dataset-provider.ts).
 */
import { bbox } from '@turf/turf';
import type { BriefingResult } from '../../contract/briefing';
import type { Geometry } from '../../contract/common';
import type { AppDeps } from '../../deps';
import type { Budget } from '../../domain/budget';
import { unprocessable } from '../../http/errors';
import type { HandlerResult } from '../../http/route';
import { mainThread } from '../../http/main-thread';
import { limitResponseText } from '../../http/response-size';
import { demSourceFor } from '../../data/dem-source';
import { briefArea, briefingText, briefLocation, type BriefingOptions, type GroundProvider } from '../../domain/briefing';
import { crossesAntimeridian } from '../../domain/geometry/antimeridian';

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

type Box = [number, number, number, number];

/**
 * Reads the imported DEMs' highest ground over the box of the briefed geometry (every pixel, async I/O
 * here), and hands the engine a pure provider that answers for areas inside that box.
 */
export async function demGround(deps: AppDeps, geometry: Geometry): Promise<GroundProvider> {
  // Across 180° the box would be the band around the globe (every DEM pixel): the fixed assumption instead.
  if (crossesAntimeridian(geometry)) return () => undefined;
  const box = bbox(geometry).slice(0, 4) as Box;
  // A DEM that cannot be read (file removed, disk error) counts as no DEM: the fixed assumption, as before any import.
  const m = await demSourceFor(deps.config.dataDir).maxOver(box).catch((e: Error) => {
    deps.log.warn('dem unreadable; briefing uses the fixed ground assumption', { error: e.message });
    return undefined;
  });
  const ground = m && m.maxFt !== null ? { maxFt: m.maxFt, source: m.source, complete: m.complete } : undefined;
  return (area) => {
    const [w, s, e, n] = bbox(area).slice(0, 4) as Box;
    return w >= box[0] && s >= box[1] && e <= box[2] && n <= box[3] ? ground : undefined;
  };
}

export async function areaBriefing(deps: AppDeps, body: FlightFields & { boundary: Geometry; includeGeometry?: boolean | undefined }, defaultGeometry: boolean): Promise<HandlerResult> {
  const opts = { ...flightOptions(deps, body, body.includeGeometry ?? defaultGeometry), groundMaxFt: await demGround(deps, body.boundary) };
  return answer(deps, (ds, budget) => briefArea(ds, body.boundary, { ...opts, budget }));
}

export async function locationBriefing(deps: AppDeps, body: FlightFields & { latitude: number; longitude: number; includeGeometry?: boolean | undefined }, defaultGeometry: boolean): Promise<HandlerResult> {
  const opts = { ...flightOptions(deps, body, body.includeGeometry ?? defaultGeometry), groundMaxFt: await demGround(deps, { type: 'Point', coordinates: [body.longitude, body.latitude] }) };
  return answer(deps, (ds, budget) => briefLocation(ds, body.latitude, body.longitude, { ...opts, budget }));
}
