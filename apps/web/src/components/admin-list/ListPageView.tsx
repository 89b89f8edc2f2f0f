import { Button, Checkbox, Table, type TableProps } from 'antd';
import { useMemo, type ReactNode } from 'react';
import type { ListFilters } from './list-url-state';
import { ListPage } from './ListPage';
import { FilterSelect, KeywordSearch, ToolbarSpacer } from './ListToolbar';
import { withoutFit, type FitColumn } from './table-columns';
import type { FilterField, ListPageState } from './use-list-page';
import { useFittedTable } from './use-fitted-table';

/** A button on the right of a list page's toolbar (create, export, import, …). */
export interface ToolbarAction {
  id: string;
  label: string;
  icon?: ReactNode;
  primary?: boolean;
  loading?: boolean;
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
 * page shows above its table (a legend, a hint), the paged table, and after it the page's dialogs (`children`).
 */
export function ListPageView<Row extends object, F extends ListFilters, Q>({
  id,
  titleKey,
  className,
  data,
  list,
  actions = [],
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
  above?: ReactNode;
  table: ListTable<Row>;
  /** Puts the table in the page's own frame (a tab beside a chart, a hint above it). */
  frame?: (table: ReactNode) => ReactNode;
  children?: ReactNode;
}) {
  const toolbar = (
    <>
      {list.fields.map((field) => (
        <FilterControl
          key={field.key}
          field={field}
          value={list.filters[field.key]}
          onChange={(v) => list.filter(change(field.key, v))}
          filter={list.filter}
        />
      ))}
      {actions.length ? <ToolbarSpacer /> : null}
      {actions.map((a) => (
        <Button key={a.id} id={a.id} type={a.primary ? 'primary' : undefined} icon={a.icon} loading={a.loading} onClick={a.onClick}>
          {a.label}
        </Button>
      ))}
    </>
  );
  const { fitted, ...props } = table;
  return (
    <ListPage id={id} titleKey={titleKey} className={className} data={data} toolbar={toolbar}>
      {above}
      {frame(fitted ? <FittedTable {...props} list={list} /> : <PlainTable {...props} list={list} />)}
      {children}
    </ListPage>
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
}: {
  field: FilterField<F>;
  value: string | undefined;
  onChange: (value: string | undefined) => void;
  filter: (change: Partial<F>) => void;
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
      return field.render(value, onChange, filter);
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
