import { vi } from 'vitest';

/**
 * lib/feedback with its toasts and dialogs as spies, for a test that checks what the user is told:
 * `vi.mock('…/lib/feedback', async () => (await import('…/test/feedback-spies')).feedbackSpies())`.
 */
export function feedbackSpies() {
  return {
    toastError: vi.fn(),
    toastSuccess: vi.fn(),
    toastWarning: vi.fn(),
    confirmDialog: vi.fn(),
    setFeedbackApi: vi.fn(),
    ERROR_TOAST_SECONDS: 5,
    SUCCESS_TOAST_SECONDS: 2,
  };
}
