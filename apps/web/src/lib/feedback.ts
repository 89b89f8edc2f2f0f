import { message as staticMessage, Modal as StaticModal, notification as staticNotification, type App, type ModalFuncProps } from 'antd';

/**
 * Toasts, notifications and dialogs for code outside React (the request client, the access
 * guard) and for plain functions. The providers hand over antd's contextual API
 * (`App.useApp()`), so they follow the theme and locale; before that (or in tests) antd's
 * static functions are used.
 */
type AppApi = ReturnType<typeof App.useApp>;
type FeedbackApi = Pick<AppApi, 'message' | 'modal'> & Partial<Pick<AppApi, 'notification'>>;

let appApi: FeedbackApi | null = null;

export function setFeedbackApi(api: FeedbackApi | null): void {
  appApi = api;
}

/** Error toast 5 s (docs/console.md#feedback-and-formats). */
export const ERROR_TOAST_SECONDS = 5;
/** Success notification 2 s. */
export const SUCCESS_TOAST_SECONDS = 2;

export function toastError(content: string, seconds: number = ERROR_TOAST_SECONDS): void {
  (appApi?.message ?? staticMessage).error(content, seconds);
}

export function toastSuccess(content: string, seconds: number = SUCCESS_TOAST_SECONDS): void {
  (appApi?.message ?? staticMessage).success(content, seconds);
}

export function toastWarning(content: string, seconds: number = SUCCESS_TOAST_SECONDS): void {
  (appApi?.message ?? staticMessage).warning(content, seconds);
}

export function notifyError(title: string, description?: string, seconds: number = SUCCESS_TOAST_SECONDS): void {
  (appApi?.notification ?? staticNotification).error({ title, description, duration: seconds });
}

export function notifySuccess(title: string, description?: string, seconds: number = SUCCESS_TOAST_SECONDS): void {
  (appApi?.notification ?? staticNotification).success({ title, description, duration: seconds });
}

export function confirmDialog(props: ModalFuncProps): void {
  if (appApi) appApi.modal.confirm(props);
  else StaticModal.confirm(props);
}
