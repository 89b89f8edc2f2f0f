import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SecretBox } from './secret-box.js';

describe('secret box', () => {
  it('opens what it sealed, never shows the secret, and refuses another key or a changed byte', () => {
    const box = new SecretBox('k'.repeat(40));
    const other = new SecretBox('j'.repeat(40));
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 80 }), fc.nat(), (secret, at) => {
        const sealed = box.seal(secret);
        expect(box.open(sealed)).toBe(secret);
        expect(sealed.includes(secret) && secret.length > 3).toBe(false);
        expect(() => other.open(sealed)).toThrow();
        const parts = sealed.split('.');
        const body = Buffer.from(parts[3]!, 'base64url');
        const k = at % body.length;
        body[k] = body[k]! ^ 1;
        expect(() => box.open([...parts.slice(0, 3), body.toString('base64url')].join('.'))).toThrow();
      }),
    );
    expect(box.seal('')).toBe('');
    expect(box.seal('same')).not.toBe(box.seal('same'));
  });
});
