import { describe, expect, it } from 'vitest';
import { validateUserInfo } from './user-info-rules';

describe('validateUserInfo', () => {
  it('needs data', () => {
    expect(validateUserInfo(null)).toBe('missing');
    expect(validateUserInfo('x')).toBe('missing');
  });
  it('needs a non-empty roles array', () => {
    expect(validateUserInfo({})).toBe('roles');
    expect(validateUserInfo({ roles: null })).toBe('roles');
    expect(validateUserInfo({ roles: [] })).toBe('roles');
    expect(validateUserInfo({ roles: 'admin' })).toBe('roles');
    expect(validateUserInfo({ roles: ['admin'] })).toBeNull();
  });
});
