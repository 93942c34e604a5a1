import type { ElevationV1Request, ElevationV2Request } from '../../../server/contract/elevation';

/** Query keys of the terrain, general to specific; the request itself is the last part. */
export const terrainKeys = {
  all: ['terrain'] as const,
  points: (request: ElevationV1Request | null) => [...terrainKeys.all, 'points', request] as const,
  profile: (request: ElevationV2Request | null) => [...terrainKeys.all, 'profile', request] as const,
};
