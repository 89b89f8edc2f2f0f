import { toastError } from '../../../lib/feedback';
import { ApiError } from '../../../lib/request';
import { needsReloginDialog } from '../../../lib/request-rules';
import { requestRelogin } from '../../../lib/relogin';

/**
 * For calls made `silent` because the page shows some failures its own way: what the request client would have
 * done with the rest (the toast, and the re-login dialog for an ended session).
 */
export function reportFailure(error: unknown, text?: string): void {
  if (error instanceof ApiError && error.notified) return;
  toastError(text ?? (error instanceof Error ? error.message : String(error)));
  if (error instanceof ApiError && needsReloginDialog(error.code)) requestRelogin();
}
