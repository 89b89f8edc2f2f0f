import { randomUUID } from 'node:crypto';
import { API, ErrorCode, UPLOAD_MAX_KB } from '@agromet/contracts';
import type { FastifyInstance } from 'fastify';
import sharp, { type Metadata } from 'sharp';
import type { Db } from '../../core/db/index.js';
import { nowIso } from '../../core/db/index.js';
import { AppError, errors } from '../../core/errors.js';
import { guardImageSize, IMAGE_LIMITS } from '../../core/image-guard.js';
import { registerRoute } from '../../core/route.js';
import type { TokenService } from '../../core/auth/tokens.js';
import type { FileStorage } from '../../core/storage.js';

const MAX_PIXELS = IMAGE_LIMITS.maxPixels;
export const FILES_PREFIX = '/api/files/';

/** Decodes by content (never by name) and re-encodes: PNG stays PNG, everything else becomes JPEG. */
export async function reencodeImage(input: Buffer): Promise<{ data: Buffer; mime: string; ext: string; width: number; height: number }> {
  // The shared dimension check first (core/image-guard.ts), from the header alone.
  await guardImageSize(input, 'file');
  let meta: Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: MAX_PIXELS }).metadata();
  } catch {
    throw errors.validation('file', 'onlyImages');
  }
  if (!meta.format || !meta.width || !meta.height || meta.format === 'svg') throw errors.validation('file', 'onlyImages');
  const pipeline = sharp(input, { limitInputPixels: MAX_PIXELS }).rotate();
  try {
    if (meta.format === 'png') {
      const { data, info } = await pipeline.png({ compressionLevel: 9 }).toBuffer({ resolveWithObject: true });
      return { data, mime: 'image/png', ext: 'png', width: info.width, height: info.height };
    }
    const { data, info } = await pipeline
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 90, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    return { data, mime: 'image/jpeg', ext: 'jpg', width: info.width, height: info.height };
  } catch {
    throw errors.validation('file', 'onlyImages');
  }
}

export function fileRoutes(app: FastifyInstance, deps: { db: Db; tokens: TokenService; storage: FileStorage }): void {
  registerRoute(app, deps, API.upload, {
    audit: { action: 'upload', type: 'file', description: '上传图片' },
    handler: async ({ auth, req }) => {
      if (!req.isMultipart()) throw errors.validation('file', 'fileMissing');
      const part = await req.file({ limits: { fileSize: UPLOAD_MAX_KB * 1024, files: 1, fields: 5 } });
      if (!part || part.fieldname !== 'file') throw errors.validation('file', 'fileMissing');
      let input: Buffer;
      try {
        input = await part.toBuffer();
      } catch (e) {
        if ((e as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          throw new AppError(ErrorCode.PAYLOAD_TOO_LARGE, 'imageTooLarge', { limit: UPLOAD_MAX_KB });
        }
        throw e;
      }
      req.auditExtra = { file: { name: part.filename, size: input.length, type: part.mimetype } };
      const image = await reencodeImage(input);
      const id = randomUUID();
      const now = new Date();
      const key = `uploads/${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}/${id}.${image.ext}`;
      const path = `${FILES_PREFIX}${key}`;
      await deps.storage.put(key, image.data);
      await deps.db
        .insertInto('stored_file')
        .values({
          id,
          path,
          mime: image.mime,
          size: image.data.length,
          width: image.width,
          height: image.height,
          original_name: part.filename.slice(0, 256),
          user_id: auth.userId,
          customer_id: auth.customerId,
          created_at: nowIso(),
        })
        .execute();
      return { data: { path, width: image.width, height: image.height, size: image.data.length }, msg: path };
    },
  });

  // Stored images are public by their unguessable path (logos show on the login page); strict type, no sniffing.
  app.get(`${FILES_PREFIX}*`, { schema: { hide: true } }, async (req, reply) => {
    const path = req.url.split('?')[0]!;
    const row = await deps.db.selectFrom('stored_file').select(['mime', 'path']).where('path', '=', path).executeTakeFirst();
    const data = row ? await deps.storage.get(path.slice(FILES_PREFIX.length)) : null;
    if (!row || !data) throw errors.notFound();
    return reply
      .header('content-type', row.mime)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'")
      .header('content-disposition', 'inline')
      .send(data);
  });
}
