// A fingerprint of the database's content: one hash per table, to tell whether a run of calls changed anything.
import { createHash } from 'node:crypto';

/**
 * Tables (`table`) and columns (`table.column`) that change on calls that change nothing else, left out of the
 * fingerprint:
 * - `operation_log`: every call of a changing route writes a row, refused ones included (docs/security.md#operation-log);
 * - `session`, `refresh_token`: sign-in, refresh and sign-out bookkeeping (the sign-in throttle lives in the process
 *   or in Redis, not in a table);
 * - `wx_token`: the official accounts' WeChat access-token cache, refreshed by reads;
 * - `wx_account.api_calls`, `wx_account.last_call_at`: every exchange with WeChat is counted on its account, reads too;
 * - Kysely's migration tables, which only a start changes.
 */
export const VOLATILE_TABLES: readonly string[] = [
  'operation_log',
  'session',
  'refresh_token',
  'wx_token',
  'wx_account.api_calls',
  'wx_account.last_call_at',
  'kysely_migration',
  'kysely_migration_lock',
];

/** Whole tables, and columns by table, from VOLATILE_TABLES and a list of more `table` and `table.column`. */
function exclusions(list: readonly string[]) {
  const tables = new Set<string>();
  const columns = new Map<string, string[]>();
  for (const entry of new Set([...VOLATILE_TABLES, ...list])) {
    const dot = entry.indexOf('.');
    if (dot < 0) tables.add(entry);
    else columns.set(entry.slice(0, dot), [...(columns.get(entry.slice(0, dot)) ?? []), entry.slice(dot + 1)]);
  }
  return { tables, columns };
}

/**
 * Returns the fingerprint as text: one `table=hash` line per table (sorted), then `#busy=n`, the jobs queued or running
 * (not part of the content: a caller waits for 0 before trusting a fingerprint, since running jobs write).
 */
export type Fingerprint = (() => Promise<string>) & { close(): Promise<void> };

export interface ParsedFingerprint {
  tables: Map<string, string>;
  busy: number | undefined;
}

export function parseFingerprint(text: string): ParsedFingerprint {
  const tables = new Map<string, string>();
  let busy: number | undefined;
  for (const line of text.split('\n')) {
    if (line.startsWith('#busy=')) busy = Number(line.slice(6));
    else if (line.includes('=')) {
      const at = line.lastIndexOf('=');
      tables.set(line.slice(0, at), line.slice(at + 1));
    } else if (line) tables.set(line, line);
  }
  return { tables, busy };
}

/** The tables whose hash differs between two fingerprints (a table added or dropped counts too). */
export function changedTables(a: ParsedFingerprint, b: ParsedFingerprint): string[] {
  const names = new Set([...a.tables.keys(), ...b.tables.keys()]);
  return [...names].filter((n) => a.tables.get(n) !== b.tables.get(n)).sort();
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * PostgreSQL: every table of the current schema but VOLATILE_TABLES and `excludeTables` (more tables or
 * `table.column`s to leave out), hashed in the database, one query per table (`md5` of the rows as text in a fixed
 * order), a few at a time on a small pool.
 */
export function postgresFingerprint(databaseUrl: string, excludeTables: readonly string[] = []): Fingerprint {
  const { tables: excluded, columns } = exclusions(excludeTables);
  let pool: import('pg').Pool | undefined;
  const open = async () => {
    if (!pool) {
      const { default: pg } = await import('pg');
      pool = new pg.Pool({ connectionString: databaseUrl, max: 4, allowExitOnIdle: true });
      pool.on('error', () => undefined);
    }
    return pool;
  };
  const fingerprint = async () => {
    const db = await open();
    const tables = (
      await db.query<{ name: string }>(
        `select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE' order by 1`,
      )
    ).rows
      .map((r) => r.name)
      .filter((n) => !excluded.has(n));
    const hashes = await Promise.all(
      tables.map(async (name) => {
        const drop = columns.get(name);
        const row = drop ? `(to_jsonb(t) ${drop.map((c) => `- '${c.replace(/'/g, "''")}'`).join(' ')})::text` : 't::text';
        const r = await db.query<{ h: string }>(
          `select md5(coalesce(string_agg(x, ',' order by x), '')) as h from (select ${row} as x from ${quote(name)} t) s`,
        );
        return `${name}=${r.rows[0]!.h}`;
      }),
    );
    let busy = '';
    if (tables.includes('job')) {
      const r = await db.query<{ n: string }>(`select count(*) as n from job where status in ('queued', 'running')`);
      busy = `\n#busy=${Number(r.rows[0]!.n)}`;
    }
    return hashes.join('\n') + busy;
  };
  return Object.assign(fingerprint, {
    async close() {
      await pool?.end();
      pool = undefined;
    },
  });
}

/**
 * SQLite: the same over a database file, read through a read-only connection of this process (WAL lets it read while
 * the server writes); rows are hashed here, as SQLite has no md5.
 */
export function sqliteFingerprint(file: string, excludeTables: readonly string[] = []): Fingerprint {
  const { tables: excluded, columns } = exclusions(excludeTables);
  let db: import('better-sqlite3').Database | undefined;
  const fingerprint = async () => {
    if (!db) {
      const { default: SQLite } = await import('better-sqlite3');
      db = new SQLite(file, { readonly: true, fileMustExist: true });
      db.pragma('busy_timeout = 5000');
    }
    const conn = db;
    const tables = (
      conn.prepare(`select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by 1`).all() as Array<{
        name: string;
      }>
    )
      .map((r) => r.name)
      .filter((n) => !excluded.has(n));
    // One read transaction: every table as of the same moment.
    const lines = conn.transaction(() =>
      tables.map((name) => {
        const statement = conn.prepare(`select * from ${quote(name)}`).raw();
        const drop = new Set(columns.get(name) ?? []);
        const keep = statement
          .columns()
          .map((c, i) => (drop.has(c.name) ? -1 : i))
          .filter((i) => i >= 0);
        const rows = (statement.all() as unknown[][]).map((row) =>
          JSON.stringify(
            keep.map((i) => row[i]),
            (_, v: unknown) => (typeof v === 'bigint' ? v.toString() : v),
          ),
        );
        rows.sort();
        const hash = createHash('md5');
        for (const r of rows) hash.update(r).update('\n');
        return `${name}=${hash.digest('hex')}`;
      }),
    )();
    let busy = '';
    if (tables.includes('job')) {
      const r = conn.prepare(`select count(*) as n from job where status in ('queued', 'running')`).get() as { n: number };
      busy = `\n#busy=${r.n}`;
    }
    return lines.join('\n') + busy;
  };
  return Object.assign(fingerprint, {
    async close() {
      db?.close();
      db = undefined;
    },
  });
}
