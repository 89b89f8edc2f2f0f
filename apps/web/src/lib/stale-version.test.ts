import { describe, expect, it } from 'vitest';
import { ApiError } from './request';
import { classifyConflict, isConflict } from './stale-version';

describe('stale versions', () => {
  it('recognises a 4009 answer', () => {
    expect(isConflict(new ApiError('x', { code: 4009, status: 409, kind: 'api', notified: true }))).toBe(true);
    expect(isConflict(new ApiError('x', { code: 4003, status: 403, kind: 'api', notified: true }))).toBe(false);
    expect(isConflict(new Error('x'))).toBe(false);
  });

  it('tells a stale version from other conflicts by the current record', () => {
    expect(classifyConflict(3, { version: 4 })).toBe('stale');
    expect(classifyConflict(3, { version: 3 })).toBe('other');
    expect(classifyConflict(3, null)).toBe('gone');
    expect(classifyConflict(3, undefined)).toBe('gone');
  });
});
