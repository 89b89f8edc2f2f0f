import { randomUUID } from 'node:crypto';
import { ErrorCode } from '@agromet/contracts';
import { applyPatch, composePatches, gridFromValues, revertPatch, type Grid, type GridGeometry, type Patch } from '@agromet/grid';
import type { Selectable } from 'kysely';
import type { Db } from '../../core/db/index.js';
import { nowIso } from '../../core/db/index.js';
import type { GridTable } from '../../core/db/schema.js';
import { AppError, errors } from '../../core/errors.js';
import { isUniqueViolation } from '../../core/versioned.js';
import { consoleCleanupLog, removeFiles, type CleanupLog, type FileStorage } from '../../core/storage.js';
import {
  decodeDelta,
  decodeValues,
  deltaBase,
  deltaKeyOn,
  deltaValueAt,
  deltaWithinBound,
  encodeValues,
  isDeltaKey,
  patchValueAt,
} from './stored-values.js';

// The stored form of the values is in stored-values.ts; its users have long imported it from here.
export { decodeValues, deltaBase, encodeValues, isDeltaKey, readStoredValues } from './stored-values.js';

export type GridRow = Selectable<GridTable>;

export interface GridKey {
  customerId: number;
  forecastTypeId: number;
  factorId: number;
  baseTime: string;
  leadHours: number;
}

export interface Editor {
  userId: number | null;
  name: string;
}

const CACHE_BYTES = 256 * 1024 * 1024;

/** Test hooks (never set in production). */
export interface GridStoreHooks {
  /**
   * Runs inside a save's transaction after the rows were read and before any is switched: tests make another
   * connection change a grid at that moment, the race a save must answer with a conflict.
   */
  afterRead?: (keys: GridKey[]) => Promise<void>;
}

/**
 * Grids: georeference and version in the database, values in a file per version. A write stores a new file first and
 * then switches the row to it in one transaction, so a crash leaves the previous version whole.
 */
export class GridStore {
  private readonly cache = new Map<string, Float32Array>();
  /**
   * The patch from its base of delta versions this store wrote or read (small; about one per grid): dropped with the
   * version from the cache, or when the version is replaced.
   */
  private readonly deltas = new Map<string, Patch>();
  /** The removals of replaced files not done yet (see removeLater). */
  private removals: Promise<void> = Promise.resolve();
  private cachedBytes = 0;

  constructor(
    private readonly db: Db,
    private readonly storage: FileStorage,
    private readonly hooks: GridStoreHooks = {},
    /** Where a file that could not be removed is reported (the server's logger). */
    private readonly log: CleanupLog = consoleCleanupLog,
  ) {}

  async find(key: GridKey): Promise<GridRow | undefined> {
    return findRow(this.db, key);
  }

  async load(row: GridRow): Promise<Grid> {
    // Callers may edit what they get; the cached copy stays as stored.
    return gridFromValues(geometryOfRow(row), (await this.valuesOf(row)).slice());
  }

  /** The grid as stored, without a copy: callers must not change its values (a revision computing its patch). */
  async view(row: GridRow): Promise<Grid> {
    return gridFromValues(geometryOfRow(row), await this.valuesOf(row));
  }

  /**
   * The values of the version a row read earlier names. Its file is gone when another save switched the row since and
   * removed the files it replaced: that is the conflict a save would meet (4009 naming who), not a missing grid. Gone
   * while the row still names it, the file was lost: a clear error (fileMissing), never values read as zeros.
   */
  private async valuesOf(row: GridRow): Promise<Float32Array> {
    try {
      return await this.values(row.storage_key);
    } catch (e) {
      if (!(e instanceof AppError && e.code === ErrorCode.NOT_FOUND)) throw e;
      const latest = await this.db.selectFrom('grid').selectAll().where('id', '=', row.id).executeTakeFirst();
      if (latest && latest.storage_key !== row.storage_key) throw staleGrid(latest);
      if (latest) throw this.fileMissing(latest);
      throw e;
    }
  }

