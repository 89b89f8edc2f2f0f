import { describe, expect, it } from 'vitest';
import { classCounts, classPixels, gridExtent, hexRgb } from './class-image';

const colors = ['#1a7f37', '#8fd18a', '#f2d24b', '#a89a86'];

describe('class image', () => {
  it('reads hex colours', () => {
    expect(hexRgb('#1a7f37')).toEqual([26, 127, 55]);
    expect(hexRgb('ff0000')).toEqual([255, 0, 0]);
    expect(hexRgb('red')).toEqual([128, 128, 128]);
  });

  it('paints each class in its colour, no class transparent, rows north first whatever the grid order', () => {
    // 2 × 2 grid, rows south to north (dy > 0): row 0 (south) = [0, 1], row 1 (north) = [3, 255].
    const classes = Uint8Array.of(0, 1, 3, 255);
    const south = classPixels(classes, { nx: 2, ny: 2, dy: 0.5 }, colors);
    expect([...south.slice(0, 4)]).toEqual([168, 154, 134, 255]); // top-left: north row, class 3
    expect([...south.slice(4, 8)]).toEqual([0, 0, 0, 0]); // no class
    expect([...south.slice(8, 12)]).toEqual([26, 127, 55, 255]);
    expect([...south.slice(12, 16)]).toEqual([143, 209, 138, 255]);
    const north = classPixels(classes, { nx: 2, ny: 2, dy: -0.5 }, colors);
    expect([...north.slice(0, 4)]).toEqual([26, 127, 55, 255]);
    expect(() => classPixels(classes, { nx: 3, ny: 2, dy: 1 }, colors)).toThrow(RangeError);
  });

  it('gives the grid extent at cell edges in either row order', () => {
    expect(gridExtent({ lon0: 100, lat0: 30, dx: 0.5, dy: 0.5, nx: 3, ny: 2 })).toEqual([99.75, 29.75, 101.25, 30.75]);
    expect(gridExtent({ lon0: 100, lat0: 30, dx: 0.5, dy: -0.5, nx: 3, ny: 2 })).toEqual([99.75, 29.25, 101.25, 30.25]);
  });

  it('counts cells per class', () => {
    expect(classCounts(Uint8Array.of(0, 0, 3, 255, 2, 255))).toEqual({ byClass: [2, 0, 1, 1], none: 2 });
  });
});
