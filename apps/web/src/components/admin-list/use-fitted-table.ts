import { theme, type TableColumnType, type TableRef } from 'antd';
import { useCallback, useMemo, useRef, useState } from 'react';
import { allocateWidths, columnNeed, valueText, type ColumnNeed, type Measure } from './column-width';
import { cellValue, withoutFit, wholeWordHeader, type FitColumn } from './table-columns';

/** Text widths drawn with canvas `measureText` in the table's fonts, each text measured once. */
function canvasMeasure(family: string, size: number, small: number, strong: number, button: number): Measure {
  const ctx = document.createElement('canvas').getContext('2d');
  const width = (font: string) => {
    const known = new Map<string, number>();
    return (text: string) => {
      let w = known.get(text);
      if (w === undefined) {
        if (ctx) ctx.font = font;
        // Without a canvas (a test's DOM): about 0.6 em a character.
        w = ctx ? ctx.measureText(text).width : text.length * size * 0.6;
        known.set(text, w);
      }
      return w;
    };
  };
  return { text: width(`${size}px ${family}`), header: width(`${strong} ${size}px ${family}`), tag: width(`${small}px ${family}`), button };
}

/** What a column needs (column-width.ts); a column that says nothing and draws its cells keeps its width. */
function needOf<T>(column: FitColumn<T>, rows: readonly T[], measure: Measure): ColumnNeed {
  const header = typeof column.title === 'string' ? column.title : '';
  const fit = column.fit ?? (column.render ? undefined : { kind: 'content' as const });
  if (!fit) {
    const width = typeof column.width === 'number' ? column.width : 120;
    return { want: width, min: width, free: false };
  }
  return columnNeed(fit, header, rows, measure, (row) => valueText(cellValue(column, row)));
}

/**
 * Props of a list table whose columns take their widths from their content (column-width.ts): the headers in the
 * current language and the rows on the page, measured in the table's fonts, shared out in the width the table has
 * (followed as it changes). Spread after the paged table's props: `<Table {...tableProps} {...fitted} />`.
 */
export function useFittedTable<T>(columns: readonly FitColumn<T>[], rows: readonly T[] | undefined) {
  const { token } = theme.useToken();
  const measure = useMemo(
    () => canvasMeasure(token.fontFamily, token.fontSize, token.fontSizeSM, token.fontWeightStrong, token.controlHeight),
    [token.fontFamily, token.fontSize, token.fontSizeSM, token.fontWeightStrong, token.controlHeight],
  );
  // The width the columns share: the table's, less antd's own columns (row selection, expand icons).
  const [room, setRoom] = useState<{ available: number; reserved: number }>();
  const observer = useRef<ResizeObserver | null>(null);
  const ref = useCallback((table: TableRef | null) => {
    observer.current?.disconnect();
    observer.current = null;
    const box = table?.nativeElement;
    if (!box) return;
    const follow = new ResizeObserver(() => {
      const reserved = Array.from(
        box.querySelectorAll<HTMLElement>('thead th.ant-table-selection-column, thead th.ant-table-row-expand-icon-cell'),
      ).reduce((sum, th) => sum + th.getBoundingClientRect().width, 0);
      const next = { available: Math.floor(box.clientWidth - reserved), reserved: Math.ceil(reserved) };
      setRoom((was) => (was?.available === next.available && was.reserved === next.reserved ? was : next));
    });
    follow.observe(box);
    observer.current = follow;
  }, []);
  const needs = useMemo(() => columns.map((c) => needOf(c, rows ?? [], measure)), [columns, rows, measure]);
  const widths = useMemo(() => allocateWidths(needs, room?.available), [needs, room?.available]);
  const reserved = room?.reserved ?? 0;
  const key = widths.join(',');
  return useMemo(
    () => ({
      ref,
      tableLayout: 'fixed' as const,
      scroll: { x: widths.reduce((a, b) => a + b, reserved) },
      columns: columns.map((c, i): TableColumnType<T> => wholeWordHeader({ ...withoutFit(c), width: widths[i] }, true)),
    }),
    // The widths by value: the same widths keep the same columns (the header is not laid out again).
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [columns, key, reserved, ref],
  );
}
