import type { StationImportIssue } from '@agromet/contracts';
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
