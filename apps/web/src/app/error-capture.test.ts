// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../lib/request';
import { errorLogStore } from '../stores/error-log';
import { installGlobalErrorCapture, isIgnorable, reportReactError } from './error-capture';

beforeEach(() => errorLogStore.getState().clear());

describe('error capture', () => {
  it('logs render errors with their component stack', () => {
    reportReactError(new Error('render failed'), { componentStack: '\n    at BrokenPage\n    at Shell' });
    expect(errorLogStore.getState().logs[0]).toMatchObject({ message: 'render failed', info: '\n    at BrokenPage\n    at Shell' });
  });

  it('logs window errors and unhandled rejections', () => {
    installGlobalErrorCapture(window);
    window.dispatchEvent(
      new ErrorEvent('error', {
        error: new TypeError('x is not a function'),
        message: 'x is not a function',
        filename: 'app.js',
        lineno: 3,
        colno: 7,
      }),
    );
    const rejection = new Event('unhandledrejection') as PromiseRejectionEvent;
    Object.defineProperty(rejection, 'reason', { value: new Error('nobody caught me') });
    window.dispatchEvent(rejection);
    expect(errorLogStore.getState().logs.map((e) => [e.message, e.info])).toEqual([
      ['x is not a function', 'app.js:3:7'],
      ['nobody caught me', 'unhandledrejection'],
    ]);
  });

  it('ignores errors already shown to the user and browser noise', () => {
    expect(isIgnorable(new ApiError('denied', { code: 4003, status: 403, kind: 'api', notified: true }))).toBe(true);
    expect(isIgnorable(new ApiError('silent', { code: 4003, status: 403, kind: 'api', notified: false }))).toBe(false);
    expect(isIgnorable(null, 'ResizeObserver loop completed with undelivered notifications.')).toBe(true);
    expect(isIgnorable(new Error('real'))).toBe(false);
  });
});
