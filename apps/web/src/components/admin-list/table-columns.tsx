import { Button, Tooltip, type ButtonProps, type TableColumnType } from 'antd';
import type { ReactNode } from 'react';
import type { ColumnFit } from './column-width';

/**
 * Column sizing shared by the administration tables (issue 20: a time cut to "2026-11-2", a count hidden behind the
 * action column at 1440 px). Every column gets a width sized for its content, the table is laid out with those widths
 * (`tableLayout="fixed"`, `scroll.x` their sum: wider than its box, it scrolls sideways; narrower, the spare width is
 * shared out), long text ends in an ellipsis with the whole text in a tooltip, and the action column stays on the right.
 */

/** Width of a column whose cells hold a date and time ("2026-11-24 18:34:19") in one line, padding included. */
export const TIME_COLUMN_PX = 165;

/** Width of one icon button in an action column, and the cell's own padding and gaps. */
const ACTION_BUTTON_PX = 32;
const ACTION_CELL_PX = 24;

/** Width of a column without its own (only as a fallback: the helpers below always give one). */
const DEFAULT_COLUMN_PX = 120;

/**
 * A column of a list table, with how its width follows its content (column-width.ts; laid out by useFittedTable). A
 * column without `fit` is measured from its values when it has no `render`, and keeps its `width` when it has one.
 */
export type FitColumn<T> = TableColumnType<T> & { fit?: ColumnFit<T> };

type Sized<T> = FitColumn<T> & { width: number };

/** The value of a row's cell under a column's `dataIndex` (a key, or a path of keys). */
export function cellValue(column: { dataIndex?: unknown }, row: unknown): unknown {
  const index = column.dataIndex;
  const path: unknown[] = index === undefined ? [] : Array.isArray(index) ? index : [index];
  if (!path.length) return undefined;
  let value: unknown = row;
  for (const key of path) value = value === null || value === undefined ? value : (value as Record<string, unknown>)[String(key)];
  return value;
}

/** A date-time column: one line, never cut, as wide as a date and time (or its header). */
export function timeColumn<T>(column: Omit<FitColumn<T>, 'width'>): Sized<T> {
  return { fit: { kind: 'time' }, ...column, width: TIME_COLUMN_PX, className: 'table-cell-nowrap' };
}

/**
 * A column of short values shown whole on one line (codes, numbers, phone numbers, counts): as wide as its header or
 * its widest cell on the page; a column no row fills keeps only its header's room. `cell` says what a cell shows when
 * `render` shows something else than the value (a tag, a label).
 */
export function contentColumn<T>(column: Omit<FitColumn<T>, 'width'>, cell?: ColumnFit<T>['cell']): Sized<T> {
  return { fit: { kind: 'content', cell }, ...column, width: DEFAULT_COLUMN_PX, className: 'table-cell-nowrap' };
}

/**
 * A column of long text: cut with an ellipsis at its width, the whole text in a tooltip. `text` gives the tooltip's
 * text when the cell shows something else than the value (a name with a tag, a composed label).
 */
export function ellipsisColumn<T>(column: Sized<T>, text?: (value: unknown, row: T) => string): Sized<T> {
  const { render } = column;
  return {
    // Long text takes the room the other columns leave (column-width.ts).
    fit: { kind: 'free', cell: text ? (row: T) => text(cellValue(column, row), row) : undefined },
    ...column,
    ellipsis: { showTitle: false },
    render: (value: unknown, row: T, index: number) => {
      const shown = (render ? render(value, row, index) : value) as ReactNode;
      const whole = text ? text(value, row) : value === null || value === undefined ? '' : String(value);
      if (!whole) return shown;
      return (
        <Tooltip placement="topLeft" title={whole}>
          <span className="table-cell-text">{shown}</span>
        </Tooltip>
      );
    },
  };
}

/**
 * The row actions: kept on the right while the table scrolls, as wide as its `buttons` icon buttons (or, when a row
 * shows only some of them, as many as the rows on the page show at most).
 */
export function actionColumn<T>(title: string, buttons: number | ((row: T) => number), render: (row: T) => ReactNode): Sized<T> {
  const most = typeof buttons === 'number' ? buttons : 3;
  return {
    fit: { kind: 'content', cell: (row: T) => ({ buttons: typeof buttons === 'number' ? buttons : buttons(row) }) },
    title,
    key: 'actions',
    fixed: 'right',
    width: Math.max(most * ACTION_BUTTON_PX + ACTION_CELL_PX, 80),
    className: 'table-cell-nowrap',
    render: (_: unknown, row: T) => render(row),
  };
}

/** The width the columns need side by side: the table's `scroll.x`. */
export function columnsWidth<T>(columns: readonly TableColumnType<T>[]): number {
  return columns.reduce((sum, c) => sum + (typeof c.width === 'number' ? c.width : DEFAULT_COLUMN_PX), 0);
}

/**
 * A column whose header text is a plain string, in a block that wraps only between words and ends a word too long for
 * the column in "…", its whole text on hover. Without it a header narrower than one of its words broke inside the word
 * ("Enable / d", "Logoti / po"). The headers of ellipsis columns wrap the same way when `wrapEllipsis` (their columns
 * may be narrowed to their header's longest word, see column-width.ts); else they stay on one line with an ellipsis.
 */
export function wholeWordHeader<T>(column: TableColumnType<T>, wrapEllipsis = false): TableColumnType<T> {
  if (typeof column.title !== 'string' || (column.ellipsis && !wrapEllipsis)) return column;
  return {
    ...column,
    title: (
      <span className="table-head-text" title={column.title}>
        {column.title}
      </span>
    ),
  };
}

const fitted = new WeakMap<readonly object[], object>();

/**
 * Props of a table laid out by its columns' widths (see above), with its columns' headers wrapped whole words (they
 * replace the `columns` given before them). The same columns array gives the same props, so a memoised array keeps
 * the table from laying out its header again on every render.
 */
export function fittedTableProps<T>(columns: readonly TableColumnType<T>[]) {
  const known = fitted.get(columns) as ReturnType<typeof fit<T>> | undefined;
  if (known) return known;
  const props = fit(columns);
  fitted.set(columns, props);
  return props;
}

function fit<T>(columns: readonly FitColumn<T>[]) {
  return {
    tableLayout: 'fixed' as const,
    scroll: { x: columnsWidth(columns) },
    columns: columns.map((c) => wholeWordHeader(withoutFit(c))),
  };
}

/** A column as antd takes it (without how its width is fitted). */
export function withoutFit<T>(column: FitColumn<T>): TableColumnType<T> {
  if (!('fit' in column)) return column;
  const { fit: _fit, ...rest } = column;
  return rest;
}

/**
 * An icon button of a row's action column: its label is the tooltip and the accessible name, so that a narrow column
 * holds several actions in every language.
 */
export function RowAction({ label, tip, ...props }: Omit<ButtonProps, 'children'> & { label: string; tip?: string }) {
  return (
    <Tooltip title={tip ?? label}>
      <Button type="link" aria-label={label} {...props} />
    </Tooltip>
  );
}