  /**
   * A row whose version file (or the base of its delta) is missing from storage: logged with its key, and answered as
   * 5000 naming the grid (docs/architecture.md#orphan-files); the orphan sweep lists such rows too.
   */
  fileMissing(row: GridRow): AppError {
    this.log.warn(
      { gridId: row.id, version: row.version, key: row.storage_key },
      'grid file missing: the row names a file storage does not have',
    );
    const params = { id: row.id, baseTime: row.base_time, lead: row.lead_hours, version: row.version };
    return new AppError(ErrorCode.INTERNAL, 'gridFileMissing', params, { gridId: row.id, version: row.version });
  }

  /**
   * After a point read (valueAt) found no file for a row read earlier: the missing-file error when the row still names
   * that version, or null when it was switched meanwhile (read the rows again).
   */
  async missingFile(row: GridRow): Promise<AppError | null> {
    const latest = await this.db.selectFrom('grid').selectAll().where('id', '=', row.id).executeTakeFirst();
    return latest && latest.storage_key === row.storage_key ? this.fileMissing(latest) : null;
  }

  /**
   * One cell of a stored version, reading only what it needs (docs/grids.md#point-reads): the cached values when the
   * version is cached; else for a delta its own entry for the cell (the patch this store wrote, or found in the delta
   * file), falling back to its base; for a full file the 4 bytes at the cell's offset. Null when a file is gone (the
   * row was switched to a newer version meanwhile: read the row again).
   */
  async valueAt(storageKey: string, index: number): Promise<number | null> {
    const cached = this.cache.get(storageKey);
    if (cached) return cached[index]!;
    if (isDeltaKey(storageKey)) {
      const written = this.deltas.get(storageKey);
      let value: number | undefined;
      if (written) value = patchValueAt(written, index);
      else {
        const data = await this.storage.get(storageKey);
        if (!data) return null;
        value = deltaValueAt(data, index);
      }
      return value !== undefined ? value : this.valueAt(deltaBase(storageKey), index);
    }
    const bytes = await this.storage.getRange(storageKey, index * 4, 4);
    if (!bytes) return null;
    if (bytes.length < 4) throw new Error(`grid file ${storageKey} ends before cell ${index}`);
    return bytes.readFloatLE(0);
  }

  /** The values of a stored version (cached): a full file, or a delta applied to its base. */
  private async values(key: string): Promise<Float32Array> {
    let values = this.cache.get(key);
    if (values) return values;
    const data = await this.storage.get(key);
    if (!data) throw errors.notFound();
    if (isDeltaKey(key)) {
      const patch = decodeDelta(data);
      values = this.fromSibling(key, patch);
      if (!values) {
        values = (await this.values(deltaBase(key))).slice();
        applyPatch(values, patch, { verify: false });
      }
      this.deltas.set(key, patch);
    } else values = decodeValues(data);
    this.remember(key, values);
    return values;
  }

  /**
   * A delta version made from another cached version of the same base, in place, as a revision of this store does: the
   * cached version's own patch reverted (when it is a delta), then this one's applied. Another process's revision then
   * costs this one neither its base file (6.7 MB for a national grid) nor a copy. Undefined when none is cached.
   */
  private fromSibling(key: string, fromBase: Patch): Float32Array | undefined {
    const base = deltaBase(key);
    const sibling = [...this.cache.keys()].find((k) => k === base || (isDeltaKey(k) && deltaBase(k) === base && this.deltas.has(k)));
    if (sibling === undefined) return undefined;
    const values = this.cache.get(sibling)!;
    const own = this.deltas.get(sibling);
    this.forget(sibling);
    if (own) revertPatch(values, own, { verify: false });
    applyPatch(values, fromBase, { verify: false });
    return values;
  }

