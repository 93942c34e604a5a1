/** Advisory handlers: the query window, the 30 NM limit of the bbox form, and the engine's advisories. */
import { MAX_QUERY_SIDE_NM, type AdvisoryFeature } from '../../contract/advisory';
import type { Geometry } from '../../contract/common';
import type { AppDeps } from '../../deps';
import { ApiError } from '../../http/errors';
import { mainThread } from '../../http/main-thread';
import { limitResponseSize } from '../../http/response-size';
import type { HandlerResult } from '../../http/route';
import { advisoriesFor, DEFAULT_MAX_ALTITUDE_FT, type AdvisoryCategory, type AdvisorySource, type FlightWindow } from '../../domain/briefing';
import { demGround } from '../../services/elevation/dem-ground';

interface Filters {
  category?: AdvisoryCategory | undefined;
  source?: AdvisorySource | undefined;
  startTime?: string | undefined;
  endTime?: string | undefined;
  maxAltitude?: number | undefined;
}

/** Spec 4.5: startTime and endTime bound the advisories; without them, now and one hour later (our choice). */
function queryWindow(deps: AppDeps, f: Filters, where: 'body' | 'query', invalid: 400 | 422): FlightWindow {
  const start = f.startTime ? new Date(f.startTime) : deps.now();
  const end = f.endTime ? new Date(f.endTime) : new Date(start.getTime() + 3_600_000);
  if (end.getTime() <= start.getTime()) throw new ApiError(invalid, `${where}.endTime: must be after startTime (which defaults to now)`);
  return { start, end };
}

/** The advisories in the envelope `wrap` makes, sized and run through the main-thread gate with the request's budget. */
async function advisories<T>(deps: AppDeps, geometry: Geometry, f: Filters, where: 'body' | 'query', invalid: 400 | 422, wrap: (features: AdvisoryFeature[]) => T): Promise<{ statusCode: number; message: string; data: T }> {
  const window = queryWindow(deps, f, where, invalid);
  // The imported DEM's ground, as the briefings read it: the same floors count here.
  const groundMaxFt = await demGround(deps, geometry);
  const ds = deps.datasets.current();
  const q = { window, maxAltitudeFt: f.maxAltitude ?? DEFAULT_MAX_ALTITUDE_FT, category: f.category ?? 'faa_107', source: f.source ?? 'all', groundMaxFt } as const;
  return mainThread.run((budget) => ok(wrap(advisoriesFor(ds, geometry, { ...q, budget }))));
}

const ok = <T>(data: T) => limitResponseSize({ statusCode: 200, message: 'success', data });
const collection = (features: AdvisoryFeature[]) => ({ type: 'FeatureCollection' as const, features });

/** Spec 4.5 (deprecated): the legacy envelope around an array of features. */
export async function legacyAdvisory(deps: AppDeps, body: Filters & { geometry: Geometry }): Promise<HandlerResult> {
  return {
    body: await advisories(deps, body.geometry, body, 'body', 400, (features) => features),
    headers: { Deprecation: 'true', Link: '</v1/advisories/geojson>; rel="successor-version"' },
  };
}

export async function geojsonAdvisories(deps: AppDeps, body: Filters & { geometry: Geometry }): Promise<HandlerResult> {
  return { body: await advisories(deps, body.geometry, body, 'body', 422, collection) };
}

export async function bboxAdvisories(deps: AppDeps, query: Filters & { bbox: [number, number, number, number] }): Promise<HandlerResult> {
  const [w, s, e, n] = query.bbox;
  const geometry: Geometry = { type: 'Polygon', coordinates: [[[w, s], [e, s], [e, n], [w, n], [w, s]]] };
  // From the numbers, not the polygon: west < east here, so -180,..,180,.. is the band it says (a
  // polygon's edge from -180 to 180 is read the short way, across the antimeridian, as zero wide).
  const side = Math.max((e - w) * 60 * Math.cos((((s + n) / 2) * Math.PI) / 180), (n - s) * 60);
  if (side > MAX_QUERY_SIDE_NM) {
    throw new ApiError(422, `query.bbox: the box has a side of ${side.toFixed(1)} NM; at most ${MAX_QUERY_SIDE_NM} NM is allowed`, [{ field: 'query.bbox', rule: 'max_side_nm', message: `at most ${MAX_QUERY_SIDE_NM} NM` }]);
  }
  return { body: await advisories(deps, geometry, query, 'query', 422, collection) };
}
