export const notificationKeys = {
  all: ['notifications'] as const,
  events: () => [...notificationKeys.all, 'events'] as const,
};
