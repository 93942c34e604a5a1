import type { CallbackListParams } from './api/list-callbacks';
import type { OperationListParams } from './api/list-operations';

export const operationsKeys = {
  all: ['operations'] as const,
  lists: () => [...operationsKeys.all, 'list'] as const,
  list: (params: OperationListParams) => [...operationsKeys.lists(), params] as const,
  detail: (id: string) => [...operationsKeys.all, 'detail', id] as const,
  laanc: (id: string) => [...operationsKeys.detail(id), 'laanc'] as const,
  callbacks: (id: string) => [...operationsKeys.detail(id), 'callbacks'] as const,
  members: () => [...operationsKeys.all, 'members'] as const,
  /** GET /v1/callbacks, across operations. */
  allCallbacks: (params: CallbackListParams) => [...operationsKeys.all, 'callbacks', params] as const,
};
