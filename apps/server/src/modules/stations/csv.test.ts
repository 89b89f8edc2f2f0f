import { describe, expect, it } from 'vitest';
import { CsvError, parseCsv } from './csv.js';

describe('parseCsv', () => {
  it('reads plain, quoted and multi-line fields with their starting lines', () => {
    const text = '\ufeffa,b,c\r\n1,"x, y","he said ""hi"""\r\n\r\n2,"two\nlines",z\n3,,\n';
    expect(parseCsv(text)).toEqual([
      { line: 1, fields: ['a', 'b', 'c'] },
      { line: 2, fields: ['1', 'x, y', 'he said "hi"'] },
      { line: 4, fields: ['2', 'two\nlines', 'z'] },
      { line: 6, fields: ['3', '', ''] },
    ]);
  });
  it('reads a last line without a line end', () => {
    expect(parseCsv('a,b\n1,2')).toEqual([
      { line: 1, fields: ['a', 'b'] },
      { line: 2, fields: ['1', '2'] },
    ]);
  });
  it('refuses an unclosed quote, naming its line', () => {
    expect(() => parseCsv('a,b\n1,"oops\n2,3\n')).toThrow(CsvError);
    try {
      parseCsv('a,b\n1,"oops\n2,3\n');
    } catch (e) {
      expect((e as CsvError).line).toBe(2);
    }
  });
  it('counts lines through mixed line ends and line breaks inside quotes, and skips blank lines', () => {
    expect(parseCsv('a,b\n\n\n1,"2\r\nx"\r\n\r\n5,6\r7,8')).toEqual([
      { line: 1, fields: ['a', 'b'] },
      { line: 4, fields: ['1', '2\r\nx'] },
      { line: 7, fields: ['5', '6'] },
      { line: 8, fields: ['7', '8'] },
    ]);
  });
  it('refuses a quote in the middle of an unquoted field, naming the record and saying it is not an unclosed quote', () => {
    expect(() => parseCsv('a,b\n1,x"y"z\n')).toThrow(expect.objectContaining({ line: 2, unclosedQuote: false }));
  });
});
