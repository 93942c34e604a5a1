/**
 * Handlers of the surface and risk routes: thin wrappers that take the current dataset once, call
 * the domain (server/domain/surface) and turn its errors into the spec's statuses (section 7).
 * The H3 and population work runs in the worker pool (server/workers/surface-pool.ts); what needs the
 * dataset runs after it through the main-thread gate with the request's budget (server/http/main-thread.ts).
 */
import type { Context } from 'hono';
import { LRUCache } from 'lru-cache';
import type {
  ClassificationRequest,
  GroundRiskRequest,
  GroundTypeRequest,
  HazardRequest,
  HexbinRequest,
  RiskClassifyRequest,
  SuitabilityRequest,
  SurfaceGeojsonRequest,
} from '../../contract/surface';
import type { Geometry } from '../../contract/common';
import type { Dataset } from '../../data/dataset';
import { ApiError, timeout, unprocessable } from '../../http/errors';
import { limitResponseSize, responseTooLarge, sentAs } from '../../http/response-size';
import type { HandlerResult } from '../../http/route';
import { MAX_RESPONSE_BYTES } from '../../domain/geometry/limits';
import { mainThread } from '../../http/main-thread';
import type { Budget } from '../../domain/budget';
import { cellPolygon } from '../../domain/surface/cells';
import { normaliseAtAntimeridian } from '../../domain/geometry/antimeridian';
import { perSqMi, roundDensity } from '../../domain/surface/density';
import { InvalidSurfaceValueError, RequestTooLargeError } from '../../domain/surface/errors';
import { hexbin } from '../../domain/surface/hexbin';
import { groundSummary, hazardsOver, initialAirRisk } from '../../domain/surface/risk';
import { intrinsicGrc, sail } from '../../domain/surface/sora';
import type { CellDensity } from '../../domain/surface/ground-type';
import { scoreCells, suitabilityClass, suitabilityFeatureList, type CellSuitability } from '../../domain/surface/suitability';
import { listLayers, surfaceGeojson } from '../../domain/surface/surface-geojson';
import { uavProfile, type UavProfile } from '../../domain/surface/uav-profile';
import { runInPool } from '../../workers/surface-pool';
import { unpackCellDensities, unpackCells, type PackedCells } from '../../workers/surface-tasks';

/**
 * A body already serialised (and sized): sent as it is, so the event loop neither builds nor stringifies
 * it, with the route's headers written once (server/app.ts).
 */
const jsonResponse = (json: string | Uint8Array): HandlerResult => ({ body: sentAs(json) });

/**
 * The answer serialised once, inside the gate's run (the app would stringify it a second time, outside
 * any budget: a 14,000-cell answer is 6 MB). Spec 4.11/4.12 answer an oversized request with 408, so an
 * oversized answer gets it too.
 */
function success<T>(data: T): HandlerResult {
  const json = JSON.stringify({ statusCode: 200, message: 'success', data });
  if (json.length > MAX_RESPONSE_BYTES) throw responseTooLarge(json.length, 408);
  return jsonResponse(json);
}

/** Domain errors → 408 / 422; anything else is left to the app's error handler. */
function guarded<T>(work: () => T): T {
  try {
    return work();
  } catch (e) {
    if (e instanceof RequestTooLargeError) throw timeout(e.message);
    if (e instanceof InvalidSurfaceValueError) throw unprocessable(e.message, e.field ? [{ field: `body.${e.field}`, rule: 'custom', message: e.message }] : undefined);
    throw e;
  }
}

/** The dataset part, through the main-thread gate, with the budget left since `start`. */
const onMainThread = <T>(start: number, work: (budget: Budget) => T) => mainThread.run((budget) => guarded(() => work(budget)), start);

/**
 * Spec 4.10–4.12 require Content-Type application/json (a charset parameter is fine). The app already
 * refuses other media types; a request without the header would otherwise be read as JSON.
 */
export function requireJson(c: Context): void {
  const type = (c.req.header('content-type') ?? '').toLowerCase();
  if (!type.startsWith('application/json')) throw new ApiError(415, 'Content-Type must be application/json (charset=UTF-8 allowed)');
}


/** The worker's cells, and when the request's budget counts from now (a cold worker's start-up is not charged). */
async function packed(kind: 'cells' | 'cellDensities', geometry: Geometry, resolution: number, start: number): Promise<{ cells: PackedCells; start: number }> {
  const out = await runInPool({ kind, geometry, resolution, start });
  if (!('cells' in out)) throw new Error(`the worker answered a ${kind} task without cells`);
  return { cells: out.cells, start: Math.max(start, out.started ?? start) };
}

/** The answer's text, serialised by the worker. */
async function workerJson(task: { kind: 'groundType' | 'groundRisk'; geometry: Geometry; resolution: number; uav?: GroundRiskRequest['uav'] }): Promise<string> {
  const out = await runInPool(task);
  if (!('json' in out)) throw new Error(`the worker answered a ${task.kind} task without a body`);
  return out.json;
}

/**
 * groundType answers given again (issue 13): an answer is a pure function of the geometry and the
 * resolution, since the population model is built once from data shipped with the service
 * (domain/surface/population-model.ts), whatever the dataset. Kept as the bytes sent, bounded by bytes;
 * a refusal (408, 422) is never kept. A geometry whose text is over KEY_MAX is not kept either.
 */
