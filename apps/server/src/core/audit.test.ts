import { describe, expect, it } from 'vitest';
import { redact } from './audit.js';

describe('redact', () => {
  it('hides passwords, tokens and secrets at any depth and keeps the rest', () => {
    expect(redact({
      username: 'a', password: 'p', newPassword: 'n', confirmPassword: 'c', refreshToken: 't',
      nested: { appSecret: 's', list: [{ access_token: 'x', keep: 1 }] },
    })).toEqual({
      username: 'a', password: '******', newPassword: '******', confirmPassword: '******', refreshToken: '******',
      nested: { appSecret: '******', list: [{ access_token: '******', keep: 1 }] },
    });
  });
});
