import type { ChangePasswordBody } from '@agromet/contracts';
import { useMutation } from '@tanstack/react-query';
import { requestRelogin } from '../../../lib/relogin';
import { ApiError, api } from '../../../lib/request';
import { needsReloginDialog } from '../../../lib/request-rules';
import { isPasswordChanged } from '../utils/password-rules';

export type PasswordChangeResult = { ok: true } | { ok: false; detail: string };

/**
 * POST /user/changePassword. Failures are answered by the dialog's own notification rather
 * than the client's toast; an ended session still gets the re-login dialog.
 */
export function useChangePassword() {
  return useMutation({
    mutationFn: async (body: ChangePasswordBody): Promise<PasswordChangeResult> => {
      try {
        const envelope = await api.changePassword(body, { silent: true });
        return isPasswordChanged(envelope) ? { ok: true } : { ok: false, detail: envelope.msg };
      } catch (err) {
        if (err instanceof ApiError && needsReloginDialog(err.code)) requestRelogin();
        return { ok: false, detail: err instanceof Error ? err.message : '' };
      }
    },
  });
}
