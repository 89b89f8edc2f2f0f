import { ErrorCode, STATION_IMPORT_MAX_KB } from '@agromet/contracts/web';
import type { StationImportIssue } from '@agromet/contracts';
import { ApiError } from '../../../lib/request';
import { STATION_FIELDS, type StationField } from './station-values';

/** One line of the refused import's report, in file order. */
export interface ImportReportRow {
  key: string;
  /** Line of the file (the header is line 1). */
  row: number;
  /** The column as the server named it. */
  field: string;
  /** A station column the page can name in the user's language; null for the file itself or an unknown name. */
  column: StationField | null;
  message: string;
}

function isIssue(x: unknown): x is StationImportIssue {
  const i = x as Partial<StationImportIssue> | null;
  return typeof i === 'object' && i !== null && typeof i.row === 'number' && typeof i.field === 'string' && typeof i.message === 'string';
}

/** The per-row problems of a refused import (4100 with data.issues), or null when the failure was something else. */
export function importIssuesOf(error: unknown): StationImportIssue[] | null {
  if (!(error instanceof ApiError) || error.code !== ErrorCode.VALIDATION) return null;
  const issues = (error.data as { issues?: unknown } | null)?.issues;
  if (!Array.isArray(issues)) return null;
  const valid = issues.filter(isIssue);
  return valid.length > 0 ? valid : null;
}

const columnOf = (field: string): StationField | null =>
  (STATION_FIELDS as readonly string[]).includes(field) ? (field as StationField) : null;

/** The report's rows: by line, then in the order of the station's columns. */
export function importReportRows(issues: readonly StationImportIssue[]): ImportReportRow[] {
  const order = (field: string) => {
    const k = (STATION_FIELDS as readonly string[]).indexOf(field);
    return k < 0 ? -1 : k;
  };
  return [...issues]
    .sort((a, b) => a.row - b.row || order(a.field) - order(b.field))
    .map((issue, k) => ({
      key: `${issue.row}-${issue.field}-${k}`,
      row: issue.row,
      field: issue.field,
      column: columnOf(issue.field),
      message: issue.message,
    }));
}

/** How many distinct lines of the file have problems. */
export function badLineCount(issues: readonly StationImportIssue[]): number {
  return new Set(issues.map((i) => i.row)).size;
}

export type ImportFileProblem = { key: 'importNotCsv' } | { key: 'importTooLarge'; max: number };

/** Checks the chosen file before sending it: a .csv (or text/csv) no larger than the server takes. */
export function checkImportFile(file: Pick<File, 'name' | 'type' | 'size'>): ImportFileProblem | null {
  const csv = /\.csv$/i.test(file.name) || file.type === 'text/csv';
  if (!csv) return { key: 'importNotCsv' };
  if (file.size > STATION_IMPORT_MAX_KB * 1024) return { key: 'importTooLarge', max: STATION_IMPORT_MAX_KB };
  return null;
}
