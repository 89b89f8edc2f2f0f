import type { LoginBody } from '@agromet/contracts';
import { useCallback, useState } from 'react';
import { ApiError } from '../../../lib/request';
import { useUserStore } from '../../../stores/user';

/**
 * POST /api/login/login and store the tokens. The failure's text (wrong password, throttled, no network) is kept for
 * the form to show next to the button, in the user's language as the request client words it.
 */
export function useLogin() {
  const login = useUserStore((s) => s.login);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = useCallback(
    async (body: LoginBody): Promise<boolean> => {
      setPending(true);
      setError(null);
      try {
        await login(body, { silent: true });
        return true;
      } catch (failure) {
        setError(failure instanceof ApiError ? failure.message : String(failure));
        return false;
      } finally {
        setPending(false);
      }
    },
    [login],
  );
  return { submit, pending, error, clearError: useCallback(() => setError(null), []) };
}
