import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-error';

/**
 * Retry only what may heal by itself (no answer, a 5xx); a 4xx says the request is wrong and
 * asking again only repeats the message.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= 2) return false;
  if (error instanceof ApiError) return error.kind === 'network' || error.status >= 500;
  return false;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
