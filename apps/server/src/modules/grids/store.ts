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
    return this.db.selectFrom('grid').selectAll()
      .where('customer_id', '=', key.customerId).where('factor_id', '=', key.factorId)
      .where('base_time', '=', key.baseTime).where('lead_hours', '=', key.leadHours)
      .executeTakeFirst();
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
    const storageKey = `grids/${key.customerId}/${key.factorId}/${randomUUID()}.f32`;
    await this.storage.put(storageKey, encodeValues(grid.values));
    let replaced: string | undefined;
    try {
      const row = await this.db.transaction().execute(async (tx) => {
        const current = await tx.selectFrom('grid').selectAll()
          .where('customer_id', '=', key.customerId).where('factor_id', '=', key.factorId)
          .where('base_time', '=', key.baseTime).where('lead_hours', '=', key.leadHours).executeTakeFirst();
        const now = nowIso();
        const geometry = { lon0: grid.lon0, lat0: grid.lat0, dx: grid.dx, dy: grid.dy, nx: grid.nx, ny: grid.ny };
        let saved: GridRow;
        if (current) {
          if (opts.expectedVersion !== undefined && current.version !== opts.expectedVersion) {
            throw errors.conflict('gridStale', { name: current.updated_by_name || '?', time: current.updated_at }, {
              currentVersion: current.version, updatedBy: current.updated_by_name, updatedAt: current.updated_at,
            });
          }
          const res = await tx.updateTable('grid')
            .set({ ...geometry, storage_key: storageKey, version: current.version + 1, updated_by: editor.userId, updated_by_name: editor.name, updated_at: now })
            .where('id', '=', current.id).where('version', '=', current.version).executeTakeFirst();
          if (Number(res.numUpdatedRows) !== 1) throw errors.conflict('staleVersion');
          replaced = current.storage_key;
          saved = { ...current, ...geometry, storage_key: storageKey, version: current.version + 1, updated_by: editor.userId, updated_by_name: editor.name, updated_at: now };
        } else {
          if (opts.expectedVersion !== undefined) throw errors.notFound();
          saved = await tx.insertInto('grid').values({
            customer_id: key.customerId, forecast_type_id: key.forecastTypeId, factor_id: key.factorId, base_time: key.baseTime,
            lead_hours: key.leadHours, ...geometry, storage_key: storageKey, updated_by: editor.userId, updated_by_name: editor.name,
            created_at: now, updated_at: now,
          }).returningAll().executeTakeFirstOrThrow();
        }
        if (opts.inTransaction) await opts.inTransaction(tx, saved);
        return saved;
      });
      this.remember(storageKey, grid.values.slice());
      return row;
    } catch (e) {
      await this.storage.remove(storageKey);
      replaced = undefined;
      throw e;
    } finally {
      if (replaced) {
        this.cache.delete(replaced);
        // The old version's file is no longer referenced once the switch committed.
        await this.storage.remove(replaced).catch(() => {});
      }
    }
  }
}

export function geometryOfRow(row: Pick<GridRow, 'lon0' | 'lat0' | 'dx' | 'dy' | 'nx' | 'ny'>): GridGeometry {
  return { lon0: row.lon0, lat0: row.lat0, dx: row.dx, dy: row.dy, nx: row.nx, ny: row.ny };
}
