import type { App, ModalFuncProps } from 'antd';

/**
 * Toasts, notifications and dialogs for code outside React (the request client, the access
 * guard) and for plain functions. The console's providers hand over antd's contextual API
 * (`App.useApp()`), so they follow the theme and locale. Before that (the login page, which loads
 * no component library, and tests) antd's static functions are fetched on first use.
 */
type AppApi = ReturnType<typeof App.useApp>;
type FeedbackApi = Pick<AppApi, 'message' | 'modal'> & Partial<Pick<AppApi, 'notification'>>;

let appApi: FeedbackApi | null = null;

export function setFeedbackApi(api: FeedbackApi | null): void {
  appApi = api;
}

let staticApi: Promise<Required<FeedbackApi>> | null = null;

/** The contextual API when the providers are mounted, else antd's static one (its chunk loaded once). */
function withFeedback(show: (api: FeedbackApi) => void): void {
  if (appApi) {
    show(appApi);
    return;
  }
  staticApi ??= Promise.all([import('antd/es/message'), import('antd/es/modal'), import('antd/es/notification')]).then(
    ([message, modal, notification]) => ({
      message: message.default,
      modal: modal.default as unknown as AppApi['modal'],
      notification: notification.default,
    }),
  );
  void staticApi.then(show);
}

/** Error toast 5 s (docs/console.md#feedback-and-formats). */
export const ERROR_TOAST_SECONDS = 5;
/** Success notification 2 s. */
export const SUCCESS_TOAST_SECONDS = 2;

export function toastError(content: string, seconds: number = ERROR_TOAST_SECONDS): void {
  withFeedback((api) => void api.message.error(content, seconds));
}

export function toastSuccess(content: string, seconds: number = SUCCESS_TOAST_SECONDS): void {
  withFeedback((api) => void api.message.success(content, seconds));
}

export function toastWarning(content: string, seconds: number = SUCCESS_TOAST_SECONDS): void {
  withFeedback((api) => void api.message.warning(content, seconds));
}

export function notifyError(title: string, description?: string, seconds: number = SUCCESS_TOAST_SECONDS): void {
  withFeedback((api) => api.notification?.error({ title, description, duration: seconds }));
}

export function notifySuccess(title: string, description?: string, seconds: number = SUCCESS_TOAST_SECONDS): void {
  withFeedback((api) => api.notification?.success({ title, description, duration: seconds }));
}

export function confirmDialog(props: ModalFuncProps): void {
  withFeedback((api) => void api.modal.confirm(props));
}
