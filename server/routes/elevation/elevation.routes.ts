/** Terrain elevation (spec 4.14 "Elevation v1 / v2"): points, line profiles and polygon statistics. See docs/elevation.md. */
import { ErrorSchema } from '../../contract/common';
import { ElevationV1RequestSchema, ElevationV1ResponseSchema, ElevationV2RequestSchema, ElevationV2ResponseSchema } from '../../contract/elevation';
import { route } from '../../http/route';
import { registerDemWorkers } from '../../services/elevation/dem-sync';
import { elevationV1Handler, elevationV2Handler } from './elevation.handlers';

const err = (description: string) => ({ description, schema: ErrorSchema });
const errors = { 400: err('Malformed JSON or wrong types'), 401: err('No or bad token'), 403: err('The token lacks the scope'), 415: err('Content-Type is not application/json') };
const MODEL =
  'Where a GeoTIFF DEM imported with npm run data:import covers a position, the answer is its bilinear value and source is dem:<name>; ' +
  'where that DEM has no data there, the model answers and source says so. Elsewhere answered by the sandbox terrain model: inverse-distance weighting of the field elevations of the 6 nearest airports of the current dataset ' +
  '(median error 42 ft, 90th percentile 273 ft by cross-validation). Beyond 30 NM from any airport (ocean, wilderness) elevationFt is null and source is no-coverage. ' +
  'source names the model and dataset version. See docs/elevation.md.';

// With PostgreSQL, the DEMs come from the store (services/elevation/dem-sync.ts).
registerDemWorkers();

export const elevationRoutes = [
  route({
    method: 'post',
    path: '/v1/elevation',
    operationId: 'elevationV1',
    summary: 'Ground elevation at positions',
    description: `Ground elevation (feet MSL) at 1 to 1000 [longitude, latitude] positions, in the order given. ${MODEL}`,
    tags: ['Elevation'],
    access: 'aviation:read',
    body: ElevationV1RequestSchema,
    responses: { 200: { description: 'One elevation per position, in order', schema: ElevationV1ResponseSchema }, ...errors, 422: err('No positions, over 1000, or a longitude / latitude out of range') },
    handler: ({ deps, body }) => elevationV1Handler(deps, body),
  }),
  route({
    method: 'post',
    path: '/v2/elevation',
    operationId: 'elevationV2',
    summary: 'Elevation profile along a line, or min / max / mean over a polygon',
    description: `Point: one elevation. LineString (at most 1000 km): samples equally spaced points from the first position to the last (default 100, 2..1000). Polygon (at most 10,000 km²): min / max / mean over about samples grid points inside it (default 400, 1..5000) and its vertices. ${MODEL}`,
    tags: ['Elevation'],
    access: 'aviation:read',
    body: ElevationV2RequestSchema,
    geometryFields: ['geometry'],
    responses: { 200: { description: 'The profile or the area statistics, with source', schema: ElevationV2ResponseSchema }, ...errors, 422: err('Positions out of range, a line too long, a polygon too large or not valid, samples out of bounds') },
    handler: ({ deps, body }) => elevationV2Handler(deps, body),
  }),
];
