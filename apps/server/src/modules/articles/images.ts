import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { Db } from '../../core/db/index.js';
import { nowIso } from '../../core/db/index.js';
import { errors } from '../../core/errors.js';
import { guardImageSize } from '../../core/image-guard.js';
import type { Actor, ArticleDeps } from './deps.js';

// The pictures of a document: uploaded or copied from the library as the customer's own stored files, and read back
// (only the document's customer's) for its PDF.

/** Stores a picture as the customer's own file (like the upload does) and answers its /api/files/ path. */
export async function storeImage(deps: ArticleDeps, actor: Actor, data: Buffer, name: string) {
  await guardImageSize(data, 'id');
  const meta = await sharp(data).metadata();
  if ((meta.format !== 'png' && meta.format !== 'jpeg') || !meta.width || !meta.height) throw errors.validation('id', 'article.notImage');
  const ext = meta.format === 'png' ? 'png' : 'jpg';
  const now = new Date();
  const key = `uploads/${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}/${randomUUID()}.${ext}`;
  const path = `/api/files/${key}`;
  await deps.storage.put(key, data);
  await deps.db
    .insertInto('stored_file')
    .values({
      id: randomUUID(),
      path,
      mime: ext === 'png' ? 'image/png' : 'image/jpeg',
      size: data.length,
      width: meta.width,
      height: meta.height,
      original_name: name.slice(0, 256),
      user_id: actor.userId,
      customer_id: actor.customerId,
      created_at: nowIso(),
    })
    .execute();
  return { path, width: meta.width, height: meta.height };
}

/** The library's items with a picture (a PNG or JPEG, or a stored preview), newest first. */
export async function libraryPictures(db: Db, customerId: number) {
  const rows = await db
    .selectFrom('download_file')
    .select(['id', 'name', 'kind', 'author_name', 'created_at', 'content_type', 'preview_key'])
    .where('customer_id', '=', customerId)
    .where((eb) => eb.or([eb('content_type', 'in', ['image/png', 'image/jpeg']), eb('preview_key', 'is not', null)]))
    .orderBy('id', 'desc')
    .limit(200)
    .execute();
  return rows.map((r) => ({ id: `lib-${r.id}`, name: r.name, kind: r.kind, author: r.author_name, createdAt: r.created_at }));
}

/** A library item's picture (the PNG itself, or the preview stored with a PDF) copied for embedding. */
export async function libraryImage(deps: ArticleDeps, actor: Actor, id: string) {
  const n = Number(id.slice(4));
  const row = await deps.db
    .selectFrom('download_file')
    .selectAll()
    .where('id', '=', n)
    .where('customer_id', '=', actor.customerId)
    .executeTakeFirst();
  if (!row) throw errors.notFound();
  const key = /^image\/(png|jpeg)$/.test(row.content_type) ? row.storage_key : row.preview_key;
  if (!key) throw errors.validation('id', 'article.notImage');
  const data = await deps.storage.get(key);
  if (!data) throw errors.notFound();
  return storeImage(deps, actor, data, row.name);
}

/** The bytes of an embedded image, only if it is a stored file of the document's customer. */
export async function embeddedImage(deps: ArticleDeps, customerId: number, src: string): Promise<Buffer | null> {
  const f = await deps.db.selectFrom('stored_file').select(['path', 'customer_id']).where('path', '=', src).executeTakeFirst();
  if (!f || (f.customer_id !== null && f.customer_id !== customerId)) return null;
  return deps.storage.get(src.slice('/api/files/'.length));
}
