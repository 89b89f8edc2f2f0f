import { describe, expect, it } from 'vitest';
import { idFilter, idOptions } from './id-filter';

describe('idFilter', () => {
  it('reads a record id from the address', () => {
    expect(idFilter('7')).toBe(7);
    expect(idFilter('120034')).toBe(120034);
  });

  it('takes anything else as no filter', () => {
    for (const text of [undefined, '', '0', '-3', '07', '1.5', '1e3', ' 7', 'abc', '99999999999999999'])
      expect(idFilter(text), text).toBeUndefined();
  });
});

describe('idOptions', () => {
  it('offers records by their ids as text', () => {
    expect(idOptions([{ id: 3, name: 'A' }], (r) => r.name)).toEqual([{ value: '3', label: 'A' }]);
    expect(idOptions(undefined, () => '')).toEqual([]);
  });
});
