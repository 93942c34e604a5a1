/**
 * Handlers of the surface and risk routes: thin wrappers that take the current dataset once, call
 * the domain (server/domain/surface) and turn its errors into the spec's statuses (section 7).
 */
import type { Context } from 'hono';
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
import type { Dataset } from '../../data/dataset';
import { ApiError, timeout, unprocessable } from '../../http/errors';
import { limitResponseSize } from '../../http/response-size';
import { cellPolygon, cellsFor } from '../../domain/surface/cells';
import { perSqMi, roundDensity } from '../../domain/surface/density';
import { InvalidSurfaceValueError, RequestTooLargeError } from '../../domain/surface/errors';
import { cellDensities, groundType } from '../../domain/surface/ground-type';
import { hexbin } from '../../domain/surface/hexbin';
import { groundRiskCells, groundRiskFeatureProperties, groundSummary, hazardsOver, initialAirRisk } from '../../domain/surface/risk';
import { intrinsicGrc, sail } from '../../domain/surface/sora';
import { scoreCells, suitabilityClass, suitabilityFeatureList } from '../../domain/surface/suitability';
import { listLayers, surfaceGeojson } from '../../domain/surface/surface-geojson';
import { uavProfile } from '../../domain/surface/uav-profile';

/** Spec 4.11/4.12 answer an oversized request with 408, so an oversized answer gets it too. */
const success = <T>(data: T) => limitResponseSize({ statusCode: 200, message: 'success', data }, 408);

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

/**
 * Spec 4.10–4.12 require Content-Type application/json (a charset parameter is fine). The app already
 * refuses other media types; a request without the header would otherwise be read as JSON.
 */
export function requireJson(c: Context): void {
  const type = (c.req.header('content-type') ?? '').toLowerCase();
  if (!type.startsWith('application/json')) throw new ApiError(415, 'Content-Type must be application/json (charset=UTF-8 allowed)');
}

export const groundTypeHandler = (body: GroundTypeRequest) => success(guarded(() => groundType(body.geometry, body.resolution)));

export const surfaceGeojsonHandler = (ds: Dataset, body: SurfaceGeojsonRequest) =>
  success(guarded(() => surfaceGeojson(ds, body.geometry, body.layers, body.resolution)));

// The layer codes, and beside them every suitability feature name (some, like population, are no layer).
export const layersHandler = (ds: Dataset) => ({ ...success(listLayers(ds)), suitabilityFeatures: suitabilityFeatureList() });

export function hexbinHandler(ds: Dataset, body: HexbinRequest) {
  const cells = guarded(() => hexbin(ds, body.geometry, body.resolution, body.layers));
  return success(cells.map((h) => ({ type: 'Feature' as const, id: h.cell, geometry: cellPolygon(h.cell), properties: { counts: h.counts, total: h.total } })));
}

function scoredCells(ds: Dataset, body: SuitabilityRequest | ClassificationRequest) {
  return guarded(() => {
    const profile = uavProfile(body);
    const cells = cellDensities(cellsFor(body.geometry, body.resolution));
    const scores = scoreCells(ds, cells, { weights: body.features, profile, maxAltitudeFt: body.maxAltitude ?? 400 });
    return { profile, rows: cells.map((c, i) => ({ c, s: scores[i]! })).filter(({ s }) => !body.noFill || s.hasFeatures) };
  });
}

export function suitabilityHandler(ds: Dataset, body: SuitabilityRequest) {
  const { rows } = scoredCells(ds, body);
  const features = rows.map(({ c, s }) => ({
    type: 'Feature' as const,
    id: c.cell,
    geometry: cellPolygon(c.cell),
    properties: { density: c.density, infrastructureTypes: s.infrastructureTypes, popPerSqMi: roundDensity(perSqMi(c.popPerSqKm)), score: s.score, suitableFeatures: s.suitableFeatures },
  }));
  return success({ type: 'FeatureCollection' as const, features });
}

export function classificationHandler(ds: Dataset, body: ClassificationRequest) {
  const { rows, profile } = scoredCells(ds, body);
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
}

export function groundRiskHandler(body: GroundRiskRequest) {
  const cells = guarded(() => groundRiskCells(body.geometry, body.resolution));
  const features = cells.map((c) => ({ type: 'Feature' as const, id: c.cell, geometry: cellPolygon(c.cell), properties: groundRiskFeatureProperties(c, body.uav) }));
  return success({ ...groundSummary(cells, body.uav), features });
}

export function hazardHandler(ds: Dataset, body: HazardRequest) {
  return success(guarded(() => ({ ground: groundSummary(groundRiskCells(body.geometry, body.resolution), body.uav), hazards: hazardsOver(ds, body.geometry, body.layers) })));
}

export function riskClassifyHandler(ds: Dataset, body: RiskClassifyRequest) {
  return success(
    guarded(() => {
      const ground = groundSummary(groundRiskCells(body.geometry, body.resolution), body.uav);
      const air = initialAirRisk(ds, body.geometry, body.maxAltitude ?? 400, ground.maxPopPerSqKm);
      return { ground, air, sail: sail(ground.igrc, air.arc) };
    }),
  );
}
