import { randomUUID } from 'node:crypto';
import type { BoundaryLayer } from '@agromet/contracts';
import type { AuthContext } from '../../core/auth/context.js';
import type { Db } from '../../core/db/index.js';
import { nowIso } from '../../core/db/index.js';
import { errors } from '../../core/errors.js';
import { consoleCleanupLog, removeFiles, type CleanupLog, type FileStorage } from '../../core/storage.js';
import { isUniqueViolation } from '../../core/versioned.js';
import { displayBoundary } from './boundary-display.js';
import { normaliseBoundary } from './boundary-geojson.js';

// Boundary layers belong to one customer: every query is limited to the caller's customer, so another customer's
// layer answers 4004 exactly like a missing one.

export const boundaryUrl = (id: number) => `/api/gis/boundary/${id}`;
export const boundaryStorageKey = (customerId: number) => `boundaries/${customerId}/${randomUUID()}.geojson`;
/** The file a map is sent, beside the stored layer (boundary-display.ts): the same name with `.display`. */
export const displayStorageKey = (key: string) => key.replace(/\.geojson$/, '.display.geojson');

const columns = ['id', 'name', 'feature_count', 'created_by_name', 'created_at'] as const;
type Row = { id: number; name: string; feature_count: number; created_by_name: string; created_at: string };

function toLayer(row: Row): BoundaryLayer {
  return {
    id: row.id,
    name: row.name,
    featureCount: row.feature_count,
    url: boundaryUrl(row.id),
    builtIn: false,
    createdAt: row.created_at,
    createdBy: row.created_by_name,
  };
}

export async function listBoundaries(db: Db, customerId: number): Promise<BoundaryLayer[]> {
  const rows = await db.selectFrom('boundary_layer').select(columns).where('customer_id', '=', customerId).orderBy('id').execute();
  return rows.map(toLayer);
}

const nameTaken = (name: string) => errors.conflict('duplicate', { field: 'name', value: name }, { field: 'name' });

/**
 * Checks and normalises the GeoJSON, writes the file and its display version, then inserts the row; when the row
 * cannot be written the files are removed again, so storage never keeps a layer nobody can see.
 */
export async function uploadBoundary(
  db: Db,
  storage: FileStorage,
  auth: AuthContext,
  name: string,
  bytes: Uint8Array,
  log: CleanupLog = consoleCleanupLog,
): Promise<{ layer: BoundaryLayer; size: number }> {
  const taken = await db
    .selectFrom('boundary_layer')
    .select('id')
    .where('customer_id', '=', auth.customerId)
    .where('name', '=', name)
    .executeTakeFirst();
  if (taken) throw nameTaken(name);
  const { json, featureCount } = normaliseBoundary(bytes);
  const body = Buffer.from(json, 'utf8');
  const key = boundaryStorageKey(auth.customerId);
  await storage.put(displayStorageKey(key), Buffer.from(displayBoundary(json).json, 'utf8'));
  await storage.put(key, body);
  try {
    const row = await db
      .insertInto('boundary_layer')
      .values({
        customer_id: auth.customerId,
        name,
        storage_key: key,
        feature_count: featureCount,
        size: body.length,
        created_by: auth.userId,
        created_by_name: auth.name.slice(0, 64),
        created_at: nowIso(),
      })
      .returning(columns)
      .executeTakeFirstOrThrow();
    return { layer: toLayer(row), size: body.length };
  } catch (e) {
    // The insert's failure is the answer; the stored file is only cleaned up.
    await removeFiles(storage, [key, displayStorageKey(key)], log, 'the file of a refused boundary layer');
    if (isUniqueViolation(e)) throw nameTaken(name);
    throw e;
  }
}

const storageKeyOf = async (db: Db, customerId: number, id: number) =>
  (
    await db
      .selectFrom('boundary_layer')
      .select('storage_key')
      .where('id', '=', id)
      .where('customer_id', '=', customerId)
      .executeTakeFirst()
  )?.storage_key;

/** The id of the customer's uploaded layer a layer id (`b<id>`) names; undefined for another form, another customer's or none. */
export async function uploadedLayerId(db: Db, customerId: number, layerId: string): Promise<number | undefined> {
  const id = /^b(\d+)$/.exec(layerId)?.[1];
  if (!id) return undefined;
  const row = await db
    .selectFrom('boundary_layer')
    .select('id')
    .where('id', '=', Number(id))
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
  return row?.id;
}

/** The stored GeoJSON of a layer of the customer, exact: what masks, products and region checks compute with. */
export async function boundaryFile(db: Db, storage: FileStorage, customerId: number, id: number): Promise<Buffer> {
  const key = await storageKeyOf(db, customerId, id);
  const data = key ? await storage.get(key) : null;
  if (!data) throw errors.notFound();
  return data;
}

/**
 * What a map is sent of a layer: at most BOUNDARY_DISPLAY_POSITIONS positions. A layer stored before display files
 * existed gets its display file on first read.
 */
export async function boundaryDisplayFile(db: Db, storage: FileStorage, customerId: number, id: number): Promise<Buffer> {
  const key = await storageKeyOf(db, customerId, id);
  if (!key) throw errors.notFound();
  const display = await storage.get(displayStorageKey(key));
  if (display) return display;
  const stored = await storage.get(key);
  if (!stored) throw errors.notFound();
  const made = Buffer.from(displayBoundary(stored.toString('utf8'), undefined, id).json, 'utf8');
  await storage.put(displayStorageKey(key), made);
  return made;
}

/** Removes the row, then the file (a file left behind by a failed removal is unreachable, never a dangling row). */
export async function deleteBoundary(db: Db, storage: FileStorage, customerId: number, id: number): Promise<{ name: string }> {
  const row = await db
    .deleteFrom('boundary_layer')
    .where('id', '=', id)
    .where('customer_id', '=', customerId)
    .returning(['name', 'storage_key'])
    .executeTakeFirst();
  if (!row) throw errors.notFound();
  await storage.remove(row.storage_key);
  await storage.remove(displayStorageKey(row.storage_key));
  return { name: row.name };
}
