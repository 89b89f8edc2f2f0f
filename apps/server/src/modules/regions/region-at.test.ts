import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { provinceOutlines, type Area } from './boundary-check.js';
import { codeOfNameWithin, provinceAt, regionAtAnswer, regionAtPoint } from './region-at.js';

const square = (x0: number, y0: number, x1: number, y1: number): Area => ({
  type: 'Polygon',
  coordinates: [
    [
      [x0, y0],
      [x1, y0],
      [x1, y1],
      [x0, y1],
      [x0, y0],
    ],
  ],
});
const feature = (name: string, area: Area) => ({ properties: { name }, geometry: area });

describe('the region of a point from the boundary layers', () => {
  it('finds a name at or below a province, with or without its suffix, never in another province', () => {
    expect(codeOfNameWithin('榆林市', '610000')).toBe('610800');
    expect(codeOfNameWithin('榆林', '610000')).toBe('610800');
    expect(codeOfNameWithin('榆阳区', '610000')).toBe('610802');
    expect(codeOfNameWithin('榆阳区', '140000')).toBeUndefined();
    // 城关区 names districts of several provinces: the one of the province asked.
    expect(codeOfNameWithin('城关区', '620000')?.startsWith('62')).toBe(true);
    expect(codeOfNameWithin('', '610000')).toBeUndefined();
  });

  it('takes the province of the built-in outline: Xi’an in Shaanxi, Yulin in Shaanxi, none at sea', () => {
    const outlines = provinceOutlines();
    expect(provinceAt(108.95, 34.27, outlines)).toBe('61');
    expect(regionAtPoint(109.73, 38.28, outlines, [])).toEqual({ code: '610000', layer: null });
    expect(regionAtPoint(125, 20, outlines, [])).toBeNull();
  });

  it('goes down to the deepest area of the uploaded layers that holds the point, whatever their order', () => {
    const outlines = new Map([['61', square(105, 31, 111, 40)]]);
    const counties = {
      name: '县界',
      features: [feature('榆阳区', square(109, 38, 110.5, 39)), feature('神木市', square(110.5, 38.5, 111, 39.3))],
    };
    const prefectures = { name: '市界', features: [feature('榆林市', square(107, 36.8, 111, 39.6))] };
    const stranger = { name: '别处', features: [feature('小店区', square(100, 30, 120, 45))] };
    for (const layers of [
      [counties, prefectures, stranger],
      [stranger, prefectures, counties],
    ])
      expect(regionAtPoint(109.73, 38.28, outlines, layers)).toEqual({ code: '610802', layer: '县界' });
    expect(regionAtPoint(108, 37, outlines, [counties, prefectures])).toEqual({ code: '610800', layer: '市界' });
    expect(regionAtPoint(106, 32, outlines, [counties, prefectures, stranger])).toEqual({ code: '610000', layer: null });
  });

  it('always answers a code of the province holding the point, or nothing (property)', () => {
    const outlines = new Map([['61', square(105, 31, 111, 40)]]);
    const layer = { name: 'L', features: [feature('榆阳区', square(109, 38, 110.5, 39)), feature('太原市', square(105, 31, 111, 40))] };
    fc.assert(
      fc.property(fc.double({ min: 100, max: 115, noNaN: true }), fc.double({ min: 28, max: 43, noNaN: true }), (lon, lat) => {
        const found = regionAtPoint(lon, lat, outlines, [layer]);
        const inside = lon >= 105 && lon <= 111 && lat >= 31 && lat <= 40;
        if (!inside && found === null) return;
        expect(found?.code.startsWith('61')).toBe(true);
      }),
    );
  });

  it('answers the full name in the language asked, or an empty answer', () => {
    expect(regionAtAnswer({ code: '610802', layer: '县界' }, 'en')).toEqual({
      code: '610802',
      name: 'Yuyang District, Yulin, Shaanxi',
      layer: '县界',
    });
    expect(regionAtAnswer(null, 'zh')).toEqual({ code: null, name: '', layer: null });
  });
});
