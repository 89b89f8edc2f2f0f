import { QueryClient } from '@tanstack/react-query';

/**
 * Shared TanStack Query client. The request client already shows every failure, so queries do
 * not retry (a retry would toast the same error again).
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});
