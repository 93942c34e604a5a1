/** Aviation handlers (spec 4.4, 4.6; both deprecated): the legacy envelope and a Deprecation header. */
import { AVIATION_TYPES, type AviationType, type CheckAirspaceRequest } from '../../contract/aviation';
import type { Geometry } from '../../contract/common';
import type { AppDeps } from '../../deps';
import type { HandlerResult } from '../../http/route';
import { mainThread } from '../../http/main-thread';
import { limitResponseSize } from '../../http/response-size';
import { aviationFeatures, checkAirspace, DEFAULT_AIRPORT_BUFFER_NM } from '../../domain/briefing';
import { demGround } from '../../services/elevation/dem-ground';

const DEPRECATED = { Deprecation: 'true' };
const ok = <T>(data: T) => limitResponseSize({ statusCode: 200, message: 'success', data });

export async function checkAirspaceHandler(deps: AppDeps, body: CheckAirspaceRequest): Promise<HandlerResult> {
  const ds = deps.datasets.current();
  const window = { start: new Date(body.startTime), end: new Date(body.endTime), ...(body.maxAltitude !== undefined ? { maxAltitudeFt: body.maxAltitude } : {}) };
  // The imported DEM's ground, as the briefings read it: the check counts the floors the briefing counts.
  const ground = await demGround(deps, body.geometry);
  return { body: await mainThread.run((budget) => ok(checkAirspace(ds, body.geometry, window, budget, ground))), headers: DEPRECATED };
}

export async function aviationHandler(deps: AppDeps, body: { geometry: Geometry; type: AviationType[] }, query: { buffer?: number | undefined }): Promise<HandlerResult> {
  const ds = deps.datasets.current();
  // Spec 4.6: an empty list returns all types.
  const types = body.type.length > 0 ? [...new Set(body.type)] : [...AVIATION_TYPES];
  const opts = { bufferNm: query.buffer ?? DEFAULT_AIRPORT_BUFFER_NM, now: deps.now() };
  return { body: await mainThread.run((budget) => ok(aviationFeatures(ds, body.geometry, types, { ...opts, budget }))), headers: DEPRECATED };
}
