import { describe, expect, it } from 'vitest';
import { hashPassword, randomPassword, verifyPassword } from './password.js';

describe('password hashing', () => {
  it('uses scrypt at OWASP parameters by default (N=2^17, r=8, p=1) with a random salt', async () => {
    const a = await hashPassword('correct horse');
    const b = await hashPassword('correct horse');
    expect(a).toMatch(/^scrypt\$17\$8\$1\$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword('correct horse', a)).toBe(true);
    expect(await verifyPassword('correct horsE', a)).toBe(false);
    // Four hashes at full cost (128 MiB each) take about a second on an idle machine and many more on a loaded one.
  }, 60_000);

  it('verifies hashes made at another cost and rejects garbage', async () => {
    const h = await hashPassword('pässwörd', 12);
    expect(await verifyPassword('pässwörd', h)).toBe(true);
    expect(await verifyPassword('x', 'bcrypt$whatever')).toBe(false);
  });

  it('makes long random passwords', () => {
    const p = randomPassword();
    expect(p).toHaveLength(18);
    expect(p).not.toBe(randomPassword());
  });
});
