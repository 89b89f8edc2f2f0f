import { describe, expect, it } from 'vitest';
import { widthByContent } from './column-width';

describe('widthByContent', () => {
  const mobile = (row: { mobile?: string | null }) => row.mobile;
  it('keeps the full width when a row on the page fills the column', () => {
    expect(widthByContent([{ mobile: '' }, { mobile: '13800000000' }], mobile, 110, 72)).toBe(110);
  });
  it('narrows a column no row fills (empty text, null or missing), and one with no rows yet', () => {
    expect(widthByContent([{ mobile: '' }, { mobile: null }, {}], mobile, 110, 72)).toBe(72);
    expect(widthByContent([], mobile, 110, 72)).toBe(72);
    expect(widthByContent(undefined, mobile, 110, 72)).toBe(72);
  });
  it('counts 0 and false as content', () => {
    expect(widthByContent([{ n: 0 }], (r) => r.n, 90, 60)).toBe(90);
  });
});
