/*
 * When a job is taken up again: after its process stopped (stale, MAX_ATTEMPTS times at most) or after a storage fault
 * (STORAGE_RETRIES times, waiting longer each time).
 */

/**
 * By default, an unfinished job untouched for this long belongs to a process that stopped: another takes it up (or
 * fails it). Processes mark their jobs alive at a third of it.
 */
export const STALE_AFTER_MS = 30_000;
/** How many times a job is taken up before it is failed as interrupted (a job that kills its process must end). */
export const MAX_ATTEMPTS = 3;
/**
 * How many times a job that failed on a storage fault (S3 or the disk unavailable, core/storage.ts) is run again
 * before it is failed: each wait is JOB_RETRY_SECONDS doubled per retry, at most STORAGE_RETRY_MAX_DELAY_MS (with the
 * default of 2 s: 2, 4, 8 … 60 s, about four minutes in all).
 */
export const STORAGE_RETRIES = 8;
/** The longest wait between two runs of a job meeting a storage fault. */
export const STORAGE_RETRY_MAX_DELAY_MS = 60_000;
/** The default first wait (JOB_RETRY_SECONDS). */
export const STORAGE_RETRY_BASE_MS = 2000;

/** The wait before retry number `retry` (1 for the first) after a storage fault. */
export function storageRetryDelayMs(baseMs: number, retry: number): number {
  return Math.min(baseMs * 2 ** Math.max(0, retry - 1), STORAGE_RETRY_MAX_DELAY_MS);
}

/**
 * Thrown to a shared queue by a run that met a storage fault and will be retried: the queue runs the job again after
 * its backoff (the row says it is queued, waiting).
 */
export class JobRetryLater extends Error {
  constructor(cause: unknown) {
    super('the job met a storage fault and is retried later', { cause });
  }
}
