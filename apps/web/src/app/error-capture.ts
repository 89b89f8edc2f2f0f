import type { ErrorInfo } from 'react';
import { ApiError } from '../lib/request';
import { errorLogStore } from '../stores/error-log';

/**
 * Feeds the error log (docs/console.md#error-log) from every place an unhandled error can surface:
 * React's error boundaries (with the component stack), window.onerror and unhandled
 * promise rejections.
 */

/** Browser noise and errors the user has already been shown are not "unhandled". */
export function isIgnorable(error: unknown, message = ''): boolean {
  if (error instanceof ApiError && error.notified) return true;
  if (error instanceof DOMException && error.name === 'AbortError') return true;
  return /ResizeObserver loop/.test(message || (error instanceof Error ? error.message : ''));
}

export function reportReactError(error: unknown, info: Pick<ErrorInfo, 'componentStack'>): void {
  if (isIgnorable(error)) return;
  errorLogStore.getState().add({ error, info: info.componentStack ?? '' });
}

/** React root options: errors caught by a boundary and errors no boundary caught. */
export const rootErrorOptions = {
  onCaughtError: (error: unknown, info: ErrorInfo) => {
    reportReactError(error, info);
    console.error(error);
  },
  onUncaughtError: (error: unknown, info: ErrorInfo) => {
    reportReactError(error, info);
    console.error(error);
  },
};

let installed = false;

export function installGlobalErrorCapture(target: Window = window): void {
  if (installed) return;
  installed = true;
  target.addEventListener('error', (event: ErrorEvent) => {
    // Failed <img>/<script> loads fire non-ErrorEvent 'error' events: not script errors.
    if (!(event instanceof ErrorEvent) || isIgnorable(event.error, event.message)) return;
    const where = event.filename ? `${event.filename}:${event.lineno}:${event.colno}` : '';
    errorLogStore.getState().add({ error: event.error ?? event.message, info: where, fallbackMessage: event.message });
  });
  target.addEventListener('unhandledrejection', (event: PromiseRejectionEvent) => {
    if (isIgnorable(event.reason)) return;
    errorLogStore.getState().add({ error: event.reason, info: 'unhandledrejection', fallbackMessage: 'Unhandled promise rejection' });
  });
}
