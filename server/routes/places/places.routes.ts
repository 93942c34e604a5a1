/** Place search for the plan page's search box: offline, from the dataset's airports and GeoNames cities. */
import { ErrorSchema } from '../../contract/common';
import { PlacesQuerySchema, PlacesResponseSchema } from '../../contract/places';
import { route } from '../../http/route';
import { searchPlacesHandler } from './places.handlers';

const err = (description: string) => ({ description, schema: ErrorSchema });

export const placeRoutes = [
  route({
    method: 'get',
    path: '/v1/places',
    operationId: 'searchPlaces',
    summary: 'Find airports and cities by identifier or name',
    description:
      'No network: airports, heliports and seaplane bases of the current dataset by FAA identifier, ICAO code and name; cities from GeoNames (CC BY 4.0) by name. ' +
      'Ranked exact identifier, exact name, start of the name, start of a later word; within each, US places first, then bigger places. See docs/places.md.',
    tags: ['Places'],
    access: ['briefing:area:read', 'briefing:location:read'],
    query: PlacesQuerySchema,
    responses: { 200: { description: 'Places, best match first', schema: PlacesResponseSchema }, 400: err('Missing q or a wrong type'), 401: err('No or bad token'), 403: err('The token lacks the scope'), 422: err('q empty or over 100 characters, or limit outside 1..20'), 503: err('Too many heavy requests waiting (Retry-After)') },
    handler: async ({ deps, query }) => ({ body: await searchPlacesHandler(deps, query) }),
  }),
];
