import { describe, expect, it } from 'vitest';
import { colorOf, parseColor, renderColorMap, type ColorMap } from './colormap.js';

describe('colours', () => {
  it('parse hex and arrays', () => {
    expect(parseColor('#f00')).toEqual([255, 0, 0, 255]);
    expect(parseColor('#0f08')).toEqual([0, 255, 0, 136]);
    expect(parseColor('#1E90FF')).toEqual([30, 144, 255, 255]);
    expect(parseColor('#1e90ff80')).toEqual([30, 144, 255, 128]);
    expect(parseColor([1, 2, 3])).toEqual([1, 2, 3, 255]);
    expect(parseColor([1, 2, 3, 4])).toEqual([1, 2, 3, 4]);
    expect(() => parseColor('red')).toThrow(/invalid colour/);
    expect(() => parseColor([1, 2, 300])).toThrow(/invalid colour/);
  });
});

describe('colour maps', () => {
  const ramp: ColorMap = {
    type: 'ramp',
    stops: [
      { value: 0, color: '#0000ff' },
      { value: 10, color: '#ff0000' },
      { value: 20, color: [255, 255, 255, 0] },
    ],
  };

  it('interpolate a ramp between stops, alpha included', () => {
    expect(colorOf(0, ramp)).toEqual([0, 0, 255, 255]);
    expect(colorOf(5, ramp)).toEqual([128, 0, 128, 255]);
    expect(colorOf(2.5, ramp)).toEqual([64, 0, 191, 255]);
    expect(colorOf(15, ramp)).toEqual([255, 128, 128, 128]);
    expect(colorOf(20, ramp)).toEqual([255, 255, 255, 0]);
  });

  it('clamp a ramp beyond its ends unless told not to', () => {
    expect(colorOf(-3, ramp)).toEqual([0, 0, 255, 255]);
    expect(colorOf(-3, { ...ramp, clamp: false } as ColorMap)).toEqual([0, 0, 0, 0]);
    expect(colorOf(10, { ...ramp, clamp: false } as ColorMap)).toEqual([255, 0, 0, 255]);
    expect(colorOf(0, { ...ramp, clamp: false } as ColorMap)).toEqual([0, 0, 255, 255]);
  });

  it('colour intervals by class, the warning colours of a frost product', () => {
    const frost: ColorMap = { type: 'intervals', thresholds: [-4, -2, 0], colors: ['#ff0000', '#ffa500', '#ffff00', '#00000000'] };
    expect(colorOf(-5, frost)).toEqual([255, 0, 0, 255]);
    expect(colorOf(-4, frost)).toEqual([255, 165, 0, 255]);
    expect(colorOf(-1, frost)).toEqual([255, 255, 0, 255]);
    expect(colorOf(3, frost)).toEqual([0, 0, 0, 0]);
    expect(() => colorOf(0, { type: 'intervals', thresholds: [0], colors: ['#fff'] })).toThrow(/2 colours/);
  });

  it('match exact values as Float32, others transparent', () => {
    const landUse: ColorMap = {
      type: 'values',
      entries: [
        { value: 1, color: '#00ff00' },
        { value: 0.1, color: '#0000ff' },
      ],
    };
    expect(colorOf(1, landUse)).toEqual([0, 255, 0, 255]);
    expect(colorOf(Math.fround(0.1), landUse)).toEqual([0, 0, 255, 255]);
    expect(colorOf(2, landUse)).toEqual([0, 0, 0, 0]);
  });

  it('render RGBA pixels with missing values transparent', () => {
    const pixels = renderColorMap(Float32Array.from([0, Number.NaN, 10]), ramp);
    expect([...pixels]).toEqual([0, 0, 255, 255, 0, 0, 0, 0, 255, 0, 0, 255]);
    expect(() => renderColorMap(Float32Array.from([0]), ramp, new Uint8ClampedArray(3))).toThrow(/4 bytes/);
  });
});
