import { describe, expect, it } from 'vitest';
import { redact } from './audit.js';

describe('redact', () => {
  it('hides passwords, tokens and secrets at any depth and keeps the rest', () => {
    expect(
      redact({
        username: 'a',
        password: 'p',
        newPassword: 'n',
        confirmPassword: 'c',
        refreshToken: 't',
        nested: { appSecret: 's', list: [{ access_token: 'x', keep: 1 }] },
      }),
    ).toEqual({
      username: 'a',
      password: '******',
      newPassword: '******',
      confirmPassword: '******',
      refreshToken: '******',
      nested: { appSecret: '******', list: [{ access_token: '******', keep: 1 }] },
    });
  });

  it('redacts secrets inside text values too', () => {
    expect(redact({ next: '/api/wms?token=abc.def.ghi&LAYERS=x', note: 'Bearer xyz' })).toEqual({
      next: '/api/wms?token=[REDACTED]&LAYERS=x',
      note: 'Bearer [REDACTED]',
    });
  });
});
