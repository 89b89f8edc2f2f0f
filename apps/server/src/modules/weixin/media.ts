import { randomBytes } from 'node:crypto';
import type { WxMedia, WxMediaQuery, WxMediaType } from '@agromet/contracts';
import type { Selectable } from 'kysely';
import type { z } from 'zod';
import { actorName } from '../../core/builtin-names.js';
import type { Lang } from '../../core/messages.js';
import type { AuthContext } from '../../core/auth/context.js';
import type { WxMediaTable } from '../../core/db/schema.js';
import { nowIso } from '../../core/db/index.js';
import { errors } from '../../core/errors.js';
import { guardImageSize } from '../../core/image-guard.js';
import { accountKeys, accountRow, ownAccount, upstreamError, type WxDeps } from './accounts.js';
import { WxError } from './client.js';
import { mediaProblem } from './media-rules.js';
import { paged } from '../../core/paging.js';

// Permanent media of an official account (docs/weixin.md#media): checked by content before WeChat sees them, kept
// here too (written before the row that names it) for previews; deleted at WeChat and here.

type Row = Selectable<WxMediaTable>;
const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  bmp: 'image/bmp',
  mp3: 'audio/mpeg',
  amr: 'audio/amr',
  wav: 'audio/wav',
  wma: 'audio/x-ms-wma',
  mp4: 'video/mp4',
};

const toMedia = (r: Row, lang: Lang = 'zh'): WxMedia => ({
  id: r.id,
  accountId: r.account_id,
  type: r.type as WxMediaType,
  name: r.name,
  mediaId: r.media_id,
  format: r.format,
  size: r.size,
  previewUrl: `/api/wx/media/file/${r.id}`,
  uploadedBy: actorName(lang, r.uploaded_by),
  createdAt: r.created_at,
});

export async function pageMedia(deps: WxDeps, auth: AuthContext, q: z.output<typeof WxMediaQuery>, lang: Lang = 'zh') {
  const account = await ownAccount(deps.db, auth, q.accountId);
  let base = deps.db.selectFrom('wx_media').where('account_id', '=', account.id);
  if (q.type) base = base.where('type', '=', q.type);
  const page = await paged(
    base,
    q,
    (b) => b.selectAll().orderBy('id', 'desc'),
    (rows) => rows.map((r) => toMedia(r, lang)),
  );
  let counts: { image: number; voice: number; video: number; thumb: number };
  try {
    const c = await deps.client.call<{ image_count: number; voice_count: number; video_count: number }>(
      accountKeys(deps.box, account),
      '/cgi-bin/material/get_materialcount',
    );
    // WeChat counts thumbs with images; the console knows which of its uploads are thumbs.
    const thumbs = Number(
      (
        await deps.db
          .selectFrom('wx_media')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('account_id', '=', account.id)
          .where('type', '=', 'thumb')
          .executeTakeFirstOrThrow()
      ).n,
    );
    counts = { image: Math.max(0, c.image_count - thumbs), voice: c.voice_count, video: c.video_count, thumb: thumbs };
  } catch (error) {
    throw upstreamError(error);
  }
  return { ...page, counts };
}

export async function uploadMedia(
  deps: WxDeps,
  auth: AuthContext,
  fields: { accountId: number; type: WxMediaType },
  file: { name: string; bytes: Buffer },
): Promise<WxMedia> {
  const account = await ownAccount(deps.db, auth, fields.accountId);
  const { format, problem } = mediaProblem(fields.type, file.bytes);
  if (problem) throw errors.validation('file', problem.key, problem.params);
  // Pictures pass the same dimension check as every upload (core/image-guard.ts) before WeChat or anyone sees them.
  if (fields.type === 'image' || fields.type === 'thumb') await guardImageSize(file.bytes, 'file');
  const key = `weixin/${account.id}/${randomBytes(12).toString('hex')}.${format}`;
  // Our copy first: the row below names it.
  await deps.storage.put(key, file.bytes);
  let mediaId: string;
  try {
    const form = new FormData();
    form.append('media', new Blob([file.bytes], { type: CONTENT_TYPES[format!] }), `upload.${format}`);
    if (fields.type === 'video') form.append('description', JSON.stringify({ title: file.name.slice(0, 64), introduction: '' }));
    const res = await deps.client.call<{ media_id: string }>(
      accountKeys(deps.box, account),
      '/cgi-bin/material/add_material',
      { type: fields.type },
      form,
    );
    mediaId = res.media_id;
  } catch (error) {
    await deps.storage.remove(key);
    throw upstreamError(error);
  }
  const row = await deps.db
    .insertInto('wx_media')
    .values({
      account_id: account.id,
      type: fields.type,
      name: file.name.slice(0, 256),
      media_id: mediaId,
      format: format!,
      size: file.bytes.length,
      storage_key: key,
      uploaded_by: auth.name || auth.username,
      created_at: nowIso(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toMedia(row);
}

const ownMedia = (deps: WxDeps, auth: AuthContext, id: number): Promise<Row> => accountRow(deps.db, auth, 'wx_media', id);

/** Deletes at WeChat (a material WeChat no longer has counts as deleted), then the row, then our copy. */
export async function deleteMedia(deps: WxDeps, auth: AuthContext, id: number): Promise<void> {
  const row = await ownMedia(deps, auth, id);
  const account = await ownAccount(deps.db, auth, row.account_id);
  try {
    await deps.client.call(accountKeys(deps.box, account), '/cgi-bin/material/del_material', {}, { media_id: row.media_id });
  } catch (error) {
    if (!(error instanceof WxError && error.errcode === 40007)) throw upstreamError(error);
  }
  await deps.db.deleteFrom('wx_media').where('id', '=', id).execute();
  await deps.storage.remove(row.storage_key);
}

export async function mediaFile(deps: WxDeps, auth: AuthContext, id: number) {
  const row = await ownMedia(deps, auth, id);
  const body = await deps.storage.get(row.storage_key);
  if (!body) throw errors.notFound();
  return { body, contentType: CONTENT_TYPES[row.format] ?? 'application/octet-stream', filename: `${row.id}.${row.format}` };
}
