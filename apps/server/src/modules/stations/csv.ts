/** One CSV record with the file line it starts on (1-based). */
export interface CsvRecord {
  line: number;
  fields: string[];
}

export class CsvError extends Error {
  constructor(readonly line: number) {
    super(`unclosed quote starting on line ${line}`);
  }
}

/**
 * RFC 4180 CSV: comma-separated, fields optionally in double quotes (a doubled quote inside is one quote, quoted
 * fields may hold commas and line breaks), CRLF or LF line ends, a leading byte-order mark ignored.
 */
export function parseCsv(text: string): CsvRecord[] {
  const src = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = '';
  let line = 1;
  let recordLine = 1;
  let quoted = false;
  let quoteLine = 0;
  let k = 0;
  const endField = () => {
    fields.push(field);
    field = '';
  };
  const endRecord = () => {
    endField();
    records.push({ line: recordLine, fields });
    fields = [];
  };
  while (k < src.length) {
    const ch = src[k]!;
    if (quoted) {
      if (ch === '"') {
        if (src[k + 1] === '"') {
          field += '"';
          k += 2;
          continue;
        }
        quoted = false;
        k++;
        continue;
      }
      if (ch === '\n') line++;
      field += ch;
      k++;
      continue;
    }
    if (ch === '"' && field.trim() === '') {
      // A quote opens a quoted field only at its start (spaces before it are dropped).
      field = '';
      quoted = true;
      quoteLine = line;
      k++;
    } else if (ch === ',') {
      endField();
      k++;
    } else if (ch === '\r' || ch === '\n') {
      endRecord();
      k += ch === '\r' && src[k + 1] === '\n' ? 2 : 1;
      line++;
      recordLine = line;
    } else {
      field += ch;
      k++;
    }
  }
  if (quoted) throw new CsvError(quoteLine);
  if (field !== '' || fields.length > 0) endRecord();
  // Blank lines carry no record.
  return records.filter((r) => r.fields.length > 1 || r.fields[0]!.trim() !== '');
}
