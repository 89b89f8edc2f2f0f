import { errorLogStore } from '../stores/error-log';
import { ApiError } from './request';

/**
 * The catch of a call whose failure the request client shows itself (a toast, the re-login dialog): an ApiError it
 * has shown needs nothing more. Anything else (a failure left unshown, or a fault in the page's own code after the
 * call) goes to the error log (docs/console.md#error-log) instead of vanishing.
 */
export function logUnlessShown(error: unknown, where: string): void {
  if (error instanceof ApiError && error.notified) return;
  errorLogStore.getState().add({ error, info: where });
}
