import { describe, expect, it } from 'vitest';
import { issueLabelIn } from './issue-label';

describe('issueLabelIn', () => {
  it('writes the issue number as each interface language does', () => {
    const a = { year: 2026, issueNo: 1 };
    expect(issueLabelIn('zh', a)).toBe('2026 年第 1 期');
    expect(issueLabelIn('en', a)).toBe('No. 1, 2026');
    expect(issueLabelIn('es', a)).toBe('N.º 1, 2026');
    // An unknown language is the interface default's.
    expect(issueLabelIn('fr', { year: 2027, issueNo: 12 })).toBe('2027 年第 12 期');
  });
});
