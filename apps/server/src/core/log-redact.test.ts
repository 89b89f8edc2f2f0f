import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { REDACTED, redactSecrets, redactUrl, serializeError } from './log-redact.js';

/** Token-like values: base64url (refresh tokens), JWT-shaped, or anything printable without separators. */
const secret = fc.oneof(
  fc.base64String({ minLength: 8, maxLength: 64 }).map((s) => s.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '') || 'abcdefgh'),
  fc
    .tuple(fc.base64String({ minLength: 8 }), fc.base64String({ minLength: 8 }))
    .map(([a, b]) => `eyJhbGciOiJIUzI1NiJ9.${a.replace(/[+/=]/g, 'x')}.${b.replace(/[+/=]/g, 'y')}`),
  fc.stringMatching(/^[A-Za-z0-9._~%-]{8,80}$/),
);
const name = fc.constantFrom('token', 'refreshToken', 'access_token', 'refresh_token', 'TOKEN', 'apiKey', 'aesKey', 'password');

describe('redactSecrets', () => {
  it('removes every secret query value from an address and keeps the rest', () => {
    fc.assert(
      fc.property(name, secret, fc.boolean(), (n, value, first) => {
        const url = first ? `/api/wms?${n}=${value}&SERVICE=WMS&LAYERS=fine.t2m` : `/api/wms?SERVICE=WMS&${n}=${value}#x`;
        const out = redactUrl(url);
        expect(out).not.toContain(value);
        expect(out).toContain(`${n}=${REDACTED}`);
        expect(out).toContain('SERVICE=WMS');
      }),
    );
  });

  it('removes secrets from JSON text (a whole log line), bearer headers and bare JWTs', () => {
    fc.assert(
      fc.property(name, secret, (n, value) => {
        const line = JSON.stringify({
          level: 30,
          req: { url: `/api/login/refresh?${n}=${value}` },
          body: { [n]: value },
          msg: 'incoming request',
        });
        const out = redactSecrets(line);
        expect(out).not.toContain(value);
        expect(JSON.parse(out)).toMatchObject({ level: 30, msg: 'incoming request' });
      }),
    );
    expect(redactSecrets('authorization: Bearer abc.def.ghi')).toBe(`authorization: Bearer ${REDACTED}`);
    expect(redactSecrets('failed for eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl now')).toBe(`failed for ${REDACTED} now`);
  });

  it('leaves text without secrets unchanged', () => {
    for (const text of ['/api/wms?SERVICE=WMS&LAYERS=fine.t2m', '/api/user/info', '{"msg":"request completed","res":{"statusCode":200}}']) {
      expect(redactSecrets(text)).toBe(text);
    }
  });
});

describe('serializeError', () => {
  it('keeps type, message and stack, and redacts secrets in them and in own fields', () => {
    const err = Object.assign(new Error('GET /api/wms?token=eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl failed'), {
      code: 'E_X',
      refreshToken: 'r-secret-1234',
      detail: { url: '/api/login/refresh?refreshToken=r-secret-1234' },
    });
    const out = serializeError(err) as Record<string, unknown>;
    expect(out).toMatchObject({ type: 'Error', code: 'E_X', refreshToken: REDACTED });
    expect(JSON.stringify(out)).not.toContain('r-secret-1234');
    expect(JSON.stringify(out)).not.toContain('c2lnbmF0dXJl');
    expect(String(out.stack)).toContain('log-redact.test');
  });
});