  /**
   * Saves revisions of stored grids, writing only what changed: each item's patch turns the row's current version
   * (which must still be `row.version`) into the new one. The new version is a delta file (the patch from the row's
   * base, composed with the delta it had), or a full file when that delta would be more than half the full file's size.
   * Everything else as saveMany: all together or not at all, `inTransaction` inside, 4009 on a stale version.
   */
  async savePatches(
    items: ReadonlyArray<{ key: GridKey; row: GridRow; patch: Patch }>,
    editor: Editor,
    opts: { inTransaction?: (tx: Db, rows: GridRow[]) => Promise<void> } = {},
  ): Promise<GridRow[]> {
    const files: Array<{ key: string; data: Buffer; values?: Float32Array; fromBase?: Patch }> = [];
    for (const { row, patch } of items) {
      const current = row.storage_key;
      const base = isDeltaKey(current) ? deltaBase(current) : current;
      let fromBase = patch;
      if (isDeltaKey(current)) {
        let previous = this.deltas.get(current);
        if (!previous) {
          const data = await this.storage.get(current);
          if (!data) throw staleGrid(row);
          previous = decodeDelta(data);
        }
        fromBase = composePatches(previous, patch);
      }
      const delta = deltaWithinBound(fromBase, row.nx * row.ny);
      if (delta) {
        files.push({ key: deltaKeyOn(base, randomUUID()), data: delta, fromBase });
      } else {
        const values = (await this.valuesOf(row)).slice();
        applyPatch(values, patch, { verify: false });
        files.push({ key: `grids/${row.customer_id}/${row.factor_id}/${randomUUID()}.f32`, data: encodeValues(values), values });
      }
    }
    // Taken before the switch, whose cleanup drops the replaced versions from the cache.
    const cached = items.map(({ row }) => this.cache.get(row.storage_key));
    const saved = await this.switchTo(
      items.map((item, k) => ({
        key: item.key,
        geometry: geometryOfRow(item.row),
        expectedVersion: item.row.version,
        known: item.row,
        file: files[k]!,
      })),
      editor,
      opts.inTransaction,
    );
    // The cache follows without copying: the old version's array becomes the new one in place (a base left behind is
    // read again from its file if ever needed), and the new delta's patch is remembered for the next revision.
    for (const [k, { row, patch }] of items.entries()) {
      const file = files[k]!;
      this.deltas.delete(row.storage_key);
      if (file.values) {
        this.remember(file.key, file.values);
        continue;
      }
      if (file.fromBase) this.deltas.set(file.key, file.fromBase);
      const old = cached[k];
      if (old) {
        this.forget(row.storage_key);
        applyPatch(old, patch, { verify: false });
        this.remember(file.key, old);
      }
    }
    return saved;
  }

  /** Drops a version from the cache, and its patch (a version read again is read from its files). */
  private forget(key: string) {
    this.deltas.delete(key);
    const values = this.cache.get(key);
    if (!values) return;
    this.cache.delete(key);
    this.cachedBytes -= values.byteLength;
  }

  private remember(key: string, values: Float32Array) {
    this.cache.set(key, values);
    this.cachedBytes += values.byteLength;
    while (this.cachedBytes > CACHE_BYTES) {
      const [oldest, v] = this.cache.entries().next().value!;
      this.cache.delete(oldest);
      this.deltas.delete(oldest);
      this.cachedBytes -= v.byteLength;
    }
  }

  /**
   * Stores a grid. With `expectedVersion` the row must still be at that version (null: must not exist yet), else 4009
   * naming who changed it; without it the grid is created or replaced. `inTransaction` runs extra writes (e.g. a
   * revision record) atomically.
   */
  async save(
    key: GridKey,
    grid: Grid,
    editor: Editor,
    opts: { expectedVersion?: number | null; inTransaction?: (tx: Db, row: GridRow) => Promise<void> } = {},
  ): Promise<GridRow> {
    const inTransaction = opts.inTransaction;
    const [row] = await this.saveMany([{ key, grid, expectedVersion: opts.expectedVersion }], editor, {
      ...(inTransaction ? { inTransaction: (tx: Db, rows: GridRow[]) => inTransaction(tx, rows[0]!) } : {}),
    });
    return row!;
  }

  /**
   * Stores several grids all together or not at all: every new file is written first, then one transaction checks each
   * expected version and switches every row (and runs `inTransaction`); a stale version (4009, naming who changed it
   * and the grid's lead), a failure or a crash before the commit leaves every grid at its previous version. The old
   * versions' files are removed only once the switch has committed.
   *
   * `expectedVersion`: the row must still be at that version; null: it must not exist yet; absent: create or replace.
   * Another connection writing a grid between our read and our switch (a row switched meanwhile on PostgreSQL, a
   * concurrent creation, or SQLite's stale snapshot) is a race, not a failure: the transaction runs again on fresh
   * reads, where the version checks see the other write.
   */
  async saveMany(
    items: ReadonlyArray<{ key: GridKey; grid: Grid; expectedVersion?: number | null }>,
    editor: Editor,
    opts: { inTransaction?: (tx: Db, rows: GridRow[]) => Promise<void> } = {},
  ): Promise<GridRow[]> {
    const rows = await this.switchTo(
      items.map((item) => ({
        key: item.key,
        geometry: geometryOfRow(item.grid),
        expectedVersion: item.expectedVersion,
        file: { key: `grids/${item.key.customerId}/${item.key.factorId}/${randomUUID()}.f32`, data: encodeValues(item.grid.values) },
      })),
      editor,
      opts.inTransaction,
    );
    for (const [k, item] of items.entries()) this.remember(rows[k]!.storage_key, item.grid.values.slice());
    return rows;
  }

