import type { Kysely } from 'kysely';
import type { Db } from './core/db/index.js';
import type { FileStorage } from './core/storage.js';
import { FILE_COLUMNS, STORAGE_FOLDERS, type FileColumn, type FileReference } from './file-columns.js';

/** A row that names a stored file storage does not have. */
export interface MissingFile {
  table: string;
  column: string;
  id: string | number;
  key: string;
}

export interface SweepReport {
  /** Files listed in storage. */
  scanned: number;
  /** Orphans removed: older than the grace period and named by no row. */
  removed: number;
  /** Files left: named by a row, younger than the grace period, outside the application's folders, or not removable (logged). */
  kept: number;
  /** The keys removed (a dry run: the keys it would remove). */
  removedKeys: string[];
  /** Rows whose required file is missing (also logged, one warning each). */
  missing: MissingFile[];
}

export interface SweepLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface SweepOptions {
  /** Files younger than this are kept even when no row names them (ORPHAN_GRACE_MINUTES). */
  graceMinutes: number;
  /** The time the grace period is counted back from (tests). */
  now?: Date;
  /** Report what would be removed without removing it. */
  dryRun?: boolean;
}

/** Rows read per query while collecting the keys rows name. */
const PAGE = 2000;

/** Kysely over table and column names known only at run time (those of FILE_COLUMNS, checked against the schema). */
type AnyDb = Kysely<Record<string, Record<string, string | number | null>>>;

/** Every row of one registered column with the files it names, page by page in `id` order (also read by backups). */
export async function* referencesOf(db: Db, c: FileColumn): AsyncIterable<{ id: string | number; value: string; refs: FileReference[] }> {
  const any = db as unknown as AnyDb;
  const columns = [...new Set(['id', c.column, ...(c.also ?? [])])];
  let after: string | number | undefined;
  for (;;) {
    let q = any.selectFrom(c.table).select(columns).where(c.column, 'is not', null).orderBy('id').limit(PAGE);
    if (after !== undefined) q = q.where('id', '>', after);
    const rows = await q.execute();
    for (const row of rows) {
      if (c.when && !c.when(row)) continue;
      const value = String(row[c.column]);
      yield { id: row.id!, value, refs: c.keys(value, row) };
    }
    if (rows.length < PAGE) return;
    after = rows[rows.length - 1]!.id!;
  }
}

/**
 * Removes stored files that no database row names (docs/architecture.md#orphan-files): what a crash left between a
 * file's write and its row's commit (staged uploads, frozen issue copies, grid versions, `*.tmp` of an unfinished local
 * write …). Storage is listed first and the rows read after, so a file whose row commits meanwhile is seen as named; a
 * file younger than the grace period is kept whatever the rows say (its row may be about to commit), and nothing
 * outside the application's folders (STORAGE_FOLDERS) is touched. Rows whose required file is missing are reported,
 * after a second look at storage and at the row.
 */
export async function sweepOrphanFiles(deps: { db: Db; storage: FileStorage; log: SweepLog }, opts: SweepOptions): Promise<SweepReport> {
  const { db, storage, log } = deps;
  const listed = new Map<string, Date>();
  for await (const file of storage.list()) listed.set(file.key, file.modified);

  const named = new Set<string>();
  const maybeMissing: Array<MissingFile & { value: string }> = [];
  for (const c of FILE_COLUMNS) {
    for await (const { id, value, refs } of referencesOf(db, c)) {
      for (const ref of refs) {
        named.add(ref.key);
        if (ref.required && !listed.has(ref.key)) maybeMissing.push({ table: c.table, column: c.column, id, key: ref.key, value });
      }
    }
  }

  const oldest = (opts.now ?? new Date()).getTime() - opts.graceMinutes * 60_000;
  const removedKeys: string[] = [];
  const ours = new Set(STORAGE_FOLDERS);
  for (const [key, modified] of listed) {
    const folder = key.includes('/') ? key.slice(0, key.indexOf('/')) : '';
    if (named.has(key) || modified.getTime() > oldest || !ours.has(folder)) continue;
    if (!opts.dryRun) {
      try {
        await storage.remove(key);
      } catch (err) {
        // A key the storage refuses (a stray file with an odd name) or a failed removal: kept, and said.
        log.warn({ err, key }, 'orphan file sweep could not remove a file');
        continue;
      }
    }
    removedKeys.push(key);
  }

  // A file written after the listing, or a row changed or deleted after it, is no missing file.
  const missing: MissingFile[] = [];
  const any = db as unknown as AnyDb;
  for (const m of maybeMissing) {
    if ((await storage.getRange(m.key, 0, 1)) !== null) continue;
    const still = await any.selectFrom(m.table).select('id').where('id', '=', m.id).where(m.column, '=', m.value).executeTakeFirst();
    if (!still) continue;
    const found = { table: m.table, column: m.column, id: m.id, key: m.key };
    missing.push(found);
    log.warn(found, 'a row names a stored file that is missing');
  }

  const report = { scanned: listed.size, removed: removedKeys.length, kept: listed.size - removedKeys.length, removedKeys, missing };
  log.info(
    {
      scanned: report.scanned,
      removed: report.removed,
      kept: report.kept,
      missing: missing.length,
      graceMinutes: opts.graceMinutes,
      ...(opts.dryRun ? { dryRun: true } : {}),
      // A sample, so that one line stays one line whatever a crash left.
      removedKeys: removedKeys.slice(0, 20),
    },
    opts.dryRun ? 'orphan file sweep (dry run)' : 'orphan file sweep',
  );
  return report;
}
