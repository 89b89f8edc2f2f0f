import { describe, expect, it } from 'vitest';
import { readHandoff } from './handoff';

describe('readHandoff', () => {
  it('reads a token from the query or the hash', () => {
    expect(readHandoff('?token=abc', '')).toEqual({ accessToken: 'abc' });
    expect(readHandoff('', '#access_token=xyz&refresh_token=r&expired=7200')).toEqual({
      accessToken: 'xyz',
      refreshToken: 'r',
      expired: 7200,
    });
  });
  it('is null without a token', () => {
    expect(readHandoff('', '')).toBeNull();
    expect(readHandoff('?x=1', '#y=2')).toBeNull();
  });
});
