// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation, useNavigate } from 'react-router';
import '../../lib/i18n';
import { describe, expect, it } from 'vitest';
import type { Paging } from '../../lib/list-query';
import { filterKeys, useEditor, useListPage, type FilterField } from './use-list-page';

type Filters = { keyword?: string; grade?: string; flagged?: string };
type Row = { id: number };

const fields: FilterField<Filters>[] = [
  { kind: 'keyword', key: 'keyword', id: 'k', placeholder: 'Name', width: 200 },
  { kind: 'select', key: 'grade', id: 'g', label: 'Grade', width: 100, options: [{ value: '4A', label: '4A' }] },
  { kind: 'check', key: 'flagged', id: 'f', label: 'Flagged' },
];

/** A query that remembers what it was asked and answers 95 rows. */
function useRows(filters: Filters, paging: Paging) {
  return { data: { total: 95, list: [{ id: paging.page }] as Row[] }, isFetching: false, asked: { filters, paging } };
}

function render(address: string) {
  const wrapper = ({ children }: { children: ReactNode }) => <MemoryRouter initialEntries={[address]}>{children}</MemoryRouter>;
  return renderHook(
    () => ({
      list: useListPage<Row, Filters, ReturnType<typeof useRows>>({ filters: fields, pageSize: 10, useRows }),
      location: useLocation(),
      navigate: useNavigate(),
    }),
    { wrapper },
  );
}

describe('useListPage', () => {
  it('says which address values each filter takes', () => {
    expect(filterKeys(fields)).toEqual([{ key: 'keyword' }, { key: 'grade', values: ['4A'] }, { key: 'flagged', values: ['true'] }]);
  });

  it('keeps in the address the other filters a custom field sets (a range’s end)', () => {
    type Range = { from?: string; to?: string };
    const range: FilterField<Range>[] = [{ kind: 'custom', key: 'from', also: ['to'], render: () => null }];
    expect(filterKeys(range)).toEqual([{ key: 'from', values: undefined }, { key: 'to' }]);
  });

  it('opens with the filters and page the address holds, and queries them', () => {
    const { result } = render('/travel?grade=4A&keyword=%E9%AA%8A&page=3&size=20');
    expect(result.current.list.rows.asked).toEqual({ filters: { grade: '4A', keyword: '骊' }, paging: { page: 3, size: 20 } });
    expect(result.current.list.table.pagination).toMatchObject({ current: 3, pageSize: 20, total: 95 });
  });

  it('writes a filter into the address and shows its first page', () => {
    const { result } = render('/travel?page=4');
    act(() => result.current.list.filter({ flagged: 'true' }));
    expect(result.current.list.paging).toEqual({ page: 1, size: 10 });
    expect(result.current.location.pathname).toBe('/travel');
    expect(result.current.location.search).toBe('?flagged=true');
    act(() => result.current.list.setPaging({ page: 2, size: 50 }));
    expect(new URLSearchParams(result.current.location.search).toString()).toBe('flagged=true&page=2&size=50');
    act(() => result.current.list.filter({ flagged: undefined }));
    expect(result.current.location.search).toBe('?size=50');
  });

  it('follows an address given from elsewhere (a menu link to the bare page) instead of writing its own back', () => {
    const { result } = render('/travel?grade=4A&page=4');
    act(() => void result.current.navigate('/travel'));
    expect(result.current.location.search).toBe('');
    expect(result.current.list.filters).toEqual({});
    expect(result.current.list.paging).toEqual({ page: 1, size: 10 });
    act(() => void result.current.navigate('/travel?flagged=true&page=2'));
    expect(result.current.list.rows.asked).toEqual({ filters: { flagged: 'true' }, paging: { page: 2, size: 10 } });
    // Its own changes still go into the address.
    act(() => result.current.list.filter({ grade: '4A' }));
    expect(new URLSearchParams(result.current.location.search).toString()).toBe('flagged=true&grade=4A');
  });

  it('opens and closes an editor on a new or an existing record', () => {
    const { result } = renderHook(() => useEditor<Row>());
    expect(result.current.editing).toBeNull();
    act(() => result.current.open(null));
    expect(result.current.editing).toEqual({ record: null });
    act(() => result.current.open({ id: 7 }));
    expect(result.current.editing).toEqual({ record: { id: 7 } });
    act(() => result.current.close());
    expect(result.current.editing).toBeNull();
  });
});
