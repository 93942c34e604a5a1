/**
 * Surface and risk routes: spec 4.10 (suitability, deprecated), 4.11 (surface GeoJSON), 4.12 (ground
 * type) and the Surface and Risk rows of endpoints.md. The model is described in docs/ground-risk.md.
 */
import {
  ClassificationRequestSchema,
  ClassificationResponseSchema,
  GroundTypeRequestSchema,
  GroundTypeResponseSchema,
  HexbinRequestSchema,
  HexbinResponseSchema,
  SuitabilityRequestSchema,
  SuitabilityResponseSchema,
  SurfaceGeojsonRequestSchema,
  SurfaceGeojsonResponseSchema,
  SurfaceLayersResponseSchema,
} from '../../contract/surface';
import { route } from '../../http/route';
import { HAZARD_SCOPES, surfaceErrors } from './responses';
import { riskRoutes } from './risk.routes';
import {
  classificationHandler,
  groundTypeHandler,
  hexbinHandler,
  layersHandler,
  requireJson,
  suitabilityHandler,
  surfaceGeojsonHandler,
} from './surface.handlers';

export const surfaceRoutes = [
  route({
    method: 'post',
    path: '/v2/groundType',
    operationId: 'getHazardGroundType',
    summary: 'Hazard ground type: population class and density of each H3 cell over a geometry',
    description:
      'One Feature per H3 cell (the hexagon) with {density, popPerSqKm}. Density comes from a model of GeoNames places (CC BY 4.0); see docs/ground-risk.md. ' +
      'Scope hazar:read as the interface spells it; hazard:read is accepted too.',
    tags: ['Risk'],
    access: HAZARD_SCOPES,
    body: GroundTypeRequestSchema,
    geometryFields: ['geometry'],
    responses: { 200: { description: 'Cells with their population class', schema: GroundTypeResponseSchema }, ...surfaceErrors },
    handler: ({ body, c }) => {
      requireJson(c);
      return groundTypeHandler(body);
    },
  }),
  route({
    method: 'post',
    path: '/v2/surface/geojson',
    operationId: 'getSurfaceGeojson',
    summary: 'Surface GeoJSON: the features of 1 to 5 layers that intersect a geometry',
    description:
      'Each feature carries a `layer` property (its code) and only the requested `fields`; "*" (or no `fields`) returns every field. ' +
      'GET /v2/surface/layers lists the codes and their fields. `resolution` sizes the request: at most 20,000 cells of that resolution.',
    tags: ['Surface'],
    access: 'surface:create',
    body: SurfaceGeojsonRequestSchema,
    geometryFields: ['geometry'],
    responses: { 200: { description: 'Features', schema: SurfaceGeojsonResponseSchema }, ...surfaceErrors },
    handler: ({ body, c, deps }) => {
      requireJson(c);
      return surfaceGeojsonHandler(deps.datasets.current(), body);
    },
  }),
  route({
    method: 'get',
    path: '/v2/surface/layers',
    operationId: 'getSurfaceLayers',
    summary: 'Surface layer access: the layer codes with their description, geometry type and fields',
    tags: ['Surface'],
    access: 'surface:create',
    responses: { 200: { description: 'Layers', schema: SurfaceLayersResponseSchema }, 401: surfaceErrors[401]!, 403: surfaceErrors[403]! },
    handler: ({ deps }) => ({ body: layersHandler(deps.datasets.current()) }),
  }),
  route({
    method: 'post',
    path: '/v2/surface/hexbin',
    operationId: 'getSurfaceHexbin',
    summary: 'Surface v2 hexbin: per H3 cell, how many features of each chosen layer cover it',
    tags: ['Surface'],
    access: 'surface:create',
    body: HexbinRequestSchema,
    geometryFields: ['geometry'],
    responses: { 200: { description: 'Cells with counts per layer', schema: HexbinResponseSchema }, ...surfaceErrors },
    handler: ({ body, c, deps }) => {
      requireJson(c);
      return hexbinHandler(deps.datasets.current(), body);
    },
  }),
  route({
    method: 'post',
    path: '/v2/surface/classification',
    operationId: 'getClassificationSurface',
    summary: 'Classification surface: each H3 cell scored 0..100 and classed SUITABLE, CAUTION or UNSUITABLE',
    description: 'The replacement of /v1/suitability: same inputs, any geometry, plus the class, the density per km² and the SORA intrinsic ground risk class.',
    tags: ['Surface'],
    access: 'surface:create',
    body: ClassificationRequestSchema,
    geometryFields: ['geometry'],
    responses: { 200: { description: 'Classified cells', schema: ClassificationResponseSchema }, ...surfaceErrors },
    handler: ({ body, c, deps }) => {
      requireJson(c);
      return classificationHandler(deps.datasets.current(), body);
    },
  }),
  route({
    method: 'post',
    path: '/v1/suitability',
    operationId: 'getSuitability',
    summary: 'Suitability (deprecated; use POST /v2/surface/classification)',
    tags: ['Surface'],
    access: 'surface:create',
    deprecated: true,
    body: SuitabilityRequestSchema,
    geometryFields: ['geometry'],
    responses: { 200: { description: 'Scored cells', schema: SuitabilityResponseSchema }, ...surfaceErrors },
    handler: async ({ body, c, deps }) => {
      requireJson(c);
      const res = await suitabilityHandler(deps.datasets.current(), body);
      return { ...res, headers: { ...res.headers, Deprecation: 'true', Link: '</v2/surface/classification>; rel="successor-version"' } };
    },
  }),
  ...riskRoutes,
];
