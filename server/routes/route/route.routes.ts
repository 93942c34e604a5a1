/** Generate Route (endpoints.md: POST /v2/route, scope route:create). docs/route.md. */
import { ErrorSchema } from '../../contract/common';
import { RouteRequestSchema, RouteResponseSchema } from '../../contract/route';
import { route } from '../../http/route';
import { generateRoute } from './route.handlers';

const err = (description: string) => ({ description, schema: ErrorSchema });

export const routeRoutes = [
  route({
    method: 'post',
    path: '/v2/route',
    operationId: 'generateRoute',
    summary: 'Generate route: a least-cost legal route from the first to the last position through the via points',
    description:
      'A* over H3 cells, each judged by the briefing engine: never into restricted airspace active in the window, never into controlled airspace unless allowControlledAirspace (then only where LAANC serves it). Cost = distance × (1 + ground risk weight). The answer carries the briefing of the route. See docs/route.md.',
    tags: ['Risk'],
    access: 'route:create',
    body: RouteRequestSchema,
    geometryFields: ['geometry'],
    // Across West Seattle, under the facility map's 400 ft cells (LAANC serves them): a route found as given.
    examples: { request: { geometry: { type: 'LineString', coordinates: [[-122.37, 47.57], [-122.36, 47.58]] }, maxAltitude: 120, allowControlledAirspace: true } },
    responses: {
      200: { description: 'The route, its length and the briefing of its corridor', schema: RouteResponseSchema },
      400: err('Malformed JSON or wrong types'),
      401: err('No or bad token'),
      403: err('The token lacks the scope'),
      408: err('Request timed out; reduce the size of the request (the search region exceeds the cell budget)'),
      422: err('Invalid values naming the field, or no legal route: the message and details.blockers name what blocks it'),
      500: err('Unexpected error'),
    },
    handler: ({ deps, body }) => generateRoute(deps, body),
  }),
];
