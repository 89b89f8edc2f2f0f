import { randomUUID } from 'node:crypto';
import { gridFromValues, type Grid, type GridGeometry } from '@agromet/grid';
import type { Selectable } from 'kysely';
import type { Db } from '../../core/db/index.js';
import { nowIso } from '../../core/db/index.js';
import type { GridTable } from '../../core/db/schema.js';
import { errors } from '../../core/errors.js';
import { isUniqueViolation } from '../../core/versioned.js';
import { consoleCleanupLog, removeFiles, type CleanupLog, type FileStorage } from '../../core/storage.js';

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

/** Float32 little-endian, as every machine we run on stores it. */
export function encodeValues(values: Float32Array): Buffer {
  return Buffer.from(values.buffer, values.byteOffset, values.byteLength);
}

export function decodeValues(data: Buffer): Float32Array {
  const copy = new Float32Array(data.byteLength / 4);
  new Uint8Array(copy.buffer).set(data);
  return copy;
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
    let values = this.cache.get(row.storage_key);
    if (!values) {
      const data = await this.storage.get(row.storage_key);
      if (!data) throw errors.notFound();
      values = decodeValues(data);
      this.remember(row.storage_key, values);
    }
    // Callers may edit what they get; the cached copy stays as stored.
    return gridFromValues(geometryOfRow(row), values.slice());
  }

  private remember(key: string, values: Float32Array) {
    this.cache.set(key, values);
    this.cachedBytes += values.byteLength;
    while (this.cachedBytes > CACHE_BYTES) {
      const [oldest, v] = this.cache.entries().next().value!;
      this.cache.delete(oldest);
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
    const storageKeys = items.map((item) => `grids/${item.key.customerId}/${item.key.factorId}/${randomUUID()}.f32`);
    let replaced: string[] = [];
    try {
      for (const [k, item] of items.entries()) await this.storage.put(storageKeys[k]!, encodeValues(item.grid.values));
      let rows: GridRow[];
      for (let attempt = 1; ; attempt++) {
        try {
          rows = await this.db.transaction().execute((tx) =>
            this.switchRows(tx, items, storageKeys, editor, opts.inTransaction, (old) => {
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
      for (const [k, item] of items.entries()) this.remember(storageKeys[k]!, item.grid.values.slice());
      return rows;
    } catch (e) {
      replaced = [];
      await removeFiles(this.storage, storageKeys, this.log, 'a grid file of a failed save');
      throw e;
    } finally {
      for (const key of replaced) {
        this.cache.delete(key);
        // The old version's file is no longer referenced once the switch committed; one left behind is only space.
        await removeFiles(this.storage, [key], this.log, 'a replaced grid file');
      }
    }
  }

  /** One attempt of saveMany's transaction: read and check every row, then switch them in key order. */
  private async switchRows(
    tx: Db,
    items: ReadonlyArray<{ key: GridKey; grid: Grid; expectedVersion?: number | null }>,
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
      const { key, expectedVersion } = items[k]!;
      const row = await findRow(tx, key);
      if (row && expectedVersion !== undefined && row.version !== expectedVersion) throw staleGrid(row);
      if (!row && typeof expectedVersion === 'number') throw errors.notFound();
      current[k] = row;
    }
    if (this.hooks.afterRead) await this.hooks.afterRead(order.map((k) => items[k]!.key));
    for (const k of order) {
      const { key, grid } = items[k]!;
      const row = current[k];
      const storageKey = storageKeys[k]!;
      const geometry = { lon0: grid.lon0, lat0: grid.lat0, dx: grid.dx, dy: grid.dy, nx: grid.nx, ny: grid.ny };
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
        // Another transaction switched the row after we read it (PostgreSQL, read committed).
        if (Number(res.numUpdatedRows) !== 1) throw new WriteRace(key);
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
