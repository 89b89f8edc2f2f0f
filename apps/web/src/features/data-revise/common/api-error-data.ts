import { ErrorCode } from '@agromet/contracts/web';
import { ApiError } from '../../../lib/request';

// The fields of a 4100 answer: shared with every form (lib/field-issues.ts).
export { fieldIssuesOf, type FieldIssue } from '../../../lib/field-issues';

/** The form field a 4009 answer is about (a duplicate station number names `stationNumber`), if any. */
export function conflictField(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || error.code !== ErrorCode.CONFLICT) return undefined;
  const data = error.data as { field?: unknown } | null;
  return data && typeof data.field === 'string' ? data.field : undefined;
}
