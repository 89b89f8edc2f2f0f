import { describe, expect, it } from 'vitest';
import { areaCode, areaNameOf, proposedName } from './region-rules';

describe('region rules', () => {
  it('names an area by its layer and index, as /quhua/execute reads it', () => {
    expect(areaCode('provinces', 12)).toBe('provinces:12');
    expect(areaCode('b3', 0)).toMatch(/^(provinces|b\d{1,9}):\d{1,5}$/);
  });

  it('finds an area name among the usual properties', () => {
    const fallback = (n: number) => `Area ${n}`;
    expect(areaNameOf({ name: ' 西安市 ' }, 0, fallback)).toBe('西安市');
    expect(areaNameOf({ NAME: 'Xi’an' }, 0, fallback)).toBe('Xi’an');
    expect(areaNameOf({ other: 1 }, 4, fallback)).toBe('Area 5');
    expect(areaNameOf(null, 0, fallback)).toBe('Area 1');
  });

  it('proposes a product name from crop, criterion and date, within 64 characters', () => {
    const day = new Date(2026, 10, 5);
    expect(proposedName('猕猴桃', '猕猴桃气候适宜性区划（示例）', day)).toBe('猕猴桃气候适宜性区划 2026-11-05');
    expect(proposedName('Tea', 'Suitability (example)', day)).toBe('Tea Suitability 2026-11-05');
    expect(proposedName('Tea', 'Tea suitability', day)).toBe('Tea suitability 2026-11-05');
    expect(proposedName('', 'x'.repeat(80), day)).toHaveLength(64);
  });
});
