import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { needsNeutralising, neutraliseCell, restoreCell, spreadsheetCsv } from './csv-safe.js';

const DANGEROUS = ['=', '+', '-', '@', '\t', '\r', '\uFF1D', '\uFF0B', '\uFF0D', '\uFF20'];
const startsDangerous = (s: string) => DANGEROUS.some((d) => s.startsWith(d));

/** Text that often starts with quotes and dangerous characters, as well as anything else. */
const cellText = fc.oneof(
  fc.string(),
  fc.tuple(fc.constantFrom('', "'", "''"), fc.constantFrom(...DANGEROUS), fc.string()).map(([q, d, rest]) => q + d + rest),
  fc.constantFrom('=HYPERLINK("http://x","y")', "+1+cmd|' /C calc'!A0", '-2+3', '@SUM(A1)', '\t=1', '-12.5', "'=1", "'plain"),
);

describe('neutraliseCell', () => {
  it('leaves no text cell starting with a dangerous character', () => {
    fc.assert(
      fc.property(cellText, (s) => {
        expect(startsDangerous(neutraliseCell(s) as string)).toBe(false);
      }),
    );
  });

  it('changes safe text and every non-text value not at all', () => {
    fc.assert(
      fc.property(cellText, (s) => {
        if (!needsNeutralising(s)) expect(neutraliseCell(s)).toBe(s);
        else expect(neutraliseCell(s)).toBe(`'${s}`);
      }),
    );
    fc.assert(
      fc.property(fc.oneof(fc.double(), fc.integer(), fc.boolean(), fc.constant(null), fc.constant(undefined)), (v) => {
        expect(neutraliseCell(v)).toBe(v);
      }),
    );
  });

  it('keeps numbers numbers: a negative longitude or temperature is not text', () => {
    expect(neutraliseCell(-12.5)).toBe(-12.5);
    expect(neutraliseCell('-12.5')).toBe("'-12.5");
  });

  it('is undone exactly by restoreCell', () => {
    fc.assert(
      fc.property(cellText, (s) => {
        expect(restoreCell(neutraliseCell(s) as string)).toBe(s);
      }),
    );
    // A quote a user typed is kept.
    expect(restoreCell("'plain")).toBe("'plain");
  });
});

describe('spreadsheetCsv', () => {
  it('writes neutralised text quoted and numbers as they are, and reads back to the same cells', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(cellText, fc.double({ noNaN: true, noDefaultInfinity: true })), { minLength: 1, maxLength: 5 }),
        (rows) => {
          const csv = spreadsheetCsv(
            rows.map(([text, n]) => ({ text, n })),
            ['text', 'n'],
          );
          // Read back with an independent CSV reader.
          const [header, ...records] = (parse(csv, { bom: true, relax_column_count: true }) as string[][]).map((fields) => ({ fields }));
          expect(header!.fields).toEqual(['text', 'n']);
          // Quoted fields may span lines; compare the parsed cells.
          expect(records.map((r) => r.fields[0])).toEqual(rows.map(([text]) => neutraliseCell(text)));
          expect(records.map((r) => Number(r.fields[1]))).toEqual(rows.map(([, n]) => (Object.is(n, -0) ? 0 : n)));
          for (const r of records) expect(startsDangerous(r.fields[0]!)).toBe(false);
        },
      ),
    );
  });

  it('quotes every neutralised cell', () => {
    const csv = spreadsheetCsv([{ a: '=1+1', b: -3, c: 'ok' }], ['a', 'b', 'c']);
    expect(csv).toBe('\ufeffa,b,c\n"\'=1+1",-3,ok\n');
  });
});
