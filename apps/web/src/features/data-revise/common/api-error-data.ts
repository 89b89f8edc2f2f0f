import { ErrorCode } from '@agromet/contracts/web';
import { ApiError } from '../../../lib/request';

/** One field the server refused (4100 answers carry `data.issues`). */
export interface FieldIssue {
  field: string;
  message: string;
}

/** The fields a 4100 answer refused, with the server's (translated) message; empty for other failures. */
export function fieldIssuesOf(error: unknown): FieldIssue[] {
  if (!(error instanceof ApiError) || error.code !== ErrorCode.VALIDATION) return [];
  const issues = (error.data as { issues?: unknown } | null)?.issues;
  if (!Array.isArray(issues)) return [];
  return issues.flatMap((i: unknown) => {
    const x = i as Partial<FieldIssue> | null;
    return x && typeof x.field === 'string' && x.field !== ''
      ? [{ field: x.field, message: typeof x.message === 'string' ? x.message : error.message }]
      : [];
  });
}

/** The form field a 4009 answer is about (a duplicate station number names `stationNumber`), if any. */
export function conflictField(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || error.code !== ErrorCode.CONFLICT) return undefined;
  const data = error.data as { field?: unknown } | null;
  return data && typeof data.field === 'string' ? data.field : undefined;
}
