/** Error codes of the API envelope, with the HTTP status each is sent with (docs/api.md#error-codes). */
export const ErrorCode = {
  OK: 0,
  TOKEN_MISSING: 4000,
  TOKEN_EXPIRED: 4001,
  SESSION_REVOKED: 4002,
  FORBIDDEN: 4003,
  /** The password is one an administrator set: change it before anything else (HTTP 403). */
  PASSWORD_CHANGE_REQUIRED: 4031,
  NOT_FOUND: 4004,
  CONFLICT: 4009,
  VALIDATION: 4100,
  BAD_CREDENTIALS: 4101,
  /** The request was not sent in full within the server's time (HTTP 408). */
  REQUEST_TIMEOUT: 4080,
  /** A body or file over the size limit (HTTP 413). */
  PAYLOAD_TOO_LARGE: 4130,
  /** An address, or a part of it, over the length the server reads (HTTP 414). */
  URI_TOO_LONG: 4140,
  /** Request headers (with the request line) over the size the server reads (HTTP 431). */
  HEADERS_TOO_LARGE: 4310,
  TOO_MANY_ATTEMPTS: 4290,
  INTERNAL: 5000,
  /**
   * An outside service (WeChat) answered an error; `msg` says what to do, `data` has its code (HTTP 502). Also nginx's
   * answer when the API process it passed the call to failed (`data` null).
   */
  UPSTREAM: 5020,
  /** A shared engine the call needs (Redis) cannot be reached just now; try again shortly (HTTP 503, Retry-After). */
  SERVICE_UNAVAILABLE: 5030,
  /**
   * File storage (the S3 bucket, or the local disk: unreachable, timing out, failing, full) cannot serve the call just
   * now; nothing was changed; try again shortly (HTTP 503, Retry-After).
   */
  STORAGE_UNAVAILABLE: 5031,
  /** Answered by the proxy (nginx): no API process answered in time (HTTP 504). */
  GATEWAY_TIMEOUT: 5040,
} as const;

export type ErrorCodeValue = (typeof ErrorCode)[keyof typeof ErrorCode];

export const httpStatusOf: Record<ErrorCodeValue, number> = {
  0: 200,
  4000: 401,
  4001: 401,
  4002: 401,
  4003: 403,
  4031: 403,
  4004: 404,
  4009: 409,
  4100: 400,
  4101: 401,
  5020: 502,
  5030: 503,
  5031: 503,
  5040: 504,
  4080: 408,
  4130: 413,
  4140: 414,
  4310: 431,
  4290: 429,
  5000: 500,
};

/** Codes after which the web asks the user to sign in again. */
export const RELOGIN_CODES: readonly number[] = [ErrorCode.TOKEN_MISSING, ErrorCode.TOKEN_EXPIRED, ErrorCode.SESSION_REVOKED];

export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}
