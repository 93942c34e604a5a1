export const claimKeys = {
  all: ['ephemeral'] as const,
  preview: (id: string) => [...claimKeys.all, 'preview', id] as const,
};
