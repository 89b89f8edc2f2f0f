import { sql, type RawBuilder, type SqlBool } from 'kysely';

/** Escapes LIKE's wildcards so that a user's `%` or `_` matches itself (with `ESCAPE '\'`). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * `column` holds `text` literally, ignoring ASCII case, alike on both engines: SQLite's LIKE ignores ASCII case and
 * PostgreSQL's does not, so both sides are lowered; the user's wildcards are escaped.
 */
export function contains(column: string, text: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`lower(${sql.ref(column)}) like ${`%${escapeLike(text.toLowerCase())}%`} escape '\\'`;
}

/** `column` begins with `text` literally (same rules as `contains`). */
export function startsWith(column: string, text: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`lower(${sql.ref(column)}) like ${`${escapeLike(text.toLowerCase())}%`} escape '\\'`;
}
