import { describe, expect, it } from 'vitest';
import { nameWithUnit } from './format-unit';

describe('nameWithUnit', () => {
  it('puts the unit in brackets after the name, and leaves a name without unit alone', () => {
    expect(nameWithUnit({ name: '气温', unit: '℃' })).toBe('气温 (℃)');
    expect(nameWithUnit({ name: '天气现象', unit: '' })).toBe('天气现象');
    expect(nameWithUnit({ name: '天气现象', unit: null })).toBe('天气现象');
    expect(nameWithUnit({ name: '天气现象' })).toBe('天气现象');
  });
});
