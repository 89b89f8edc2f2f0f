import { Button, Checkbox, Table, type TableProps } from 'antd';
import { useMemo, type ReactNode } from 'react';
import type { ListFilters } from './list-url-state';
import { ListPage } from './ListPage';
import { FilterSelect, KeywordSearch, ToolbarSpacer } from './ListToolbar';
import { withoutFit, type FitColumn } from './table-columns';
import type { FilterField, ListPageState } from './use-list-page';
import type { PagedQuery } from './use-paged-table';
import { useFittedTable } from './use-fitted-table';

/** A button on the right of a list page's toolbar (create, export, import, …). */
export interface ToolbarAction {
  id: string;
  label: string;
  icon?: ReactNode;
  primary?: boolean;
  loading?: boolean;
  /** Shown but not to be used (nothing to act on yet). */
  disabled?: boolean;
  onClick: () => void;
}

/** The table of a list page: its columns as data, and whatever else the page gives antd's table. */
export type ListTable<Row> = Omit<TableProps<Row>, 'columns' | 'id' | keyof ListPageState<Row, ListFilters, unknown>['table']> & {
  id: string;
  columns: readonly FitColumn<Row>[];
  /** Columns sized by their content (use-fitted-table.ts); else the columns' own widths. */
  fitted?: boolean;
};

/**
 * A list page drawn from its description: heading, the toolbar's filters (in the order declared) and actions, what the
 * page shows above its table (a legend, a hint), the paged table, and after it the page's dialogs (`children`). The
 * page carries the list's total as data-total (for tests and tooling), unless its own `data` says otherwise.
 */
export function ListPageView<Row extends object, F extends ListFilters, Q extends PagedQuery<Row>>({
  id,
  titleKey,
  className,
  data,
  list,
  actions = [],
  tools,
  above,
  table,
  frame = (t) => t,
  children,
}: {
  id: string;
  titleKey: string;
  className: string;
  data?: Record<`data-${string}`, string | number>;
  list: ListPageState<Row, F, Q>;
  actions?: readonly ToolbarAction[];
  /** What goes on the right of the toolbar before the actions and is not a button (an upload, a hint beside it). */
  tools?: ReactNode;
  above?: ReactNode;
  table: ListTable<Row>;
  /** Puts the table in the page's own frame (a tab beside a chart, a hint above it). */
  frame?: (table: ReactNode) => ReactNode;
  children?: ReactNode;
}) {
  const toolbar = (
    <>
      <ListFilterControls list={list} />
      {actions.length || tools ? <ToolbarSpacer /> : null}
      {tools}
      {actions.map((a) => (
        <Button
          key={a.id}
          id={a.id}
          type={a.primary ? 'primary' : undefined}
          icon={a.icon}
          loading={a.loading}
          disabled={a.disabled}
          onClick={a.onClick}
        >
          {a.label}
        </Button>
      ))}
    </>
  );
  const { fitted, ...props } = table;
  return (
    <ListPage
      id={id}
      titleKey={titleKey}
      className={className}
      data={{ 'data-total': list.rows.data?.total ?? '', ...data }}
      toolbar={toolbar}
    >
      {above}
      {frame(fitted ? <FittedTable {...props} list={list} /> : <PlainTable {...props} list={list} />)}
      {children}
    </ListPage>
  );
}

/**
 * A list's filters drawn from their description, in the order declared: the toolbar of a ListPageView, or of a list
 * inside a tab that draws its own toolbar (useListPage without ListPageView).
 */
export function ListFilterControls<Row, F extends ListFilters, Q>({ list }: { list: ListPageState<Row, F, Q> }) {
  return (
    <>
      {list.fields.map((field) => (
        <FilterControl
          key={field.key}
          field={field}
          value={list.filters[field.key]}
          onChange={(v) => list.filter(change(field.key, v))}
          filter={list.filter}
          filters={list.filters}
        />
      ))}
    </>
  );
}

function change<F extends ListFilters>(key: keyof F & string, value: string | undefined): Partial<F> {
  return { [key]: value } as Partial<F>;
}

function FilterControl<F extends ListFilters>({
  field,
  value,
  onChange,
  filter,
  filters,
}: {
  field: FilterField<F>;
  value: string | undefined;
  onChange: (value: string | undefined) => void;
  filter: (change: Partial<F>) => void;
  filters: F;
}) {
  switch (field.kind) {
    case 'keyword':
      return (
        <KeywordSearch
          id={field.id}
          placeholder={field.placeholder}
          width={field.width}
          onSearch={(keyword) => onChange(keyword || undefined)}
        />
      );
    case 'select':
      return (
        <FilterSelect<string>
          id={field.id}
          label={field.label}
          width={field.width}
          value={value}
          options={field.options}
          onChange={onChange}
        />
      );
    case 'check':
      return (
        <Checkbox id={field.id} checked={value === 'true'} onChange={(e) => onChange(e.target.checked ? 'true' : undefined)}>
          {field.label}
        </Checkbox>
      );
    case 'custom':
      return field.render(value, onChange, filter, filters);
  }
}

type TableOf<Row, F extends ListFilters, Q> = Omit<ListTable<Row>, 'fitted'> & { list: ListPageState<Row, F, Q> };

function PlainTable<Row extends object, F extends ListFilters, Q>({ list, columns, ...props }: TableOf<Row, F, Q>) {
  const plain = useMemo(() => columns.map((c) => withoutFit(c)), [columns]);
  return <Table<Row> size="small" columns={plain} {...list.table} {...props} />;
}

function FittedTable<Row extends object, F extends ListFilters, Q>({ list, columns, ...props }: TableOf<Row, F, Q>) {
  const fitted = useFittedTable(columns, list.table.dataSource);
  return <Table<Row> size="small" {...list.table} {...fitted} {...props} />;
}
