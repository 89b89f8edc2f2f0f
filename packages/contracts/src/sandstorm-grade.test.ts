import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  SANDSTORM_LEVELS,
  checkSandstormLevel,
  deriveSandstormLevel,
  resolveSandstormLevel,
  windBlownGrade,
  type SandstormLevel,
} from './sandstorm-grade.js';

describe('GB/T 20480 grades at each boundary', () => {
  // Visibility in metres → the wind-blown grade; each limit belongs to the weaker grade above it.
  const table: Array<[number, SandstormLevel | null]> = [
    [0, 'extreme-sandstorm'],
    [49.9, 'extreme-sandstorm'],
    [50, 'severe-sandstorm'],
    [499, 'severe-sandstorm'],
    [499.99, 'severe-sandstorm'],
    [500, 'sandstorm'],
    [999.9, 'sandstorm'],
    [1000, 'blowing-sand'],
    [9999.9, 'blowing-sand'],
    [10000, null],
    [25000, null],
    [-1, null],
    [Number.NaN, null],
  ];
  it.each(table)('visibility %d m → %s', (visibility, grade) => {
    expect(windBlownGrade(visibility)).toBe(grade);
  });

  it('derives with the wind: at most 3.0 m/s is floating dust, above it the visibility decides', () => {
    expect(deriveSandstormLevel(3000, 3)).toBe('floating-dust');
    expect(deriveSandstormLevel(3000, 3.1)).toBe('blowing-sand');
    expect(deriveSandstormLevel(800, 2.5)).toBe('floating-dust');
    expect(deriveSandstormLevel(800, 12)).toBe('sandstorm');
    expect(deriveSandstormLevel(499, 18)).toBe('severe-sandstorm');
    expect(deriveSandstormLevel(49, 25)).toBe('extreme-sandstorm');
  });

  it('without wind: 1–10 km cannot be told apart, below 1 km the visibility decides', () => {
    expect(deriveSandstormLevel(1000, null)).toEqual({ key: 'sandstorm.levelNeedsWind', visibility: 1000 });
    expect(deriveSandstormLevel(999, undefined)).toBe('sandstorm');
    expect(deriveSandstormLevel(10000, 20)).toEqual({ key: 'sandstorm.notDustWeather', visibility: 10000 });
  });

  it('refuses a level contradicting the visibility, naming the grade it means', () => {
    expect(checkSandstormLevel('sandstorm', 1000)).toEqual({
      key: 'sandstorm.levelContradicts',
      level: 'sandstorm',
      visibility: 1000,
      expected: 'blowing-sand',
    });
    expect(checkSandstormLevel('sandstorm', 999)).toBeNull();
    expect(checkSandstormLevel('severe-sandstorm', 500)).toMatchObject({ expected: 'sandstorm' });
    expect(checkSandstormLevel('severe-sandstorm', 50)).toBeNull();
    expect(checkSandstormLevel('extreme-sandstorm', 50)).toMatchObject({ expected: 'severe-sandstorm' });
    expect(checkSandstormLevel('floating-dust', 30)).toBeNull();
    expect(checkSandstormLevel('floating-dust', 10000)).toMatchObject({ key: 'sandstorm.notDustWeather' });
  });
});

describe('grade properties', () => {
  const visibility = fc.double({ min: 0, max: 20000, noNaN: true });
  const wind = fc.option(fc.double({ min: 0, max: 60, noNaN: true }), { nil: null });

  it('a lower visibility never gives a weaker wind-blown grade', () => {
    fc.assert(
      fc.property(visibility, visibility, (a, b) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        const gLo = windBlownGrade(lo);
        const gHi = windBlownGrade(hi);
        if (gHi === null) return;
        expect(gLo).not.toBeNull();
        expect(SANDSTORM_LEVELS.indexOf(gLo!)).toBeGreaterThanOrEqual(SANDSTORM_LEVELS.indexOf(gHi));
      }),
    );
  });

  it('a derived level always passes the check, and a level that passes is kept', () => {
    fc.assert(
      fc.property(visibility, wind, fc.constantFrom(...SANDSTORM_LEVELS), (v, w, given) => {
        const derived = deriveSandstormLevel(v, w);
        if (typeof derived === 'string') expect(checkSandstormLevel(derived, v)).toBeNull();
        const resolved = resolveSandstormLevel(given, v, w);
        if (checkSandstormLevel(given, v) === null) expect(resolved).toEqual({ level: given });
        else expect(resolved).toHaveProperty('problem');
      }),
    );
  });

  it('exactly one wind-blown grade agrees with any visibility below 10 km (besides floating dust)', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 9999.999, noNaN: true }), (v) => {
        const agreeing = SANDSTORM_LEVELS.filter((l) => l !== 'floating-dust' && checkSandstormLevel(l, v) === null);
        expect(agreeing).toEqual([windBlownGrade(v)]);
      }),
    );
  });
});
