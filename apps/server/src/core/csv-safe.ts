import { stringify } from 'csv-stringify/sync';

/**
 * Formula injection (OWASP "CSV Injection"): a spreadsheet runs a cell that begins with = + - @, a tab or a carriage
 * return as a formula. Every text cell the console writes into a CSV goes through `neutraliseCell`: such a cell gets
 * a leading single quote (shown as text) and is written quoted. Full-width = + - @ are included, as some spreadsheet
 * programs normalise them to their ASCII forms.
 *
 * Only text is neutralised: numbers (longitude -12.5, a temperature of -3) are written as numbers, so numeric columns
 * stay numeric. A text cell that merely looks like a number ("-12") is still text and is neutralised.
 *
 * Cells that begin with quotes followed by a dangerous character are prefixed too, so `restoreCell` (used when a CSV
 * the console wrote is imported back) undoes exactly what was added: restoreCell(neutraliseCell(s)) === s for every s.
 */
const DANGEROUS_START = /^'*[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

export const FORMULA_PREFIX = "'";

/** True when a text cell would have to be neutralised. */
export function needsNeutralising(text: string): boolean {
  return DANGEROUS_START.test(text);
}

/** The cell as written: text that a spreadsheet would run gets a leading quote; anything else is unchanged. */
export function neutraliseCell<T>(value: T): T | string {
  return typeof value === 'string' && needsNeutralising(value) ? FORMULA_PREFIX + value : value;
}

/** Undoes `neutraliseCell` on a text cell read back from a CSV: strips the quote only where one was added. */
export function restoreCell(text: string): string {
  return text.startsWith(FORMULA_PREFIX) && needsNeutralising(text.slice(1)) ? text.slice(1) : text;
}

/**
 * A CSV document for spreadsheets: UTF-8 with a byte-order mark (Chinese text reads correctly), a header row, every
 * text cell neutralised and a neutralised cell always quoted.
 */
export function spreadsheetCsv(
  records: ReadonlyArray<Record<string, unknown>> | ReadonlyArray<readonly unknown[]>,
  columns: readonly string[],
): string {
  return `\ufeff${stringify(records as unknown[], {
    header: true,
    columns: [...columns],
    cast: {
      string: (value) => (needsNeutralising(value) ? { value: FORMULA_PREFIX + value, quoted: true } : value),
    },
  })}`;
}
