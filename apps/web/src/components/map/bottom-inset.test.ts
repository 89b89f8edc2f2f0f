import { describe, expect, it } from 'vitest';
import { bottomInsetOf } from './bottom-inset';

describe('bottomInsetOf', () => {
  it('is the height the bar takes from the bottom of the map, with a gap', () => {
    expect(bottomInsetOf(720, { top: 620, width: 600, height: 72 })).toBe(112);
    expect(bottomInsetOf(720.4, { top: 620, width: 600, height: 72 })).toBe(113);
  });

  it('is nothing without a bar, or with a bar that is not drawn (hidden by the page)', () => {
    expect(bottomInsetOf(720, null)).toBeNull();
    // A display: none bar measures 0 × 0 at the top of the viewport: never the whole map's height.
    expect(bottomInsetOf(720, { top: 0, width: 0, height: 0 })).toBeNull();
  });

  it('is never negative', () => {
    expect(bottomInsetOf(700, { top: 750, width: 600, height: 40 })).toBe(0);
  });
});
