import type { RegionOption } from '@agromet/contracts';
import { describe, expect, it } from 'vitest';
import { mergeOptions, pathTo } from './region-tree';

const leaf = (value: string, label: string): RegionOption => ({ value, label, isLeaf: true });

describe('region option tree', () => {
  const roots: RegionOption[] = [
    { value: '610000', label: '陕西省', isLeaf: false },
    { value: '620000', label: '甘肃省', isLeaf: false },
  ];
  const opened: RegionOption[] = [
    {
      value: '610000',
      label: '陕西省',
      isLeaf: false,
      children: [{ value: '610800', label: '榆林市', isLeaf: false, children: [leaf('610802', '榆阳区')] }],
    },
    { value: '620000', label: '甘肃省', isLeaf: false },
  ];

  it('finds the path to a loaded code', () => {
    expect(pathTo(opened, '610802')).toEqual(['610000', '610800', '610802']);
    expect(pathTo(roots, '610802')).toEqual([]);
  });

  it('merges children loaded later without losing earlier ones', () => {
    const merged = mergeOptions(roots, opened);
    expect(pathTo(merged, '610802')).toHaveLength(3);
    const other: RegionOption[] = [{ value: '620000', label: '甘肃省', isLeaf: false, children: [leaf('620100', '兰州市')] }];
    const both = mergeOptions(merged, other);
    expect(pathTo(both, '610802')).toHaveLength(3);
    expect(pathTo(both, '620100')).toEqual(['620000', '620100']);
  });
});
