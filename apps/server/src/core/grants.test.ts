import { ADMIN, PERMISSION_CODES, PLATFORM_ONLY_CODES, PLATFORM_SCOPE_CODE } from '@agromet/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { grantRefusal, withheldCodes, withheldReason, type GrantScope } from './grants.js';

const customer = (entitled: string[]): GrantScope => ({ platform: false, entitled: new Set(entitled) });
const platform: GrantScope = { platform: true, entitled: new Set() };
const held = (...codes: string[]) => new Set(codes);

describe('what a caller may grant (docs/security.md#entitlements)', () => {
  it("bounds a customer's administrator by the customer's entitlements, not by its own codes", () => {
    const demo = customer(['travel.scenicspot.admin', 'make.product.admin', 'sys.role.admin']);
    const sysadmin = held('sys.role.admin', 'sys.user.admin');
    expect(withheldReason(sysadmin, demo, 'travel.scenicspot.admin')).toBeNull();
    expect(withheldReason(sysadmin, demo, 'make.product.admin')).toBeNull();
    expect(withheldReason(sysadmin, demo, 'quhua.make.admin')).toBe('notEntitled');
    // Holding a code does not make it grantable where the customer has not bought it.
    expect(withheldReason(sysadmin, demo, 'sys.user.admin')).toBe('notEntitled');
    expect(withheldReason(sysadmin, demo, ADMIN)).toBe('platformOnly');
    expect(withheldReason(sysadmin, demo, PLATFORM_SCOPE_CODE)).toBe('platformOnly');
  });

  it('bounds even admin by the customer: the platform grants the module first', () => {
    expect(withheldReason(held(ADMIN), customer(['sys.log.view']), 'travel.scenicspot.admin')).toBe('notEntitled');
    expect(withheldReason(held(ADMIN), customer([ADMIN]), ADMIN)).toBe('platformOnly');
  });

  it("keeps the platform's own customer bounded by the granter's codes", () => {
    expect(withheldReason(held(ADMIN), platform, ADMIN)).toBeNull();
    expect(withheldReason(held(PLATFORM_SCOPE_CODE, 'sys.role.admin'), platform, PLATFORM_SCOPE_CODE)).toBeNull();
    expect(withheldReason(held(PLATFORM_SCOPE_CODE, 'sys.role.admin'), platform, ADMIN)).toBe('notHeld');
    expect(withheldReason(held(PLATFORM_SCOPE_CODE), platform, 'travel.scenicspot.admin')).toBe('notHeld');
  });

  it('refuses with the codes of the first reason named and every withheld code in the data', () => {
    const withheld = withheldCodes(held('sys.role.admin'), customer(['sys.log.view']), ['travel.scenicspot.admin', ADMIN, 'sys.log.view']);
    expect(withheld).toEqual([
      { code: ADMIN, reason: 'platformOnly' },
      { code: 'travel.scenicspot.admin', reason: 'notEntitled' },
    ]);
    const refusal = grantRefusal(withheld)!;
    expect(refusal.status).toBe(403);
    expect(refusal.key).toBe('platformOnlyCode');
    expect(refusal.params).toEqual({ codes: ADMIN });
    expect(refusal.data).toEqual({ withheld });
    expect(grantRefusal([])).toBeNull();
  });

  const code = fc.constantFrom(...PERMISSION_CODES, 'report.export');
  const codes = fc.uniqueArray(code, { maxLength: 12 });
  it('never lets anyone put a platform code or an unbought module in a customer, whatever they hold', () => {
    fc.assert(
      fc.property(codes, codes, codes, (heldCodes, entitled, asked) => {
        const scope = customer(entitled);
        const granted = asked.filter((c) => withheldReason(new Set(heldCodes), scope, c) === null);
        for (const c of granted) {
          expect(entitled).toContain(c);
          expect(PLATFORM_ONLY_CODES).not.toContain(c);
        }
        // What the caller holds changes nothing in a customer: only the entitlements count.
        expect(withheldCodes(new Set(heldCodes), scope, asked)).toEqual(withheldCodes(new Set(), scope, asked));
      }),
    );
  });

  it("never lets anyone grant in the platform's customer a code they do not hold (admin holds all)", () => {
    fc.assert(
      fc.property(codes, codes, (heldCodes, asked) => {
        for (const c of asked) {
          const allowed = withheldReason(new Set(heldCodes), platform, c) === null;
          expect(allowed).toBe(heldCodes.includes(ADMIN) || heldCodes.includes(c));
        }
      }),
    );
  });
});
