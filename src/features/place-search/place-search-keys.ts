/** Query keys of place search, general to specific. */
export const placeSearchKeys = {
  all: ['places'] as const,
  searches: () => [...placeSearchKeys.all, 'search'] as const,
  search: (q: string, limit: number) => [...placeSearchKeys.searches(), { q, limit }] as const,
};
