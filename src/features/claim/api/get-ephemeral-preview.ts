/**
 * GET /v1/operations/ephemeral/{id}/preview: public, so the claim page can show the area before
 * sign-in. 404 unknown; 410 with details.reason EXPIRED or CLAIMED (docs/operations-laanc.md).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { EphemeralPreviewSchema } from '../../../../server/contract/ephemeral';
import { request, schemaFrom } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-error';
import { claimKeys } from '../claim-keys';

export type EphemeralPreview = z.infer<typeof EphemeralPreviewSchema>;

export function getEphemeralPreview(id: string, signal?: AbortSignal): Promise<EphemeralPreview> {
  return request(`/v1/operations/ephemeral/${encodeURIComponent(id)}/preview`, schemaFrom(() => import('../../../../server/contract/ephemeral'), 'EphemeralPreviewSchema'), { signal });
}

export const ephemeralPreviewQueryOptions = (id: string) =>
  queryOptions({ queryKey: claimKeys.preview(id), queryFn: ({ signal }) => getEphemeralPreview(id, signal) });

export function useEphemeralPreview(id: string) {
  return useQuery(ephemeralPreviewQueryOptions(id));
}

export type ClaimProblem = 'unknown' | 'expired' | 'claimed';

/** Which of the claim link's dead ends an error is, or null for any other failure. */
export function claimProblemOf(e: unknown): ClaimProblem | null {
  if (!(e instanceof ApiError)) return null;
  if (e.status === 404) return 'unknown';
  if (e.status === 409) return 'claimed';
  if (e.status === 410) {
    const reason = (e.details as { reason?: unknown } | undefined)?.reason;
    return reason === 'CLAIMED' ? 'claimed' : 'expired';
  }
  return null;
}
