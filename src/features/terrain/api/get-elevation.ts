/**
 * POST /v1/elevation (endpoints.md): ground elevation at positions, in the order given, each with the
 * source that answered (an imported DEM or the sandbox terrain model, docs/elevation.md).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ElevationPoint, ElevationV1Request } from '../../../../server/contract/elevation';
import { request, schemaFrom } from '../../../lib/api-client';
import { terrainKeys } from '../terrain-keys';

export async function getElevation(body: ElevationV1Request, signal?: AbortSignal): Promise<ElevationPoint[]> {
  const res = await request('/v1/elevation', schemaFrom(() => import('../../../../server/contract/elevation'), 'ElevationV1ResponseSchema'), { method: 'POST', body, signal });
  return res.data;
}

export const elevationQueryOptions = (body: ElevationV1Request | null) =>
  queryOptions({
    queryKey: terrainKeys.points(body),
    queryFn: ({ signal }) => getElevation(body!, signal),
    enabled: body !== null,
    // The ground changes with an import, not by the minute.
    staleTime: 10 * 60_000,
  });

export function useElevation(body: ElevationV1Request | null) {
  return useQuery(elevationQueryOptions(body));
}
