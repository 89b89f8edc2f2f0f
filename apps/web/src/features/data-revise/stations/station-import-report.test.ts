import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/request';
import { badLineCount, checkImportFile, importIssuesOf, importReportRows } from './station-import-report';

const refusal = (data: unknown, code = 4100) => new ApiError('refused', { code, status: 400, kind: 'api', notified: true, data });

describe('the report of a refused station import', () => {
  const issues = [
    { row: 5, field: 'latitude', message: 'too big' },
    { row: 3, field: 'longitude', message: 'too big' },
    { row: 3, field: 'stationNumber', message: 'duplicate' },
    { row: 1, field: 'file', message: 'unknown column' },
  ];

  it('reads the issues of a 4100 answer only', () => {
    expect(importIssuesOf(refusal({ issues }))).toEqual(issues);
    expect(importIssuesOf(refusal({ issues: [] }))).toBeNull();
    expect(importIssuesOf(refusal({ issues: [{ row: 'x' }] }))).toBeNull();
    expect(importIssuesOf(refusal({ issues }, 4009))).toBeNull();
    expect(importIssuesOf(refusal(null))).toBeNull();
    expect(importIssuesOf(new Error('x'))).toBeNull();
  });

  it('lists problems by line, then in column order, naming known columns', () => {
    const rows = importReportRows(issues);
    expect(rows.map((r) => [r.row, r.field, r.column])).toEqual([
      [1, 'file', null],
      [3, 'stationNumber', 'stationNumber'],
      [3, 'longitude', 'longitude'],
      [5, 'latitude', 'latitude'],
    ]);
    expect(new Set(rows.map((r) => r.key)).size).toBe(rows.length);
    expect(badLineCount(issues)).toBe(3);
  });
});

describe('the file to import', () => {
  it('must be a CSV within the size limit', () => {
    expect(checkImportFile({ name: 'a.CSV', type: '', size: 10 })).toBeNull();
    expect(checkImportFile({ name: 'a.txt', type: 'text/csv', size: 10 })).toBeNull();
    expect(checkImportFile({ name: 'a.xlsx', type: 'application/vnd.ms-excel', size: 10 })).toEqual({ key: 'importNotCsv' });
    expect(checkImportFile({ name: 'a.csv', type: 'text/csv', size: 2048 * 1024 + 1 })).toEqual({ key: 'importTooLarge', max: 2048 });
  });
});
