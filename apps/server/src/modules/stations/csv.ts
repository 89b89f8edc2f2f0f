import { CsvError as ParseError, parse } from 'csv-parse/sync';
import { decodeText } from '@agromet/grid';

/** One CSV record with the file line it starts on (1-based). */
export interface CsvRecord {
  line: number;
  fields: string[];
}

/** A file that is not readable CSV, with the line of the record where reading stopped. */
export class CsvError extends Error {
  constructor(
    readonly line: number,
    /** An opened quote is never closed (else some other malformed record). */
    readonly unclosedQuote: boolean,
  ) {
    super(unclosedQuote ? `unclosed quote in the record starting on line ${line}` : `malformed CSV in the record starting on line ${line}`);
  }
}

const lineBreaks = (text: string) => text.match(/\r\n|\r|\n/g)?.length ?? 0;

/**
 * RFC 4180 CSV through csv-parse: comma-separated, fields optionally in double quotes (a doubled quote inside is one
 * quote, quoted fields may hold commas and line breaks), CRLF, LF or CR line ends even mixed in one file, fields kept
 * as written (spaces included), a leading byte-order mark ignored, blank lines skipped. Each record keeps the line it starts on,
 * counted from the raw text, so that an import report can name it.
 */
export function parseCsv(text: string): CsvRecord[] {
  const records: CsvRecord[] = [];
  let line = 1;
  try {
    parse(text, {
      bom: true,
      raw: true,
      relax_column_count: true,
      record_delimiter: ['\r\n', '\n', '\r'],
      // With `raw`, each record arrives as { raw, record } (csv-parse's typings do not model that option).
      on_record: ((entry: { raw: string; record: string[] }) => {
        if (entry.record.length > 1 || entry.record[0]!.trim() !== '') records.push({ line, fields: entry.record });
        line += lineBreaks(entry.raw);
        return null;
      }) as never,
    });
  } catch (e) {
    if (e instanceof ParseError) throw new CsvError(line, e.code === 'CSV_QUOTE_NOT_CLOSED');
    throw e;
  }
  return records;
}

/** What refuses a whole uploaded file: a message key with its parameters and the row it concerns (1 for the file). */
export type CsvFileIssue = (
  key:
    | 'csvUnclosedQuote'
    | 'csvMalformed'
    | 'stationImportEmpty'
    | 'stationImportUnknownColumns'
    | 'stationImportMissingColumns'
    | 'stationImportTooMany',
  params?: Record<string, string | number>,
  row?: number,
) => Error;

/**
 * Reads an uploaded CSV table for an all-or-nothing import: the text decoded (UTF-8 or GBK), its header mapped to
 * known columns, and its data records. A malformed or empty file, an unknown or missing column, or more rows than
 * allowed is refused through `issue` before any row is looked at.
 */
export function readCsvTable<C extends string>(
  bytes: Uint8Array,
  columnOf: (header: string) => C | undefined,
  required: readonly C[],
  maxRows: number,
  issue: CsvFileIssue,
): { mapping: Array<C | undefined>; data: CsvRecord[] } {
  let records;
  try {
    records = parseCsv(decodeText(bytes).text);
  } catch (e) {
    if (e instanceof CsvError) throw issue(e.unclosedQuote ? 'csvUnclosedQuote' : 'csvMalformed', { row: e.line }, e.line);
    throw e;
  }
  const [header, ...data] = records;
  if (!header) throw issue('stationImportEmpty');
  const mapping = header.fields.map(columnOf);
  const unknown = header.fields.filter((h, k) => mapping[k] === undefined && h.trim() !== '');
  if (unknown.length > 0) throw issue('stationImportUnknownColumns', { columns: unknown.join(', ') });
  const missing = required.filter((c) => !mapping.includes(c));
  if (missing.length > 0) throw issue('stationImportMissingColumns', { columns: missing.join(', ') });
  if (data.length === 0) throw issue('stationImportEmpty');
  if (data.length > maxRows) throw issue('stationImportTooMany', { max: maxRows });
  return { mapping, data };
}
