/**
 * How big an input geometry may be, per route, and how big an answer: checked before the work, from the
 * geometry alone (a bounding-box side is O(n)), so an oversized request costs nothing. The numbers and
 * why: docs/security.md ("Hostile geometry").
 */
import type { Geometry } from 'geojson';
import { longestSideNm, MAX_QUERY_SIDE_NM } from '../../contract/advisory';
import type { Geometry as ContractGeometry } from '../../contract/common';

/** Default for every route with an input geometry: the spec's 30 NM of 4.5/4.6, as the largest query we serve. */
export const DEFAULT_MAX_SIDE_NM = MAX_QUERY_SIDE_NM;

/**
 * Routes with their own side limit (operationId → NM), null where the handler applies the spec's
 * stricter operation limits itself (10 sq mi, 10 NM sides: spec 4.3 and section 8) with their rule names.
 * Platform operations (createOperation, updateOperation) have no spec limit and take the default.
 */
export const MAX_SIDE_NM_BY_ROUTE: Readonly<Record<string, number | null>> = {
  // Surface and risk answer per H3 cell, and already refuse more than 20,000 cells with 408 (spec 7).
  getSurfaceGeojson: 60,
  getSurfaceHexbin: 60,
  getClassificationSurface: 60,
  getSuitability: 60,
  getHazardGroundType: 60,
  getHazard: 60,
  getHazardGroundRisk: 60,
  classifyRisk: 60,
  // The sandbox FAA console publishes TFRs, which reach 30 NM in radius (60 NM across) and more.
  sandboxPublishTfr: 200,
  createOperationV2: null,
  createEphemeralOperation: null,
};

/**
 * Routes that answer an oversized request as the spec's 4.11 and 4.12 do (section 7: 408 "request timed
 * out; reduce the size of the request"): the surface and risk family, which already did for cell counts.
 */
const TOO_LARGE_AS_408 = new Set(['getSurfaceGeojson', 'getSurfaceHexbin', 'getClassificationSurface', 'getSuitability', 'getHazardGroundType', 'getHazard', 'getHazardGroundRisk', 'classifyRisk']);

export function maxSideNm(operationId: string): number | null {
  const own = MAX_SIDE_NM_BY_ROUTE[operationId];
  return own === undefined ? DEFAULT_MAX_SIDE_NM : own;
}

/** Why the geometry is too large for the route, or null. Positions are already capped (validity.ts). */
export function sizeProblem(g: Geometry, operationId: string): { status?: 408; message: string; limit: number; actual: number } | null {
  const limit = maxSideNm(operationId);
  if (limit === null || g.type === 'GeometryCollection' || g.type === 'MultiPoint' || g.type === 'MultiLineString') return null;
  const side = longestSideNm(g as ContractGeometry);
  if (side <= limit) return null;
  const actual = Math.round(side * 10) / 10;
  const message = `the bounding box of the geometry has a side of ${actual} NM; at most ${limit} NM is allowed here`;
  return TOO_LARGE_AS_408.has(operationId) ? { status: 408, message, limit, actual } : { message, limit, actual };
}

/** Largest answer of an area route, in bytes of JSON: a backstop behind the size limits above. */
export const MAX_RESPONSE_BYTES = 10_000_000;
