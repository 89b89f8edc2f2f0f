// @vitest-environment jsdom
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import '../../lib/i18n';
import { describe, expect, it } from 'vitest';
import type { Paging } from '../../lib/list-query';
import { ListFilterControls } from './ListPageView';
import { useListPage, type FilterField } from './use-list-page';

type Filters = { keyword?: string; flagged?: string; tab?: string };

const fields: FilterField<Filters>[] = [
  { kind: 'keyword', key: 'keyword', id: 'k', placeholder: 'Name', width: 200 },
  { kind: 'check', key: 'flagged', id: 'f', label: 'Flagged' },
  // Drawn elsewhere by the page (as tabs): nothing in the toolbar.
  { kind: 'custom', key: 'tab', render: () => null },
];

function useRows(_filters: Filters, paging: Paging) {
  return { data: { total: 1, list: [{ id: paging.page }] }, isFetching: false };
}

/** A list inside a tab: its own toolbar drawn from the filters, the filters it holds shown below. */
function TabList() {
  const list = useListPage<{ id: number }, Filters, ReturnType<typeof useRows>>({ filters: fields, pageSize: 10, useRows });
  return (
    <>
      <div className="list-toolbar" data-testid="toolbar">
        <ListFilterControls list={list} />
      </div>
      <output>{JSON.stringify(list.filters)}</output>
    </>
  );
}

describe('ListFilterControls', () => {
  it('draws a list’s filters in a toolbar of its own, each change a filter of the list', () => {
    render(
      <MemoryRouter initialEntries={['/list?flagged=true']}>
        <TabList />
      </MemoryRouter>,
    );
    const keyword = screen.getByPlaceholderText('Name');
    const check = screen.getByRole('checkbox', { name: 'Flagged' });
    expect(check).toHaveProperty('checked', true);
    expect(screen.getByTestId('toolbar').children).toHaveLength(2);

    fireEvent.click(check);
    expect(screen.getByRole('status').textContent).toBe('{}');
    fireEvent.change(keyword, { target: { value: ' 骊山 ' } });
    fireEvent.keyDown(keyword, { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(JSON.parse(screen.getByRole('status').textContent ?? '')).toEqual({ keyword: '骊山' });
  });
});
