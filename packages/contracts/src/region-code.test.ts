import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { regionAncestors, regionContains, regionLevel, regionPrefix } from './region-code.js';

describe('GB/T 2260 region codes', () => {
  it.each([
    ['610000', 'province', '61'],
    ['610800', 'prefecture', '6108'],
    ['610802', 'county', '610802'],
    ['110000', 'province', '11'],
    ['110101', 'county', '110101'],
    ['429004', 'county', '429004'],
  ] as const)('%s is a %s matching codes that start with %s', (code, level, prefix) => {
    expect(regionLevel(code)).toBe(level);
    expect(regionPrefix(code)).toBe(prefix);
  });

  it('a province or prefecture contains every county below it, and nothing else', () => {
    expect(regionContains('610000', '610802')).toBe(true);
    expect(regionContains('610800', '610802')).toBe(true);
    expect(regionContains('610800', '610902')).toBe(false);
    expect(regionContains('610000', '620102')).toBe(false);
    expect(regionContains('610802', '610802')).toBe(true);
    expect(regionContains('610802', '610803')).toBe(false);
  });

  const county = fc
    .tuple(fc.integer({ min: 11, max: 82 }), fc.integer({ min: 1, max: 99 }), fc.integer({ min: 1, max: 99 }))
    .map(([p, c, d]) => `${p}${String(c).padStart(2, '0')}${String(d).padStart(2, '0')}`);

  it('every ancestor of a code contains it, outermost first', () => {
    fc.assert(
      fc.property(county, (code) => {
        const chain = regionAncestors(code);
        expect(chain.at(-1)).toBe(code);
        expect(chain[0]).toBe(`${code.slice(0, 2)}0000`);
        for (const a of chain) expect(regionContains(a, code)).toBe(true);
      }),
    );
  });

  it('containment is prefix matching of the area and agrees with the ancestors', () => {
    fc.assert(
      fc.property(county, county, (a, b) => {
        expect(regionContains(a, b)).toBe(a === b);
        const province = `${a.slice(0, 2)}0000`;
        expect(regionContains(province, b)).toBe(a.slice(0, 2) === b.slice(0, 2));
        const prefecture = `${a.slice(0, 4)}00`;
        expect(regionContains(prefecture, b)).toBe(a.slice(0, 4) === b.slice(0, 4));
      }),
    );
  });
});
