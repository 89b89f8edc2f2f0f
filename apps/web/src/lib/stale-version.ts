import { ErrorCode } from '@agromet/contracts/web';
import { ApiError } from './request';

export type ConflictKind = 'stale' | 'gone' | 'other';

/** Whether a failed save is worth a second look: the server answered 4009 (stale version, duplicate, …). */
export function isConflict(error: unknown): error is ApiError {
  return error instanceof ApiError && error.code === ErrorCode.CONFLICT;
}

/**
 * What a 4009 answer to an update meant, judged by the record as it is now: another version than the one
 * sent means someone else changed it (stale); no record means it was deleted; the same version means the
 * conflict was something else (a duplicate name, the last administrator, …) and the toast said it all.
 */
export function classifyConflict(sentVersion: number, current: { version: number } | null | undefined): ConflictKind {
  if (!current) return 'gone';
  return current.version !== sentVersion ? 'stale' : 'other';
}
