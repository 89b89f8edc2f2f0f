import { describe, expect, it } from 'vitest';
import { currentYear, longDate } from './dates.js';

describe('longDate', () => {
  const d = new Date('2026-11-24T03:00:00Z');
  it.each([
    ['zh', '2026年11月24日'],
    ['en', '24 November 2026'],
    ['es', '24 de noviembre de 2026'],
  ] as const)('%s: %s', (lang, expected) => {
    expect(longDate(d, lang)).toBe(expected);
  });

  it('counts the day in Beijing time', () => {
    expect(longDate(new Date('2026-11-23T17:00:00Z'), 'en')).toBe('24 November 2026');
    expect(longDate(new Date('2026-11-23T15:59:00Z'), 'en')).toBe('23 November 2026');
  });
});

describe('currentYear', () => {
  it('turns at midnight in Beijing, not in UTC', () => {
    expect(currentYear(new Date('2026-12-31T15:59:00Z'))).toBe(2026);
    expect(currentYear(new Date('2026-12-31T16:00:00Z'))).toBe(2027);
  });
});
