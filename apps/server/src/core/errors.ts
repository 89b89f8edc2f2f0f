import { ErrorCode, httpStatusOf, type ErrorCodeValue } from '@agromet/contracts';
import type { MessageKey } from './messages.js';

/** An answer other than success; the error handler turns it into the envelope. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCodeValue,
    /** A message key (translated per request) or, with `raw`, literal text. */
    readonly key: MessageKey,
    readonly params: Record<string, string | number> = {},
    readonly data: unknown = null,
    readonly headers: Record<string, string> = {},
    /** For validation failures: the field the message is about. */
    readonly field?: string,
    /** What went wrong underneath (kept for the log, never sent). */
    options?: { cause?: unknown },
  ) {
    super(key, options);
  }
  get status(): number {
    return httpStatusOf[this.code];
  }
}

/** One problem of a request's input: its field, its message key and values, and the message in the caller's language. */
export interface InputIssue {
  field: string;
  key: MessageKey;
  params: Record<string, string | number>;
  message: string;
}

export const errors = {
  tokenMissing: () => new AppError(ErrorCode.TOKEN_MISSING, 'tokenMissing'),
  tokenExpired: () => new AppError(ErrorCode.TOKEN_EXPIRED, 'tokenExpired'),
  sessionRevoked: () => new AppError(ErrorCode.SESSION_REVOKED, 'sessionRevoked'),
  forbidden: () => new AppError(ErrorCode.FORBIDDEN, 'forbidden'),
  notFound: () => new AppError(ErrorCode.NOT_FOUND, 'notFound'),
  conflict: (key: MessageKey, params: Record<string, string | number> = {}, data: unknown = null) =>
    new AppError(ErrorCode.CONFLICT, key, params, data),
  validation: (field: string, key: MessageKey, params: Record<string, string | number> = {}) =>
    new AppError(ErrorCode.VALIDATION, key, params, { issues: [{ field }] }, {}, field),
  /** An input with problems (4100): the first one's message under its field; the data lists every problem's field and message. */
  invalidInput: (issues: readonly InputIssue[]) => {
    const first = issues[0]!;
    return new AppError(
      ErrorCode.VALIDATION,
      first.key,
      first.params,
      { issues: issues.map(({ field, message }) => ({ field, message })) },
      {},
      first.field,
    );
  },
  /** A refused file import (4100): `key` gets the count of issues and the first one's row, field and message; the data lists them all. */
  importRefused: <I extends { row: number; field: string; message: string }>(key: MessageKey, issues: I[]) => {
    const first = issues[0]!;
    return new AppError(
      ErrorCode.VALIDATION,
      key,
      { count: issues.length, row: first.row, field: first.field, message: first.message },
      { issues },
    );
  },
  badCredentials: () => new AppError(ErrorCode.BAD_CREDENTIALS, 'badCredentials'),
  tooMany: (retryAfterSeconds: number) =>
    new AppError(
      ErrorCode.TOO_MANY_ATTEMPTS,
      'tooManyAttempts',
      { seconds: retryAfterSeconds },
      { retryAfter: retryAfterSeconds },
      {
        'retry-after': String(retryAfterSeconds),
      },
    ),
};

/** Seconds a caller is told to wait after a storage fault (Retry-After). */
export const STORAGE_RETRY_AFTER_SECONDS = 5;

/**
 * File storage could not serve the call just now (a transient fault, see `storageFault` in storage.ts): answered 503
 * (5031) with Retry-After; the fault itself is the cause (logged, never sent). A job meeting it is retried.
 */
export class StorageUnavailableError extends AppError {
  constructor(cause: unknown) {
    super(
      ErrorCode.STORAGE_UNAVAILABLE,
      'storageUnavailable',
      {},
      null,
      { 'retry-after': String(STORAGE_RETRY_AFTER_SECONDS) },
      undefined,
      { cause },
    );
  }
}
