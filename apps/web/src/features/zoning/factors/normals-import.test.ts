import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/request';
import { checkNormalsFile, normalsIssuesOf } from './normals-import';

describe('normals import', () => {
  it('reads the per-row problems of a refusal in file order', () => {
    const error = new ApiError('bad', {
      code: 4100,
      status: 400,
      kind: 'api',
      notified: true,
      data: { issues: [{ row: 5, field: 'value', message: 'x' }, { row: 2, field: 'station', message: 'y' }, { field: 'file' }] },
    });
    expect(normalsIssuesOf(error)?.map((i) => i.row)).toEqual([2, 5]);
    expect(normalsIssuesOf(new ApiError('x', { code: 4009, status: 409, kind: 'api', notified: true }))).toBeNull();
    expect(normalsIssuesOf(new Error('x'))).toBeNull();
  });

  it('checks the file before sending it', () => {
    expect(checkNormalsFile({ name: 'n.csv', type: '', size: 10 })).toBeNull();
    expect(checkNormalsFile({ name: 'n.txt', type: 'text/plain', size: 10 })).toEqual({ key: 'importNotCsv' });
    expect(checkNormalsFile({ name: 'n.csv', type: 'text/csv', size: 1e9 })?.key).toBe('importTooLarge');
  });
});
