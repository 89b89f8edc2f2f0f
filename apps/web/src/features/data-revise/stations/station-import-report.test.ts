import { describe, expect, it } from 'vitest';
import { badLineCount, importReportRows } from './station-import-report';

describe('the report of a refused station import', () => {
  const issues = [
    { row: 5, field: 'latitude', message: 'too big' },
    { row: 3, field: 'longitude', message: 'too big' },
    { row: 3, field: 'stationNumber', message: 'duplicate' },
    { row: 1, field: 'file', message: 'unknown column' },
  ];

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
