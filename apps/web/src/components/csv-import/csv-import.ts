import { ErrorCode } from '@agromet/contracts/web';
import { ApiError } from '../../lib/request';
import { formatKb } from '../../lib/format-size';

/** One problem of a refused all-or-nothing CSV import: the file's line (header = 1), the column, what is wrong. */
export interface CsvImportIssue {
  row: number;
  field: string;
  message: string;
}

const isIssue = (x: unknown): x is CsvImportIssue => {
  const i = x as Partial<CsvImportIssue> | null;
  return typeof i === 'object' && i !== null && typeof i.row === 'number' && typeof i.field === 'string' && typeof i.message === 'string';
};

/** The per-row problems of a refused import (4100 with data.issues), in file order; null when it failed otherwise. */
export function csvImportIssuesOf(error: unknown): CsvImportIssue[] | null {
  if (!(error instanceof ApiError) || error.code !== ErrorCode.VALIDATION) return null;
  const issues = (error.data as { issues?: unknown } | null)?.issues;
  if (!Array.isArray(issues)) return null;
  const valid = issues.filter(isIssue).filter((i) => i.row > 0);
  return valid.length > 0 ? [...valid].sort((a, b) => a.row - b.row) : null;
}

export type CsvFileProblem = { key: 'importNotCsv' } | { key: 'importTooLarge'; max: string };

/** Spreadsheet files an import may also take besides CSV (an Excel workbook). */
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Checks the chosen file before sending it: a .csv (or text/csv), or with `xlsx` also an .xlsx workbook, no larger
 * than the server takes.
 */
export function checkCsvFile(file: Pick<File, 'name' | 'type' | 'size'>, maxKb: number, xlsx = false): CsvFileProblem | null {
  const csv = /\.csv$/i.test(file.name) || file.type === 'text/csv';
  const workbook = xlsx && (/\.xlsx$/i.test(file.name) || file.type === XLSX_TYPE);
  if (!csv && !workbook) return { key: 'importNotCsv' };
  if (file.size > maxKb * 1024) return { key: 'importTooLarge', max: formatKb(maxKb) };
  return null;
}
