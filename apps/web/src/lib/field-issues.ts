import { ErrorCode } from '@agromet/contracts/web';
import { ApiError } from './request';

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
