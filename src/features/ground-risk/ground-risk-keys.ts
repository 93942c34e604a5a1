import type { GroundTypeRequest } from '../../../server/contract/surface';

/** Query keys of the ground risk, general to specific; the request itself is the last part. */
export const groundRiskKeys = {
  all: ['ground-risk'] as const,
  groundTypes: () => [...groundRiskKeys.all, 'ground-type'] as const,
  groundType: (request: GroundTypeRequest | null) => [...groundRiskKeys.groundTypes(), request] as const,
};
