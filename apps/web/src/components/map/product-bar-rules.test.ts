import { describe, expect, it } from 'vitest';
import { leadIndexOf, leadMarks, summaryText } from './product-bar-rules';

describe('product bar rules', () => {
  it('labels every lead when there are at most eight', () => {
    expect(leadMarks([0, 3, 6])).toEqual({ 0: '0', 1: '3', 2: '6' });
    expect(leadMarks([])).toEqual({});
  });

  it('labels about eight leads of a long run, the first among them', () => {
    const leads = Array.from({ length: 24 }, (_, i) => i * 3);
    const marks = leadMarks(leads);
    expect(Object.keys(marks).map(Number)).toEqual([0, 3, 6, 9, 12, 15, 18, 21]);
    expect(marks[3]).toBe('9');
  });

  it('puts the slider on the lead, or on the first when the lead is missing', () => {
    expect(leadIndexOf([0, 6, 12], 12)).toBe(2);
    expect(leadIndexOf([0, 6, 12], 7)).toBe(0);
  });

  it('joins the summary parts that are not empty', () => {
    expect(summaryText(['气温 (℃)', '', '24 h'])).toBe('气温 (℃) · 24 h');
  });
});
