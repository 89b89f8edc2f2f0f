import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/request';
import { checkCsvFile, csvImportIssuesOf, XLSX_TYPE } from './csv-import';

const refusal = (data: unknown, code = 4100) => new ApiError('refused', { code, status: 400, kind: 'api', notified: true, data });

describe('the answer to a CSV import', () => {
  it('reads the per-row problems of a 4100 refusal only, in file order', () => {
    const issues = [
      { row: 5, field: 'value', message: 'x' },
      { row: 2, field: 'station', message: 'y' },
      { row: 1, field: 'file', message: 'unknown column' },
      { field: 'file' },
    ];
    expect(csvImportIssuesOf(refusal({ issues }))?.map((i) => [i.row, i.field])).toEqual([
      [1, 'file'],
      [2, 'station'],
      [5, 'value'],
    ]);
    expect(csvImportIssuesOf(refusal({ issues: [] }))).toBeNull();
    expect(csvImportIssuesOf(refusal({ issues: [{ row: 'x' }] }))).toBeNull();
    expect(csvImportIssuesOf(refusal({ issues }, 4009))).toBeNull();
    expect(csvImportIssuesOf(refusal(null))).toBeNull();
    expect(csvImportIssuesOf(new Error('x'))).toBeNull();
  });
});

describe('the file to import', () => {
  it('must be a CSV within the size limit', () => {
    expect(checkCsvFile({ name: 'a.CSV', type: '', size: 10 }, 2048)).toBeNull();
    expect(checkCsvFile({ name: 'a.txt', type: 'text/csv', size: 10 }, 2048)).toBeNull();
    expect(checkCsvFile({ name: 'a.xlsx', type: 'application/vnd.ms-excel', size: 10 }, 2048)).toEqual({ key: 'importNotCsv' });
    expect(checkCsvFile({ name: 'a.csv', type: 'text/csv', size: 2048 * 1024 }, 2048)).toBeNull();
    expect(checkCsvFile({ name: 'a.csv', type: 'text/csv', size: 2048 * 1024 + 1 }, 2048)).toEqual({ key: 'importTooLarge', max: '2 MB' });
  });

  it('takes an Excel workbook only where the import reads one', () => {
    expect(checkCsvFile({ name: 'records.xlsx', type: '', size: 10 }, 2048, true)).toBeNull();
    expect(checkCsvFile({ name: 'records.bin', type: XLSX_TYPE, size: 10 }, 2048, true)).toBeNull();
    expect(checkCsvFile({ name: 'records.xls', type: 'application/vnd.ms-excel', size: 10 }, 2048, true)).toEqual({ key: 'importNotCsv' });
    expect(checkCsvFile({ name: 'records.xlsx', type: '', size: 10 }, 2048)).toEqual({ key: 'importNotCsv' });
  });
});
