import { describe, expect, it } from 'vitest';
import { areaCentre, fitPadding, pixelInside, visibleMapArea } from './map-view';

const map = { left: 180, top: 100, right: 1380, bottom: 800 };

describe('the map area beside the page panel', () => {
  it('starts right of the panel, with a gap', () => {
    expect(visibleMapArea(map, { left: 192, top: 112, right: 800, bottom: 790 })).toEqual({ left: 644, top: 0, right: 1200, bottom: 700 });
  });

  it('is the whole map when the panel is folded away or covers nearly everything', () => {
    const whole = { left: 0, top: 0, right: 1200, bottom: 700 };
    expect(visibleMapArea(map, null)).toEqual(whole);
    expect(visibleMapArea(map, { left: 0, top: 0, right: 0, bottom: 0 })).toEqual(whole);
    expect(visibleMapArea(map, { left: 186, top: 106, right: 1374, bottom: 794 })).toEqual(whole);
  });

  it('tells whether a point shows there, and pads fits and centres into it', () => {
    const area = { left: 644, top: 0, right: 1200, bottom: 700 };
    expect(pixelInside([700, 300], area)).toBe(true);
    expect(pixelInside([300, 300], area)).toBe(false);
    expect(pixelInside([1195, 300], area)).toBe(false);
    expect(pixelInside(null, area)).toBe(false);
    expect(fitPadding([1200, 700], area)).toEqual([40, 40, 40, 684]);
    expect(areaCentre(area)).toEqual([922, 350]);
  });
});
