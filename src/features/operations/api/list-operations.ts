/**
 * GET /v1/operations (spec 4.9; paging, filters and sort are ours: docs/operations-laanc.md). Only the
 * query fields the service knows are sent: its query schema is strict and refuses others.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { FlightTypeSchema } from '../../../../server/contract/common';
import type { OperationListSchema, OperationPhaseSchema, OperationSortSchema } from '../../../../server/contract/operations';
import type { AuthorizationStatus } from '../../../../server/contract/laanc';
import { request, schemaFrom } from '../../../lib/api-client';
import { operationsKeys } from '../operations-keys';

export type OperationList = z.infer<typeof OperationListSchema>;
export type OperationSort = z.infer<typeof OperationSortSchema>;
export type OperationPhase = z.infer<typeof OperationPhaseSchema>;
export type FlightType = z.infer<typeof FlightTypeSchema>;

export interface OperationListParams {
  limit: number;
  offset: number;
  /** Name or description contains it (case-insensitive). */
  q?: string | undefined;
  flightType?: FlightType | undefined;
  pilotId?: string | undefined;
  status?: OperationPhase | undefined;
  /** Only operations with an authorization in one of these statuses; NONE: without any. */
  authorization?: readonly (AuthorizationStatus | 'NONE')[] | undefined;
  /** RFC 3339 UTC: operations ending after it. */
  from?: string | undefined;
  /** RFC 3339 UTC: operations starting before it. */
  to?: string | undefined;
  sort: OperationSort;
}

export function listQueryString(p: OperationListParams): string {
  const q = new URLSearchParams({ limit: String(p.limit), offset: String(p.offset), sort: p.sort });
  if (p.q) q.set('q', p.q);
  if (p.flightType) q.set('flightType', p.flightType);
  if (p.pilotId) q.set('pilotId', p.pilotId);
  if (p.status) q.set('status', p.status);
  if (p.authorization?.length) q.set('authorization', p.authorization.join(','));
  if (p.from) q.set('from', p.from);
  if (p.to) q.set('to', p.to);
  return q.toString();
}

export function listOperations(params: OperationListParams, signal?: AbortSignal): Promise<OperationList> {
  return request(`/v1/operations?${listQueryString(params)}`, schemaFrom(() => import('../../../../server/contract/operations'), 'OperationListSchema'), { signal });
}

export const operationsQueryOptions = (params: OperationListParams) =>
  queryOptions({ queryKey: operationsKeys.list(params), queryFn: ({ signal }) => listOperations(params, signal) });

export function useOperations(params: OperationListParams, opts: { refetchInterval?: number } = {}) {
  // While the next page or filter loads, keep the last rows (marked as updating) rather than a blank table.
  return useQuery({ ...operationsQueryOptions(params), placeholderData: keepPreviousData, ...opts });
}
