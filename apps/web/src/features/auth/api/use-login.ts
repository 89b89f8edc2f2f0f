import type { LoginBody } from '@agromet/contracts';
import { useMutation } from '@tanstack/react-query';
import { useUserStore } from '../../../stores/user';

/** POST /api/login/login and store the tokens; failures were already shown by the request client. */
export function useLogin() {
  const login = useUserStore((s) => s.login);
  return useMutation({ mutationFn: (body: LoginBody) => login(body) });
}
