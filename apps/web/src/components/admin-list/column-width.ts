/**
 * A column's width from what the rows shown hold: a column that no row fills keeps only the room of its header. An
 * empty Mobile column of the users table took 110 px while the names beside it were cut, and at 1280 px in Spanish
 * pushed the table past its panel.
 */
export function widthByContent<T>(rows: readonly T[] | undefined, value: (row: T) => unknown, filled: number, empty: number): number {
  return rows?.some((row) => {
    const v = value(row);
    return v !== null && v !== undefined && v !== '';
  })
    ? filled
    : empty;
}
