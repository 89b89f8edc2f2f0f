import { randomUUID } from 'node:crypto';
import { gridFromValues, type Grid, type GridGeometry } from '@agromet/grid';
import type { Selectable } from 'kysely';
import type { Db } from '../../core/db/index.js';
import { nowIso } from '../../core/db/index.js';
import type { GridTable } from '../../core/db/schema.js';
import { errors } from '../../core/errors.js';
import type { FileStorage } from '../../core/storage.js';

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

/**
 * Grids: georeference and version in the database, values in a file per version. A write stores a new file first and
 * then switches the row to it in one transaction, so a crash leaves the previous version whole.
 */
export class GridStore {
  private readonly cache = new Map<string, Float32Array>();
  private cachedBytes = 0;

  constructor(private readonly db: Db, private readonly storage: FileStorage) {}

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
   * Stores a grid. With `expectedVersion` the row must still be at that version (else 4009 naming who changed it);
   * without it the grid is created or replaced. `inTransaction` runs extra writes (e.g. a revision record) atomically.
   */
  async save(
    key: GridKey,
    grid: Grid,
    editor: Editor,
    opts: { expectedVersion?: number; inTransaction?: (tx: Db, row: GridRow) => Promise<void> } = {},
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
   */
  async saveMany(
    items: ReadonlyArray<{ key: GridKey; grid: Grid; expectedVersion?: number }>,
    editor: Editor,
    opts: { inTransaction?: (tx: Db, rows: GridRow[]) => Promise<void> } = {},
  ): Promise<GridRow[]> {
    const storageKeys = items.map((item) => `grids/${item.key.customerId}/${item.key.factorId}/${randomUUID()}.f32`);
    let replaced: string[] = [];
    try {
      for (const [k, item] of items.entries()) await this.storage.put(storageKeys[k]!, encodeValues(item.grid.values));
      const rows = await this.db.transaction().execute(async (tx) => {
        const now = nowIso();
        const saved: GridRow[] = new Array(items.length);
        const old: string[] = [];
        // Rows are locked in one order whatever the caller's, so two multi-grid saves cannot deadlock (PostgreSQL).
        const order = items.map((_, k) => k).sort((a, b) => compareKeys(items[a]!.key, items[b]!.key));
        for (const k of order) {
          const { key, grid, expectedVersion } = items[k]!;
          const storageKey = storageKeys[k]!;
          const current = await findRow(tx, key);
          const geometry = { lon0: grid.lon0, lat0: grid.lat0, dx: grid.dx, dy: grid.dy, nx: grid.nx, ny: grid.ny };
          if (current) {
            if (expectedVersion !== undefined && current.version !== expectedVersion) throw staleGrid(current);
            const res = await tx.updateTable('grid')
              .set({ ...geometry, storage_key: storageKey, version: current.version + 1, updated_by: editor.userId, updated_by_name: editor.name, updated_at: now })
              .where('id', '=', current.id).where('version', '=', current.version).executeTakeFirst();
            if (Number(res.numUpdatedRows) !== 1) {
              // Another transaction switched the row after we read it (PostgreSQL, read committed): name who did.
              const latest = await findRow(tx, key);
              throw latest ? staleGrid(latest) : errors.conflict('staleVersion');
            }
            old.push(current.storage_key);
            saved[k] = {
              ...current, ...geometry, storage_key: storageKey, version: current.version + 1, updated_by: editor.userId,
              updated_by_name: editor.name, updated_at: now,
            };
          } else {
            if (expectedVersion !== undefined) throw errors.notFound();
            saved[k] = await tx.insertInto('grid').values({
              customer_id: key.customerId, forecast_type_id: key.forecastTypeId, factor_id: key.factorId, base_time: key.baseTime,
              lead_hours: key.leadHours, ...geometry, storage_key: storageKey, updated_by: editor.userId, updated_by_name: editor.name,
              created_at: now, updated_at: now,
            }).returningAll().executeTakeFirstOrThrow();
          }
        }
        if (opts.inTransaction) await opts.inTransaction(tx, saved);
        replaced = old;
        return saved;
      });
      for (const [k, item] of items.entries()) this.remember(storageKeys[k]!, item.grid.values.slice());
      return rows;
    } catch (e) {
      replaced = [];
      for (const key of storageKeys) await this.storage.remove(key).catch(() => {});
      throw e;
    } finally {
      for (const key of replaced) {
        this.cache.delete(key);
        // The old version's file is no longer referenced once the switch committed.
        await this.storage.remove(key).catch(() => {});
      }
    }
  }
}

function compareKeys(a: GridKey, b: GridKey): number {
  return a.customerId - b.customerId || a.factorId - b.factorId || a.baseTime.localeCompare(b.baseTime) || a.leadHours - b.leadHours;
}

function findRow(db: Db, key: GridKey): Promise<GridRow | undefined> {
  return db.selectFrom('grid').selectAll()
    .where('customer_id', '=', key.customerId).where('factor_id', '=', key.factorId)
    .where('base_time', '=', key.baseTime).where('lead_hours', '=', key.leadHours).executeTakeFirst();
}

/** 4009 naming who changed the grid and when, with the version the caller should reload. */
export function staleGrid(current: GridRow) {
  return errors.conflict('gridStale', { name: current.updated_by_name || '?', time: current.updated_at }, {
    currentVersion: current.version, updatedBy: current.updated_by_name, updatedAt: current.updated_at, lead: current.lead_hours,
  });
}

export function geometryOfRow(row: Pick<GridRow, 'lon0' | 'lat0' | 'dx' | 'dy' | 'nx' | 'ny'>): GridGeometry {
  return { lon0: row.lon0, lat0: row.lat0, dx: row.dx, dy: row.dy, nx: row.nx, ny: row.ny };
}
