/**
 * Keys of LAANC data that is not under one operation. The LAANC operation itself lives under
 * operationsKeys.laanc(id), where the plan page's create mutation also puts it.
 */
export const laancKeys = {
  all: ['laanc'] as const,
  rescindedInvalid: () => [...laancKeys.all, 'rescinded-invalid'] as const,
  /** lastUpdatedAt is part of the key: a changed authorization is a new question (its reason may be new). */
  authorization: (operationId: string, authorizationId: string, lastUpdatedAt: string) =>
    [...laancKeys.all, 'authorization', operationId, authorizationId, lastUpdatedAt] as const,
};
