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
    expect(parseCsv('a,b\n1,2')).toEqual([{ line: 1, fields: ['a', 'b'] }, { line: 2, fields: ['1', '2'] }]);
  });
  it('refuses an unclosed quote, naming its line', () => {
    expect(() => parseCsv('a,b\n1,"oops\n2,3\n')).toThrow(CsvError);
    try {
      parseCsv('a,b\n1,"oops\n2,3\n');
    } catch (e) {
      expect((e as CsvError).line).toBe(2);
    }
  });
});
