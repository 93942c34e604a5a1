import type { AuthorizationStatus } from '../../../server/contract/laanc';

export const sandboxKeys = {
  all: ['sandbox'] as const,
  authorizations: (status: AuthorizationStatus) => [...sandboxKeys.all, 'authorizations', status] as const,
};
