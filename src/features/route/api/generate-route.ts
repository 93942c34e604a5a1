/**
 * POST /v2/route (endpoints.md, docs/route.md): a least-cost legal route from the first to the last
 * position through the via points. A mutation, not a query: a route search can take seconds of the
 * service's time, so it runs when the pilot asks, not on every edit.
 */
import { useMutation } from '@tanstack/react-query';
import type { RouteFeature, RouteRequest } from '../../../../server/contract/route';
import { request, schemaFrom } from '../../../lib/api-client';
import { routeKeys } from '../route-keys';

export async function generateRoute(body: RouteRequest): Promise<RouteFeature> {
  const res = await request('/v2/route', schemaFrom(() => import('../../../../server/contract/route'), 'RouteResponseSchema'), { method: 'POST', body });
  return res.data;
}

export function useGenerateRoute() {
  return useMutation({ mutationKey: routeKeys.generate(), mutationFn: generateRoute });
}
