import type { AreaBriefingV1Request, LocationBriefingV2Request } from '../../../server/contract/briefing';

/** Query keys of the briefing, general to specific; the request itself is the last part. */
export const briefingKeys = {
  all: ['briefing'] as const,
  areas: () => [...briefingKeys.all, 'area'] as const,
  area: (input: AreaBriefingV1Request | null) => [...briefingKeys.areas(), input] as const,
  location: (input: LocationBriefingV2Request | null) => [...briefingKeys.all, 'location', input] as const,
  dataStatus: () => [...briefingKeys.all, 'data-status'] as const,
};
