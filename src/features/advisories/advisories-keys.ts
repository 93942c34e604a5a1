import type { AdvisoryGeoJsonRequest } from '../../../server/contract/advisory';

/** Query keys of the advisories, general to specific; the request itself is the last part. */
export const advisoriesKeys = {
  all: ['advisories'] as const,
  areas: () => [...advisoriesKeys.all, 'area'] as const,
  area: (request: AdvisoryGeoJsonRequest | null) => [...advisoriesKeys.areas(), request] as const,
};
