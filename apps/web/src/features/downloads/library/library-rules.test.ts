import { describe, expect, it } from 'vitest';
import { anyFilter, deleteBlocker, fileNameOf, keptSelection, namesForConfirm, typeChange } from './library-rules';

describe('fileNameOf', () => {
  it.each([
    [`attachment; filename="_________.png"; filename*=UTF-8''${encodeURIComponent('宝鸡 气温 预报图.png')}`, '宝鸡 气温 预报图.png'],
    ['attachment; filename="zoning-3.zip"', 'zoning-3.zip'],
    ['inline; filename=plain.csv', 'plain.csv'],
    [`attachment; filename="a.png"; filename*=UTF-8''%E0%A4%A`, 'a.png'],
    ['attachment', 'fallback.bin'],
    [null, 'fallback.bin'],
  ])('%s → %s', (header, name) => {
    expect(fileNameOf(header, 'fallback.bin')).toBe(name);
  });
});

describe('deleteBlocker', () => {
  it('names why an item stays', () => {
    expect(deleteBlocker({ kind: 'map-product', deletable: true })).toBeNull();
    expect(deleteBlocker({ kind: 'map-product', deletable: false })).toBe('notYours');
    expect(deleteBlocker({ kind: 'station-table', deletable: false })).toBe('notYours');
    expect(deleteBlocker({ kind: 'forecast-file', deletable: false })).toBe('notDeletable');
    expect(deleteBlocker({ kind: 'zoning', deletable: false })).toBe('notDeletable');
  });
});

describe('selection', () => {
  it('keeps only ids still listed, in the order chosen', () => {
    expect(keptSelection(['lib-3', 'issue-1', 'lib-9'], [{ id: 'lib-9' }, { id: 'lib-3' }])).toEqual(['lib-3', 'lib-9']);
    expect(keptSelection([], [{ id: 'lib-1' }])).toEqual([]);
  });
  it('shortens long name lists', () => {
    expect(namesForConfirm(['a', 'b'])).toBe('a、b');
    expect(namesForConfirm(['1', '2', '3', '4', '5', '6'], 5)).toBe('1、2、3、4、5…');
  });
});

describe('anyFilter', () => {
  it('is off when every filter is empty or missing', () => {
    expect(anyFilter({})).toBe(false);
    expect(anyFilter({ author: '', name: undefined })).toBe(false);
  });

  it('is on with any filter', () => {
    expect(anyFilter({ kind: 'zoning' })).toBe(true);
    expect(anyFilter({ to: '2026-11-29T15:59:59.999Z' })).toBe(true);
  });
});

describe('typeChange', () => {
  it('drops the factor with a new type, or with none', () => {
    expect(typeChange('nwp')).toEqual({ type: 'nwp', factor: undefined });
    expect(typeChange(undefined)).toEqual({ type: undefined, factor: undefined });
  });
});