  /**
   * Writes every new file, then switches the rows in one transaction (retried on write races), then removes what the
   * replaced versions alone used: a replaced full file unless it is the base of the new delta, a replaced delta, and
   * the base of a replaced delta when the new version no longer builds on it.
   */
  private async switchTo(
    items: ReadonlyArray<{
      key: GridKey;
      geometry: GridGeometry;
      expectedVersion?: number | null;
      known?: GridRow;
      file: { key: string; data: Buffer };
    }>,
    editor: Editor,
    inTransaction: ((tx: Db, rows: GridRow[]) => Promise<void>) | undefined,
  ): Promise<GridRow[]> {
    const storageKeys = items.map((item) => item.file.key);
    let replaced: string[] = [];
    try {
      for (const item of items) await this.storage.put(item.file.key, item.file.data);
      let rows: GridRow[];
      for (let attempt = 1; ; attempt++) {
        try {
          rows = await this.db.transaction().execute((tx) =>
            this.switchRows(tx, items, storageKeys, editor, inTransaction, (old) => {
              replaced = old;
            }),
          );
          break;
        } catch (e) {
          replaced = [];
          if (!(e instanceof WriteRace)) throw e;
          if (attempt === MAX_RACE_ATTEMPTS) {
            const latest = await findRow(this.db, e.key);
            throw latest ? staleGrid(latest) : errors.conflict('staleVersion');
          }
        }
      }
      return rows;
    } catch (e) {
      replaced = [];
      await removeFiles(this.storage, storageKeys, this.log, 'a grid file of a failed save');
      throw e;
    } finally {
      const kept = new Set(storageKeys.filter(isDeltaKey).map(deltaBase));
      const unused = [
        ...new Set(replaced.flatMap((key) => (isDeltaKey(key) ? [key, deltaBase(key)] : [key])).filter((key) => !kept.has(key))),
      ];
      for (const key of unused) this.forget(key);
      if (unused.length > 0) this.removeLater(unused);
    }
  }

  /**
   * Removes replaced versions' files after the answer (an unlink of a few megabytes takes milliseconds, more on a busy
   * disk): no row names them once the switch has committed, and a file left behind by a crash is only space.
   */
  private removeLater(keys: string[]): void {
    this.removals = this.removals
      .then(() => new Promise((resolve) => setImmediate(resolve)))
      .then(() => removeFiles(this.storage, keys, this.log, 'a replaced grid file'));
  }

  /** Settles once the replaced files of every save so far are removed (a shutdown, a test counting files). */
  settled(): Promise<void> {
    return this.removals;
  }

