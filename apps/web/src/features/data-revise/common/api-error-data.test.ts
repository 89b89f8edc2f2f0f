import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/request';
import { conflictField, fieldIssuesOf } from './api-error-data';

const err = (code: number, data: unknown) => new ApiError('server says no', { code, status: 400, kind: 'api', notified: true, data });

describe('details of refused calls', () => {
  it('reads the fields a 4100 refused', () => {
    expect(
      fieldIssuesOf(err(4100, { issues: [{ field: 'name', message: 'too short' }, { field: 'longitude' }, { message: 'x' }] })),
    ).toEqual([
      { field: 'name', message: 'too short' },
      { field: 'longitude', message: 'server says no' },
    ]);
    expect(fieldIssuesOf(err(4100, null))).toEqual([]);
    expect(fieldIssuesOf(err(4009, { issues: [{ field: 'name', message: 'x' }] }))).toEqual([]);
    expect(fieldIssuesOf(new Error('x'))).toEqual([]);
  });

  it('reads the field a conflict is about', () => {
    expect(conflictField(err(4009, { field: 'stationNumber' }))).toBe('stationNumber');
    expect(conflictField(err(4009, { currentVersion: 3 }))).toBeUndefined();
    expect(conflictField(err(4009, null))).toBeUndefined();
    expect(conflictField(err(4100, { field: 'name' }))).toBeUndefined();
  });
});
