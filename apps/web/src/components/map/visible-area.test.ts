import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { areaOfPadding, boxInside, MIN_VISIBLE_PX, PANEL_GAP_PX, unionOf, viewPadding, visibleArea } from './visible-area';

const intersects = (a: { left: number; top: number; right: number; bottom: number }, b: typeof a) =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

describe('the part of the map the panel leaves visible', () => {
  it('is right of a side panel on a desktop map, a gap away from it and above the bottom bar', () => {
    // 1280 × 720 window: a map of 1070 × 610 and a panel 420 px wide floating 12 px in.
    const area = visibleArea([1070, 610], { left: 12, top: 12, right: 432, bottom: 500 }, 110);
    expect(area).toEqual({ left: 432 + PANEL_GAP_PX, top: 0, right: 1070, bottom: 500 });
    expect(viewPadding([1070, 610], area)).toEqual([0, 0, 110, 448]);
  });

  it('is above a bottom sheet on a phone', () => {
    // 390 × 844: the sheet takes the lower 45 %.
    const area = visibleArea([390, 740], { left: 0, top: 400, right: 390, bottom: 740 });
    expect(area).toEqual({ left: 0, top: 0, right: 390, bottom: 400 - PANEL_GAP_PX });
    expect(viewPadding([390, 740], area)).toEqual([0, 0, 740 - 384, 0]);
  });

  it('is the whole map when the panel is folded away, outside the map or covers it', () => {
    const whole = { left: 0, top: 0, right: 1070, bottom: 610 };
    expect(visibleArea([1070, 610], null)).toEqual(whole);
    expect(visibleArea([1070, 610], { left: 0, top: 0, right: 0, bottom: 0 })).toEqual(whole);
    expect(visibleArea([1070, 610], { left: 1200, top: 0, right: 1500, bottom: 600 })).toEqual(whole);
    expect(visibleArea([1070, 610], { left: 6, top: 6, right: 1064, bottom: 604 })).toEqual(whole);
  });

  it('ignores a bottom bar that would leave nothing', () => {
    expect(visibleArea([390, 200], null, 150)).toEqual({ left: 0, top: 0, right: 390, bottom: 200 });
  });

  it('never overlaps the panel, stays inside the map and is big enough, whatever the boxes (property)', () => {
    const side = fc.integer({ min: 200, max: 2400 });
    fc.assert(
      fc.property(side, side, fc.nat(2400), fc.nat(2400), fc.nat(1200), fc.nat(1200), fc.nat(300), (w, h, x, y, pw, ph, inset) => {
        const panel = { left: x, top: y, right: x + pw, bottom: y + ph };
        const area = visibleArea([w, h], panel, inset);
        expect(area.left).toBeGreaterThanOrEqual(0);
        expect(area.top).toBeGreaterThanOrEqual(0);
        expect(area.right).toBeLessThanOrEqual(w);
        expect(area.bottom).toBeLessThanOrEqual(h);
        const whole = area.left === 0 && area.top === 0 && area.right === w;
        if (!whole || area.bottom < h - inset) {
          // A band beside the panel: clear of it and big enough to show something.
          expect(intersects(area, panel)).toBe(false);
          expect(area.right - area.left).toBeGreaterThanOrEqual(MIN_VISIBLE_PX);
          expect(area.bottom - area.top).toBeGreaterThanOrEqual(MIN_VISIBLE_PX);
        }
        // The padding gives the area back.
        expect(areaOfPadding([w, h], viewPadding([w, h], area))).toEqual(area);
      }),
    );
  });

  it('tells whether a box lies inside an area, and joins boxes', () => {
    const area = { left: 448, top: 0, right: 1070, bottom: 500 };
    expect(boxInside({ left: 500, top: 20, right: 1000, bottom: 480 }, area, 16)).toBe(true);
    expect(boxInside({ left: 300, top: 20, right: 1000, bottom: 480 }, area)).toBe(false);
    expect(boxInside({ left: 447.5, top: 0, right: 1070.5, bottom: 500 }, area)).toBe(true);
    expect(unionOf([])).toBeNull();
    expect(unionOf([area, { left: 12, top: 12, right: 432, bottom: 40 }])).toEqual({ left: 12, top: 0, right: 1070, bottom: 500 });
  });
});
