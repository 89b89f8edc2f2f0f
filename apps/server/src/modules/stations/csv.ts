import { CsvError as ParseError, parse } from 'csv-parse/sync';

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
