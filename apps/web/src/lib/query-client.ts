import { focusManager, QueryClient } from '@tanstack/react-query';

/**
 * Shared TanStack Query client. The request client already shows every failure, so queries do
 * not retry (a retry would toast the same error again). Window-focus refetching is opt-in per
 * query (the session watch uses it).
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});

/**
 * "The user came back": the tab became visible again, or the window regained focus (switching
 * windows does not change visibility). TanStack Query 5 alone only watches visibilitychange.
 */
if (typeof window !== 'undefined' && typeof document !== 'undefined') {
  focusManager.setEventListener((handleFocus) => {
    const onChange = () => handleFocus();
    document.addEventListener('visibilitychange', onChange, false);
    window.addEventListener('focus', onChange, false);
    return () => {
      document.removeEventListener('visibilitychange', onChange);
      window.removeEventListener('focus', onChange);
    };
  });
}
