import type { Branding } from '@agromet/contracts';
import { useEffect } from 'react';
import { api } from '../../../lib/request';
import { useUserStore } from '../../../stores/user';

/**
 * Branding for the login page: the one remembered from the last user-info response, else the
 * public GET /api/login/branding (null until known, or when it fails: defaults are shown).
 * A plain effect rather than a query: the login page loads no query library.
 */
export function useLoginBranding(): Branding | null {
  const known = useUserStore((s) => s.branding);
  const setBranding = useUserStore((s) => s.setBranding);
  useEffect(() => {
    if (known) return;
    const controller = new AbortController();
    api.branding({ signal: controller.signal, silent: true }).then(
      (branding) => setBranding(branding),
      () => undefined, // defaults stay shown
    );
    return () => controller.abort();
  }, [known, setBranding]);
  return known;
}
