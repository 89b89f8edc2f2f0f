import { useQuery } from '@tanstack/react-query';
import { clearSession } from '../lib/auth-storage';
import { toastError } from '../lib/feedback';
import { reloadPage } from '../lib/reload';
import { RolesError, useUserStore } from '../stores/user';

export const SESSION_QUERY_KEY = ['session', 'user-info'] as const;

/**
 * Re-reads the user info when the user comes back to the tab (TanStack Query's focus refetch).
 * That keeps roles and branding current, refreshes a token close to expiry, and surfaces a
 * session ended elsewhere (4002 → the re-login dialog of the request client).
 */
export function useSessionWatch(): void {
  const infoLoaded = useUserStore((s) => s.infoLoaded);
  useQuery({
    queryKey: SESSION_QUERY_KEY,
    queryFn: async () => {
      try {
        await useUserStore.getState().getInfo();
      } catch (err) {
        if (err instanceof RolesError) {
          toastError(err.message);
          clearSession();
          reloadPage();
        }
        throw err;
      }
      return Date.now();
    },
    enabled: infoLoaded,
    // The guard has just loaded the info: no fetch on mount, only on focus.
    initialData: 0,
    staleTime: 0,
    refetchOnMount: false,
    refetchOnWindowFocus: true,
    refetchOnReconnect: true,
  });
}