const groundTypeAnswers = new LRUCache<string, Buffer>({ maxSize: 4 * 1024 * 1024, maxEntrySize: 512 * 1024, sizeCalculation: (v, k) => v.byteLength + k.length });
const KEY_MAX = 64 * 1024;

export async function groundTypeHandler(body: GroundTypeRequest): Promise<HandlerResult> {
  const key = `${body.resolution}|${JSON.stringify(body.geometry)}`;
  const kept = groundTypeAnswers.get(key);
  if (kept) return jsonResponse(kept);
  const bytes = Buffer.from(await workerJson({ kind: 'groundType', geometry: body.geometry, resolution: body.resolution }), 'utf8');
  if (key.length <= KEY_MAX) groundTypeAnswers.set(key, bytes);
  return jsonResponse(bytes);
}

export function surfaceGeojsonHandler(ds: Dataset, body: SurfaceGeojsonRequest) {
  return onMainThread(Date.now(), (budget) => success(surfaceGeojson(ds, body.geometry, body.layers, body.resolution, budget)));
}

// The layer codes, and beside them every suitability feature name (some, like population, are no layer).
export const layersHandler = (ds: Dataset) => ({ ...limitResponseSize({ statusCode: 200, message: 'success', data: listLayers(ds) }, 408), suitabilityFeatures: suitabilityFeatureList() });

export async function hexbinHandler(ds: Dataset, body: HexbinRequest) {
  const start = Date.now();
  const got = await packed('cells', body.geometry, body.resolution, start);
  const cells = unpackCells(got.cells);
  return onMainThread(got.start, (budget) => {
    const bins = hexbin(ds, body.geometry, body.resolution, body.layers, { cells, budget });
    return success(bins.map((h) => ({ type: 'Feature' as const, id: h.cell, geometry: cellPolygon(h.cell), properties: { counts: h.counts, total: h.total } })));
  });
}

async function scoredCells<T>(ds: Dataset, body: SuitabilityRequest | ClassificationRequest, answer: (rows: Array<{ c: CellDensity; s: CellSuitability }>, profile: UavProfile) => T) {
  const start = Date.now();
  const profile = guarded(() => uavProfile(body));
  // /v1/suitability keeps its single Polygon as sent: cut at 180° here (classification's already is).
  const got = await packed('cellDensities', normaliseAtAntimeridian(body.geometry), body.resolution, start);
  const cells = unpackCellDensities(got.cells);
  return onMainThread(got.start, (budget) => {
    const scores = scoreCells(ds, cells, { weights: body.features, profile, maxAltitudeFt: body.maxAltitude ?? 400, budget });
    return answer(cells.map((c, i) => ({ c, s: scores[i]! })).filter(({ s }) => !body.noFill || s.hasFeatures), profile);
  });
}

export function suitabilityHandler(ds: Dataset, body: SuitabilityRequest) {
  return scoredCells(ds, body, (rows) => {
    const features = rows.map(({ c, s }) => ({
      type: 'Feature' as const,
      id: c.cell,
      geometry: cellPolygon(c.cell),
      properties: { density: c.density, infrastructureTypes: s.infrastructureTypes, popPerSqMi: roundDensity(perSqMi(c.popPerSqKm)), score: s.score, suitableFeatures: s.suitableFeatures },
    }));
    return success({ type: 'FeatureCollection' as const, features });
  });
}

export function classificationHandler(ds: Dataset, body: ClassificationRequest) {
  return scoredCells(ds, body, (rows, profile) => {
    const features = rows.map(({ c, s }) => ({
      type: 'Feature' as const,
      id: c.cell,
      geometry: cellPolygon(c.cell),
      properties: {
        class: suitabilityClass(s.score),
        score: s.score,
        density: c.density,
        popPerSqKm: roundDensity(c.popPerSqKm),
        popPerSqMi: roundDensity(perSqMi(c.popPerSqKm)),
        igrc: intrinsicGrc(c.popPerSqKm, profile.sora),
        infrastructureTypes: s.infrastructureTypes,
        suitableFeatures: s.suitableFeatures,
      },
    }));
    return success({ type: 'FeatureCollection' as const, features });
  });
}

export const groundRiskHandler = async (body: GroundRiskRequest) => jsonResponse(await workerJson({ kind: 'groundRisk', geometry: body.geometry, resolution: body.resolution, uav: body.uav }));

export async function hazardHandler(ds: Dataset, body: HazardRequest) {
  const start = Date.now();
  const got = await packed('cellDensities', body.geometry, body.resolution, start);
  const ground = groundSummary(unpackCellDensities(got.cells), body.uav);
  return onMainThread(got.start, (budget) => success({ ground, hazards: hazardsOver(ds, body.geometry, body.layers, budget) }));
}

export async function riskClassifyHandler(ds: Dataset, body: RiskClassifyRequest) {
  const start = Date.now();
  const got = await packed('cellDensities', body.geometry, body.resolution, start);
  const ground = groundSummary(unpackCellDensities(got.cells), body.uav);
  return onMainThread(got.start, (budget) => {
    const air = initialAirRisk(ds, body.geometry, body.maxAltitude ?? 400, ground.maxPopPerSqKm, budget);
    return success({ ground, air, sail: sail(ground.igrc, air.arc) });
  });
}
