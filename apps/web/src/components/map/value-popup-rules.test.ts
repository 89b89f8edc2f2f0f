import { describe, expect, it } from 'vitest';
import { anchorInView, sameGrid } from './value-popup-rules';

const grid = { type: 'fine', factor: 'TMP', baseTime: '2026-11-28T12:00:00Z', lead: 24 };

describe('sameGrid', () => {
  it('is the same grid only when type, factor, base time and lead all are', () => {
    expect(sameGrid(grid, { ...grid })).toBe(true);
    expect(sameGrid(grid, { ...grid, lead: 48 })).toBe(false);
    expect(sameGrid(grid, { ...grid, factor: 'RH' })).toBe(false);
    expect(sameGrid(grid, { ...grid, baseTime: '2026-11-28T00:00:00Z' })).toBe(false);
    expect(sameGrid(grid, { ...grid, type: 'coarse' })).toBe(false);
  });

  it('treats no selection as its own grid', () => {
    expect(sameGrid(null, null)).toBe(true);
    expect(sameGrid(grid, null)).toBe(false);
    expect(sameGrid(null, grid)).toBe(false);
  });
});

describe('anchorInView', () => {
  // A phone's map with a bottom sheet over its lower half: the part above it is in view.
  const area = { left: 0, top: 0, right: 390, bottom: 400 };

  it('keeps a point inside the visible part', () => {
    expect(anchorInView([200, 200], area)).toBe(true);
  });

  it('drops a point under the sheet, off the map or at its very edge', () => {
    expect(anchorInView([200, 500], area)).toBe(false);
    expect(anchorInView([-10, 200], area)).toBe(false);
    expect(anchorInView([388, 200], area)).toBe(false);
    expect(anchorInView([200, 398], area)).toBe(false);
  });

  it('drops a point the map cannot place', () => {
    expect(anchorInView(null, area)).toBe(false);
    expect(anchorInView([], area)).toBe(false);
  });
});
