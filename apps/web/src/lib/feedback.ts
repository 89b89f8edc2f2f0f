import type { ModalFuncProps } from 'antd';
import type { Key } from 'react';
import type { JointContent, MessageInstance, MessageType } from 'antd/es/message/interface';
import type { ConfigUpdate } from 'antd/es/modal/confirm';
import type { HookAPI as ModalHookAPI } from 'antd/es/modal/useModal';
import type { ArgsProps as NotificationArgs, NotificationInstance } from 'antd/es/notification/interface';

/**
 * Toasts, notifications and dialogs, for components (`useFeedback()`) and for code outside React (the request client,
 * the access guard). In the console the providers mount a feedback host (`app/FeedbackHost.tsx`, antd's App with its
 * message, modal and notification holders, so they follow the theme and locale) once the first page has shown or
 * something asks for feedback; calls made before it is there wait for it. Without the providers (the login page, which
 * loads no component library, and tests) antd's static functions are fetched on first use.
 */
interface AppApi {
  message: MessageInstance;
  modal: ModalHookAPI;
  notification: NotificationInstance;
}
type FeedbackApi = Pick<AppApi, 'message' | 'modal'> & Partial<Pick<AppApi, 'notification'>>;

let appApi: FeedbackApi | null = null;
/** Calls waiting for the console's host to hand its API over. */
let waiting: Array<(api: FeedbackApi) => void> = [];

export function setFeedbackApi(api: FeedbackApi | null): void {
  appApi = api;
  if (!api) return;
  const calls = waiting;
  waiting = [];
  for (const call of calls) call(api);
}

/** Whether a host is mounted or on its way (the console's providers), and whether it is needed now. */
let hostExpected = false;
let hostWanted = false;
const hostListeners = new Set<() => void>();

/** The providers mount: calls wait for their host rather than load antd's static functions. */
export function expectFeedbackHost(expected: boolean): void {
  hostExpected = expected;
  if (!expected) {
    hostWanted = false;
    waiting = [];
  }
}

/** Asks the providers to mount the host now (first use, or the browser idle after the first page). */
export function wantFeedbackHost(): void {
  if (hostWanted) return;
  hostWanted = true;
  for (const listener of hostListeners) listener();
}

export function isFeedbackHostWanted(): boolean {
  return hostWanted;
}

export function subscribeFeedbackHost(listener: () => void): () => void {
  hostListeners.add(listener);
  return () => hostListeners.delete(listener);
}

let staticApi: Promise<Required<FeedbackApi>> | null = null;

/** The host's API when it is there; else wait for the host the providers will mount, or use antd's static one. */
function withFeedback(show: (api: FeedbackApi) => void): void {
  if (appApi) {
    show(appApi);
    return;
  }
  if (hostExpected) {
    waiting.push(show);
    wantFeedbackHost();
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

/**
 * A call whose result (a close function, a dialog handle) is needed before the host may be there. Boxed: both results
 * are thenables, which a promise would otherwise wait on.
 */
function deferred<T>(call: (api: FeedbackApi) => T): Promise<{ result: T }> {
  return new Promise((resolve) => withFeedback((api) => resolve({ result: call(api) })));
}

type MessageMethod = 'info' | 'success' | 'error' | 'warning' | 'loading';

/** A message shown when the host is there; closing it before then means it never shows. */
function deferredMessage(show: (message: MessageInstance) => MessageType): MessageType {
  let closed = false;
  const shown = deferred((api) => (closed ? null : show(api.message)));
  const close = () => {
    closed = true;
    void shown.then(({ result: hide }) => hide?.());
  };
  const done: PromiseLike<boolean> = shown.then(({ result: hide }) => hide ?? true);
  return Object.assign(close, { then: done.then.bind(done) });
}

const messageMethod =
  (method: MessageMethod) =>
  (content: JointContent, duration?: number | VoidFunction, onClose?: VoidFunction): MessageType =>
    deferredMessage((message) => message[method](content, duration, onClose));

type ModalMethod = 'info' | 'success' | 'error' | 'warning' | 'confirm';

const modalMethod =
  (method: ModalMethod): ModalHookAPI[ModalMethod] =>
  (props: ModalFuncProps) => {
    const handle = deferred((api) => api.modal[method](props));
    return {
      destroy: () => void handle.then(({ result }) => result.destroy()),
      update: (update: ConfigUpdate) => void handle.then(({ result }) => result.update(update)),
      // The dialog's own promise: true when confirmed.
      then: <T>(resolve: (confirmed: boolean) => T, reject: VoidFunction) =>
        handle
          .then(({ result }) => result as unknown as PromiseLike<boolean>)
          .then(resolve, (reason: unknown) => {
            reject();
            return Promise.reject(reason instanceof Error ? reason : new Error(String(reason)));
          }),
    };
  };

type NotificationMethod = 'info' | 'success' | 'error' | 'warning' | 'open';

const notificationMethod =
  (method: NotificationMethod) =>
  (args: NotificationArgs): void =>
    withFeedback((api) => api.notification?.[method](args));

/** The same API as antd's `App.useApp()`, whether or not the host has loaded yet. */
const feedback: AppApi = {
  message: {
    info: messageMethod('info'),
    success: messageMethod('success'),
    error: messageMethod('error'),
    warning: messageMethod('warning'),
    loading: messageMethod('loading'),
    open: (args) => deferredMessage((message) => message.open(args)),
    destroy: (key?: Key) => withFeedback((api) => api.message.destroy(key)),
  },
  modal: {
    info: modalMethod('info'),
    success: modalMethod('success'),
    error: modalMethod('error'),
    warning: modalMethod('warning'),
    confirm: modalMethod('confirm'),
  },
  notification: {
    info: notificationMethod('info'),
    success: notificationMethod('success'),
    error: notificationMethod('error'),
    warning: notificationMethod('warning'),
    open: notificationMethod('open'),
    destroy: (key?: Key) => withFeedback((api) => api.notification?.destroy(key)),
  },
};

/** Messages, dialogs and notifications for a component: antd's `App.useApp()` without loading them with the page. */
export function useFeedback(): AppApi {
  return feedback;
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
