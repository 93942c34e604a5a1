/**
 * Keys of LAANC data that is not under one operation. The LAANC operation itself lives under
 * operationsKeys.laanc(id), where the plan page's create mutation also puts it.
 */
import type { AuthorizationListParams } from './api/list-authorizations';

export const laancKeys = {
  all: ['laanc'] as const,
  authorizations: (params: AuthorizationListParams) => [...laancKeys.all, 'authorizations', params] as const,
};
