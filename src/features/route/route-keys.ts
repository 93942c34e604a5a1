/** Mutation keys of the route planner: a route is asked for on a press, never fetched on its own. */
export const routeKeys = {
  all: ['route'] as const,
  generate: () => [...routeKeys.all, 'generate'] as const,
};