  /**
   * One attempt of saveMany's transaction: read and check every row, then switch them in key order. A row the caller
   * read at the version it expects (`known`, a revision) is not read again: the switch itself checks the version, and
   * only a switch that finds the row changed reads it, to answer who changed it.
   */
  private async switchRows(
    tx: Db,
    items: ReadonlyArray<{ key: GridKey; geometry: GridGeometry; expectedVersion?: number | null; known?: GridRow }>,
    storageKeys: string[],
    editor: Editor,
    inTransaction: ((tx: Db, rows: GridRow[]) => Promise<void>) | undefined,
    onSwitched: (oldKeys: string[]) => void,
  ): Promise<GridRow[]> {
    const now = nowIso();
    const saved: GridRow[] = new Array(items.length);
    const old: string[] = [];
    // Rows are locked in one order whatever the caller's, so two multi-grid saves cannot deadlock (PostgreSQL).
    const order = items.map((_, k) => k).sort((a, b) => compareKeys(items[a]!.key, items[b]!.key));
    const current: Array<GridRow | undefined> = new Array(items.length);
    for (const k of order) {
      const { key, expectedVersion, known } = items[k]!;
      if (known && known.version === expectedVersion) {
        current[k] = known;
        continue;
      }
      const row = await findRow(tx, key);
      if (row && expectedVersion !== undefined && row.version !== expectedVersion) throw staleGrid(row);
      if (!row && typeof expectedVersion === 'number') throw errors.notFound();
      current[k] = row;
    }
    if (this.hooks.afterRead) await this.hooks.afterRead(order.map((k) => items[k]!.key));
    for (const k of order) {
      const { key, geometry } = items[k]!;
      const row = current[k];
      const storageKey = storageKeys[k]!;
      const change = { ...geometry, storage_key: storageKey, updated_by: editor.userId, updated_by_name: editor.name, updated_at: now };
      if (row) {
        const res = await raceGuard(
          key,
          tx
            .updateTable('grid')
            .set({ ...change, version: row.version + 1 })
            .where('id', '=', row.id)
            .where('version', '=', row.version)
            .executeTakeFirst(),
        );
        if (Number(res.numUpdatedRows) !== 1) {
          // Saved meanwhile by another call since the caller's read: theirs stands (4009 naming who).
          if (items[k]!.known) {
            const latest = await findRow(tx, key);
            if (!latest) throw errors.notFound();
            if (latest.version !== row.version) throw staleGrid(latest);
          }
          // Another transaction switched the row after we read it (PostgreSQL, read committed).
          throw new WriteRace(key);
        }
        old.push(row.storage_key);
        saved[k] = { ...row, ...change, version: row.version + 1 };
      } else {
        saved[k] = await raceGuard(
          key,
          tx
            .insertInto('grid')
            .values({
              customer_id: key.customerId,
              forecast_type_id: key.forecastTypeId,
              factor_id: key.factorId,
              base_time: key.baseTime,
              lead_hours: key.leadHours,
              ...change,
              created_at: now,
            })
            .returningAll()
            .executeTakeFirstOrThrow(),
        );
      }
    }
    if (inTransaction) await inTransaction(tx, saved);
    onSwitched(old);
    return saved;
  }
}

/** Runs before a save gives up on races and answers the conflict; each run sees the writes committed before it. */
const MAX_RACE_ATTEMPTS = 3;

/** Another connection wrote the grid between this transaction's read and its switch. */
class WriteRace extends Error {
  override name = 'WriteRace';
  constructor(readonly key: GridKey) {
    super('the grid was written by another connection during the save');
  }
}

/**
 * A grid write failing because another connection got there first: the row created meanwhile (unique violation), or
 * SQLite's read snapshot gone stale before our first write (WAL mode, another connection committed since our read).
 */
async function raceGuard<T>(key: GridKey, write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (e) {
    if (isUniqueViolation(e) || (e as { code?: unknown }).code === 'SQLITE_BUSY_SNAPSHOT') throw new WriteRace(key);
    throw e;
  }
}

function compareKeys(a: GridKey, b: GridKey): number {
  return a.customerId - b.customerId || a.factorId - b.factorId || a.baseTime.localeCompare(b.baseTime) || a.leadHours - b.leadHours;
}

function findRow(db: Db, key: GridKey): Promise<GridRow | undefined> {
  return db
    .selectFrom('grid')
    .selectAll()
    .where('customer_id', '=', key.customerId)
    .where('factor_id', '=', key.factorId)
    .where('base_time', '=', key.baseTime)
    .where('lead_hours', '=', key.leadHours)
    .executeTakeFirst();
}

/** 4009 naming who changed the grid and when, with the version the caller should reload. */
export function staleGrid(current: GridRow) {
  return errors.conflict(
    'gridStale',
    { name: current.updated_by_name || '?', time: current.updated_at },
    {
      currentVersion: current.version,
      updatedBy: current.updated_by_name,
      updatedAt: current.updated_at,
      lead: current.lead_hours,
    },
  );
}

export function geometryOfRow(row: Pick<GridRow, 'lon0' | 'lat0' | 'dx' | 'dy' | 'nx' | 'ny'>): GridGeometry {
  return { lon0: row.lon0, lat0: row.lat0, dx: row.dx, dy: row.dy, nx: row.nx, ny: row.ny };
}
