/**
 * The input geometries of a request (the route's geometryFields), checked by the app around the schema:
 * their size before it, their validity, antimeridian and size per route after it. Limits and order:
 * docs/security.md ("Hostile geometry").
 */
import type { Geometry } from 'geojson';
import { sizeProblem } from '../domain/geometry/limits';
import { checkInputGeometry, checkKeptGeometry, looseGeometryCounts, MAX_INPUT_POSITIONS, MAX_INPUT_RINGS } from '../domain/geometry/validity';
import { TOO_LARGE_MESSAGE } from '../domain/surface/cells';
import { ApiError } from './errors';
import type { RouteSpec } from './route';

/** Before the schema: validating a hostile number of positions (or of rings) would itself stall the service. */
export function checkPositionCount(raw: unknown, field: string, status: 400 | 422): void {
  const { positions: n, rings } = raw && typeof raw === 'object' ? looseGeometryCounts((raw as Record<string, unknown>)[field]) : { positions: 0, rings: 0 };
  if (n > MAX_INPUT_POSITIONS) {
    const message = `the geometry has ${n} positions; at most ${MAX_INPUT_POSITIONS} are accepted`;
    throw new ApiError(status, `body.${field}: ${message}`, [{ field: `body.${field}`, rule: 'max_positions', message, limit: MAX_INPUT_POSITIONS, actual: n }]);
  }
  if (rings > MAX_INPUT_RINGS) {
    const message = `the geometry has ${rings} rings and parts; at most ${MAX_INPUT_RINGS} are accepted`;
    throw new ApiError(status, `body.${field}: ${message}`, [{ field: `body.${field}`, rule: 'max_rings', message, limit: MAX_INPUT_RINGS, actual: rings }]);
  }
}

/**
 * Routes that keep the Polygon as sent (RFC 7946's short-way convention across 180°, so the contract's
 * single Polygon holds it: stored, echoed, or only sampled) and cut it at 180° themselves wherever they
 * measure or search with it (normaliseAtAntimeridian), with whether a line may cross 180° once (legacy
 * 4.3 buffers its path on continuous longitudes). docs/security.md ("Antimeridian").
 */
export const KEEPS_POLYGON_AS_SENT: ReadonlyMap<string, { linesAcross: boolean }> = new Map([
  ['createOperation', { linesAcross: false }],
  ['updateOperation', { linesAcross: false }],
  ['createEphemeralOperation', { linesAcross: false }],
  ['createOperationV2', { linesAcross: true }],
  ['getSuitability', { linesAcross: false }],
  ['sandboxPublishTfr', { linesAcross: false }],
  ['elevationV2', { linesAcross: false }],
]);

/**
 * Validity of an input geometry, and its one normalisation: a polygon across 180° is handed to the
 * handler cut there (a MultiPolygon), as sent to the routes that keep it (KEEPS_POLYGON_AS_SENT), or
 * refused where the schema takes only a Polygon and the handler does not cut it.
 */
export function checkGeometryField(r: RouteSpec, body: unknown, field: string, status: 400 | 422): void {
  const fields = body as Record<string, unknown> | undefined;
  const g = fields?.[field] as Geometry | undefined;
  if (!fields || !g || typeof g !== 'object') return;
  const refuse = (problem: string) => new ApiError(status, `body.${field}: ${problem}`, [{ field: `body.${field}`, rule: 'valid_geometry', message: problem }]);
  const keeps = KEEPS_POLYGON_AS_SENT.get(r.operationId);
  const checked = keeps ? checkKeptGeometry(g, keeps.linesAcross) : checkInputGeometry(g);
  if ('problem' in checked) throw refuse(checked.problem);
  const tooLarge = sizeProblem(checked.geometry, r.operationId);
  if (tooLarge) {
    const { status: tooLargeStatus, ...detail } = tooLarge;
    const message = tooLargeStatus ? TOO_LARGE_MESSAGE : `body.${field}: ${detail.message}`;
    throw new ApiError(tooLargeStatus ?? status, message, [{ field: `body.${field}`, rule: 'max_size', ...detail }]);
  }
  if (keeps || checked.geometry === g) return;
  if (!r.body?.safeParse({ ...fields, [field]: checked.geometry }).success) {
    throw refuse('the polygon crosses the antimeridian (180°); this operation takes a single Polygon, so send the part on each side separately');
  }
  fields[field] = checked.geometry;
}
