/** Preflight briefings (spec 4.1, 4.2; endpoints.md for location v1 and area v2). */
import {
  AreaBriefingV1RequestSchema,
  AreaBriefingV2RequestSchema,
  BriefingResultSchema,
  LocationBriefingV1RequestSchema,
  LocationBriefingV2RequestSchema,
} from '../../contract/briefing';
import { ErrorSchema } from '../../contract/common';
import { route } from '../../http/route';
import { areaBriefing, locationBriefing } from './briefing.handlers';

const err = (description: string) => ({ description, schema: ErrorSchema });
const responses = {
  200: { description: 'Briefing result (spec 2.3): status, authorization type, notices sorted by severity then distance', schema: BriefingResultSchema },
  400: err('Malformed JSON or wrong types'),
  401: err('No or bad token'),
  403: err('The token lacks the scope'),
  422: err('Invalid values (coordinates out of range, endTime not after startTime, maxAltitude above 400)'),
  500: err('Unexpected error'),
};
const window = ' Optional startTime/endTime (RFC 3339; default now and one hour) and maxAltitude (ft AGL, default 400) are our extensions; see docs/briefing-rules.md.';

export const briefingRoutes = [
  route({
    method: 'post',
    path: '/v1/briefing/preflight/area',
    operationId: 'briefingAreaV1',
    summary: 'Briefing by area (v1)',
    description: `Every notice that intersects the boundary (distance 0), each with its geometry.${window}`,
    tags: ['Briefing'],
    access: 'briefing:area:read',
    body: AreaBriefingV1RequestSchema,
    geometryFields: ['boundary'],
    responses,
    handler: ({ deps, body, c }) => areaBriefing(deps, body, true, c),
  }),
  route({
    method: 'post',
    path: '/v2/briefing/preflight/area',
    operationId: 'briefingAreaV2',
    summary: 'Briefing by area (v2)',
    description: `As v1, plus includeGeometry (default true).${window}`,
    tags: ['Briefing'],
    access: 'briefing:area:read',
    body: AreaBriefingV2RequestSchema,
    geometryFields: ['boundary'],
    responses,
    handler: ({ deps, body, c }) => areaBriefing(deps, body, true, c),
  }),
  route({
    method: 'post',
    path: '/v2/briefing/preflight/location',
    operationId: 'briefingLocationV2',
    summary: 'Briefing by location (v2)',
    description: `Notices containing the point have distance 0 and set the status and authorization type; notices within 2 NM are listed as nearby with their distance in NM. includeGeometry (default false) adds each notice's geometry.${window}`,
    tags: ['Briefing'],
    access: 'briefing:location:read',
    body: LocationBriefingV2RequestSchema,
    responses,
    handler: ({ deps, body, c }) => locationBriefing(deps, body, false, c),
  }),
  route({
    method: 'post',
    path: '/v1/briefing/preflight/location',
    operationId: 'briefingLocationV1',
    summary: 'Briefing by location (v1)',
    description: `The v2 location briefing; includeGeometry defaults to true (v1 predates the flag).${window}`,
    tags: ['Briefing'],
    access: 'briefing:location:read',
    body: LocationBriefingV1RequestSchema,
    responses,
    handler: ({ deps, body, c }) => locationBriefing(deps, body, true, c),
  }),
];
