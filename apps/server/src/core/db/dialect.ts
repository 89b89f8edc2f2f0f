import type { ColumnDefinitionBuilder } from 'kysely';

/** The two database engines; the same migrations run on both. */
export type Dialect = 'sqlite' | 'postgres';

/** The auto-increment key's column type, the one thing the engines' migrations differ in. */
export type IdColumn = 'serial' | 'integer';

/** Makes a column the auto-increment primary key. */
export type PrimaryKey = (c: ColumnDefinitionBuilder) => ColumnDefinitionBuilder;

export function idColumn(dialect: Dialect): IdColumn {
  return dialect === 'postgres' ? 'serial' : 'integer';
}

export function withId(dialect: Dialect): PrimaryKey {
  return (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement());
}
