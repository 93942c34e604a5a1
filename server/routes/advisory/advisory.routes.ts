/** Advisories: the legacy POST /v2/advisory (spec 4.5, deprecated) and its replacements (endpoints.md). */
import {
  AdvisoryBBoxQuerySchema,
  AdvisoryCollectionResponseSchema,
  AdvisoryGeoJsonRequestSchema,
  AdvisoryRequestSchema,
  AdvisoryResponseSchema,
} from '../../contract/advisory';
import { ErrorSchema } from '../../contract/common';
import { route } from '../../http/route';
import { bboxAdvisories, geojsonAdvisories, legacyAdvisory } from './advisory.handlers';

const err = (description: string) => ({ description, schema: ErrorSchema });
const filters =
  ' category faa_107 (default) or faa_44809; source faa, community or all (default); startTime/endTime bound the advisories (default now and one hour later); maxAltitude in ft AGL (default 400) decides which ceilings restrict the flight.';

export const advisoryRoutes = [
  route({
    method: 'post',
    path: '/v2/advisory',
    operationId: 'advisory',
    summary: 'Advisory (deprecated; use GET /v1/advisories/bbox or POST /v1/advisories/geojson)',
    description: `Advisories for a Point, LineString or Polygon whose bounding box has no side over 30 NM; facility-map cells one by one.${filters} Invalid values are 400, as the spec lists.`,
    tags: ['Advisories'],
    access: 'advisory:read',
    deprecated: true,
    invalidStatus: 400,
    body: AdvisoryRequestSchema,
    geometryFields: ['geometry'],
    responses: { 200: { description: 'Advisories (spec 2.7) in the legacy envelope', schema: AdvisoryResponseSchema }, 400: err('Bad request, including a geometry over 30 NM'), 401: err('No or bad token'), 403: err('The token lacks the scope'), 500: err('Server error') },
    handler: ({ deps, body }) => legacyAdvisory(deps, body),
  }),
  route({
    method: 'get',
    path: '/v1/advisories/bbox',
    operationId: 'getAdvisoriesBBox',
    summary: 'Get advisories by bounding box',
    description: `?bbox=west,south,east,north (no side over 30 NM).${filters}`,
    tags: ['Advisories'],
    access: 'advisory:read',
    query: AdvisoryBBoxQuerySchema,
    responses: { 200: { description: 'A FeatureCollection of advisories in the legacy envelope', schema: AdvisoryCollectionResponseSchema }, 401: err('No or bad token'), 403: err('The token lacks the scope'), 422: err('Invalid bbox or filters, or a box over 30 NM'), 500: err('Server error') },
    handler: ({ deps, query }) => bboxAdvisories(deps, query),
  }),
  route({
    method: 'post',
    path: '/v1/advisories/geojson',
    operationId: 'getAdvisoriesGeoJson',
    summary: 'Get advisories for a GeoJSON geometry',
    description: `The 4.5 request with category optional; the answer is a FeatureCollection.${filters}`,
    tags: ['Advisories'],
    access: 'advisory:read',
    body: AdvisoryGeoJsonRequestSchema,
    geometryFields: ['geometry'],
    responses: { 200: { description: 'A FeatureCollection of advisories in the legacy envelope', schema: AdvisoryCollectionResponseSchema }, 400: err('Malformed JSON or wrong types'), 401: err('No or bad token'), 403: err('The token lacks the scope'), 422: err('Invalid values, or a geometry over 30 NM'), 500: err('Server error') },
    handler: ({ deps, body }) => geojsonAdvisories(deps, body),
  }),
];
