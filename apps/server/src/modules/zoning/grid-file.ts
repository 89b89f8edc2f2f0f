import { createHash } from 'node:crypto';
import { encodeGridMeta, GRID_BINARY_TYPE, GRID_META_HEADER } from '@agromet/contracts';
import type { Db } from '../../core/db/index.js';
import { errors } from '../../core/errors.js';
import type { FileAnswer } from '../../core/route.js';
import type { FileStorage } from '../../core/storage.js';
import { encodeValues } from '../grids/store.js';
import { geometryOfFactorRow, readFactorGrid } from './base-factors.js';
import { factorDef } from './factors.js';

/**
 * A base factor's grid as bytes for the browser's live preview (docs/grids.md#grid-values-over-http): Float32 values
 * with the x-grid-meta header (type `zoning`, the factor's code, its version; the time fields carry the grid's update
 * time and lead 0). Tagged by the stored file, so an unchanged grid is answered 304.
 */
export async function factorGridFile(db: Db, storage: FileStorage, customerId: number, code: string): Promise<FileAnswer> {
  const stored = await readFactorGrid(db, storage, customerId, code);
  if (!stored) throw errors.notFound();
  const { row, grid } = stored;
  const meta = encodeGridMeta({
    type: 'zoning',
    factor: code,
    baseTime: row.updated_at,
    lead: 0,
    version: row.version,
    unit: factorDef(code)?.unit ?? '',
    ...geometryOfFactorRow(row),
  });
  const tag = createHash('sha256').update(row.storage_key).digest('base64url').slice(0, 22);
  return {
    contentType: GRID_BINARY_TYPE,
    filename: `zoning-${code}-v${row.version}.f32`,
    inline: true,
    body: encodeValues(grid.values),
    headers: { [GRID_META_HEADER]: meta },
    etag: `"${row.version}-${tag}"`,
    cacheControl: 'private, no-cache',
  };
}
