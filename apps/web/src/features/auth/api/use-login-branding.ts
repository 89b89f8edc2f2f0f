import type { Branding } from '@agromet/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../../lib/request';
import { useUserStore } from '../../../stores/user';

/**
 * Branding for the login page: the one remembered from the last user-info response, else the
 * public GET /api/login/branding (null until known, or when it fails: defaults are shown).
 */
export function useLoginBranding(): Branding | null {
  const known = useUserStore((s) => s.branding);
  const setBranding = useUserStore((s) => s.setBranding);
  const query = useQuery({
    queryKey: ['login', 'branding'],
    queryFn: ({ signal }) => api.branding({ signal, silent: true }),
    enabled: !known,
    staleTime: Infinity,
  });
  useEffect(() => {
    if (!known && query.data) setBranding(query.data);
  }, [known, query.data, setBranding]);
  return known ?? query.data ?? null;
}
