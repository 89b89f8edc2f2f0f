import { describe, expect, it } from 'vitest';
import { scrollLeftToReveal } from './scroll-reveal';

const strip = { scrollLeft: 100, clientWidth: 400, scrollWidth: 1000 };

describe('scrollLeftToReveal', () => {
  it('leaves a visible item alone', () => {
    expect(scrollLeftToReveal(strip, { left: 200, width: 100 })).toBe(100);
  });
  it('scrolls left to an item cut on the left', () => {
    expect(scrollLeftToReveal(strip, { left: 90, width: 100 })).toBe(74);
  });
  it('scrolls right to an item cut on the right', () => {
    expect(scrollLeftToReveal(strip, { left: 480, width: 100 })).toBe(196);
  });
  it('stays within the scrollable range', () => {
    expect(scrollLeftToReveal(strip, { left: 5, width: 80 })).toBe(0);
    expect(scrollLeftToReveal(strip, { left: 950, width: 50 })).toBe(600);
  });
});
