import {
  DOWNLOAD_ADMIN_CODES,
  DOWNLOAD_CONTENT_TYPES,
  DOWNLOAD_LIMITS,
  type DownloadFormatValue,
  type DownloadItem,
  type DownloadKindValue,
  type DownloadPageQuery,
} from '@agromet/contracts';
import { strToU8, unzipSync, zipSync, type Zippable } from 'fflate';
import { sql } from 'kysely';
import sharp from 'sharp';
import type { z } from 'zod';
import type { DownloadPageQuery as PageSchema } from '@agromet/contracts';
import type { AuthContext } from '../../core/auth/context.js';
import { actorName, derivedFactorName, factorName, forecastTypeName } from '../../core/builtin-names.js';
import type { Db } from '../../core/db/index.js';
import { nowIso } from '../../core/db/index.js';
import { contains } from '../../core/db/like.js';
import { AppError, errors } from '../../core/errors.js';
import type { Lang } from '../../core/messages.js';
import type { FileAnswer } from '../../core/route.js';
import { removeFiles, type CleanupLog, type FileStorage } from '../../core/storage.js';
import { ErrorCode } from '@agromet/contracts';
import { downloadIssueFile } from '../revise/issue.js';
import { downloadProduct, fileStem } from '../zoning/download.js';
import { paged } from '../../core/paging.js';

// The downloads library (docs/downloads.md). One table, `download_file`, records the files the library holds (map and
// risk products, station tables): makers store the file and call registerDownload, in their own transaction when they
// have one. Issued forecast files and zoning products keep their own records (`issue_file`, `zoning_product`): the
// library lists them from there, so every file has exactly one row saying what it is. An item's id says which:
// `lib-<n>`, `issue-<n>`, `zoning-<n>`.

export interface DownloadDeps {
  db: Db;
  storage: FileStorage;
}

/** What a maker tells the library about a file it has stored (through FileStorage, under `storageKey`). */
export interface NewDownload {
  customerId: number;
  kind: DownloadKindValue;
  /** The name it downloads as, with its extension (UTF-8, e.g. `西安 24小时降水 2026-11-24.pdf`). */
  name: string;
  format: DownloadFormatValue;
  /** Defaults to the format's (DOWNLOAD_CONTENT_TYPES). */
  contentType?: string;
  size: number;
  storageKey: string;
  /** A PNG shown in place of a file that has no preview of its own (a PDF's page drawn as a picture). */
  previewKey?: string | null;
  authorId: number | null;
  /** Read from the user when absent. */
  authorName?: string;
  forecastTypeCode?: string | null;
  factorCode?: string | null;
  /** ISO time of the forecast's run. */
  baseTime?: string | null;
  /** The maker's own id of what it made (a product, a risk run), to find its files again. */
  sourceId?: string | number | null;
}

/**
 * Records a stored file in the library and answers its row id (the item id is `lib-<id>`). `db` may be a transaction
 * (Kysely's Transaction is a Kysely), so the file joins the library together with the maker's own rows.
 */
export async function registerDownload(db: Db, file: NewDownload): Promise<number> {
  let authorName = file.authorName;
  if (authorName === undefined) {
    const user =
      file.authorId === null
        ? undefined
        : await db.selectFrom('app_user').select('name').where('id', '=', file.authorId).executeTakeFirst();
    authorName = user?.name ?? '';
  }
  const row = await db
    .insertInto('download_file')
    .values({
      customer_id: file.customerId,
      kind: file.kind,
      name: file.name.slice(0, 200),
      format: file.format,
      content_type: file.contentType ?? DOWNLOAD_CONTENT_TYPES[file.format],
      size: file.size,
      storage_key: file.storageKey,
      preview_key: file.previewKey ?? null,
      author_id: file.authorId,
      author_name: authorName.slice(0, 64),
      forecast_type_code: file.forecastTypeCode ?? null,
      factor_code: file.factorCode ?? null,
      base_time: file.baseTime ? new Date(file.baseTime).toISOString() : null,
      source_id: file.sourceId === undefined || file.sourceId === null ? null : String(file.sourceId),
      created_at: nowIso(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The library ids of what a maker made (`sourceId`), e.g. a product's PNG and PDF. */
export async function downloadsOfSource(db: Db, customerId: number, kind: DownloadKindValue, sourceId: string | number): Promise<number[]> {
  const rows = await db
    .selectFrom('download_file')
    .select('id')
    .where('customer_id', '=', customerId)
    .where('kind', '=', kind)
    .where('source_id', '=', String(sourceId))
    .orderBy('id')
    .execute();
  return rows.map((r) => r.id);
}

/** Removes a maker's files from the library: the rows first, then the files (a failed removal is logged, not thrown). */
export async function removeDownloadsOfSource(
  deps: DownloadDeps,
  customerId: number,
  kind: DownloadKindValue,
  sourceId: string | number,
  log: CleanupLog,
): Promise<number> {
  const rows = await deps.db
    .deleteFrom('download_file')
    .where('customer_id', '=', customerId)
    .where('kind', '=', kind)
    .where('source_id', '=', String(sourceId))
    .returning(['storage_key', 'preview_key'])
    .execute();
  await removeFiles(deps.storage, filesOf(rows), log, 'a library file');
  return rows.length;
}

const filesOf = (rows: Array<{ storage_key: string; preview_key: string | null }>) =>
  rows.flatMap((r) => (r.preview_key ? [r.storage_key, r.preview_key] : [r.storage_key]));

// ---- the list --------------------------------------------------------------------------------

type ItemRef = { source: 'lib' | 'issue' | 'zoning'; n: number };

export function parseDownloadId(id: string): ItemRef {
  const m = /^(lib|issue|zoning)-(\d+)$/.exec(id);
  if (!m) throw errors.validation('id', 'download.badId');
  return { source: m[1] as ItemRef['source'], n: Number(m[2]) };
}

export const isDownloadAdmin = (auth: AuthContext) => DOWNLOAD_ADMIN_CODES.some((c) => auth.codes.has(c));

/** The union of the three sources, one shape: the filters and the paging apply to it as a whole. */
function unionOf(db: Db, customerId: number, kind: DownloadKindValue | undefined) {
  const text = (v: null) => sql<string | null>`cast(${v} as varchar(64))`;
  const lib = db
    .selectFrom('download_file')
    .where('download_file.customer_id', '=', customerId)
    .select([
      sql<string>`'lib'`.as('source'),
      'download_file.id as ref',
      'download_file.kind as kind',
      'download_file.name as name',
      'download_file.format as format',
      'download_file.content_type as content_type',
      sql<number | null>`download_file.size`.as('size'),
      'download_file.created_at as created_at',
      'download_file.author_name as author_name',
      'download_file.author_id as author_id',
      'download_file.forecast_type_code as type_code',
      'download_file.factor_code as factor_code',
      'download_file.base_time as base_time',
      sql<number>`case when download_file.preview_key is not null or download_file.format in ('png', 'pdf') then 1 else 0 end`.as(
        'previewable',
      ),
    ]);
  const issue = db
    .selectFrom('issue_file')
    .innerJoin('issue', 'issue.id', 'issue_file.issue_id')
    .innerJoin('forecast_type', 'forecast_type.id', 'issue.forecast_type_id')
    .where('issue_file.customer_id', '=', customerId)
    .select([
      sql<string>`'issue'`.as('source'),
      'issue_file.id as ref',
      sql<string>`'forecast-file'`.as('kind'),
      'issue_file.name as name',
      sql<string>`case when issue_file.format = 'geotiff' then 'tiff' else issue_file.format end`.as('format'),
      sql<string>`''`.as('content_type'),
      sql<number | null>`issue_file.size`.as('size'),
      'issue_file.created_at as created_at',
      'issue.user_name as author_name',
      'issue.user_id as author_id',
      sql<string | null>`forecast_type.code`.as('type_code'),
      sql<string | null>`issue_file.factor_code`.as('factor_code'),
      sql<string | null>`issue.base_time`.as('base_time'),
      sql<number>`0`.as('previewable'),
    ]);
  const zoning = db
    .selectFrom('zoning_product')
    .where('zoning_product.customer_id', '=', customerId)
    .where('zoning_product.status', '=', 'done')
    .select([
      sql<string>`'zoning'`.as('source'),
      'zoning_product.id as ref',
      sql<string>`'zoning'`.as('kind'),
      'zoning_product.name as name',
      sql<string>`'zip'`.as('format'),
      sql<string>`''`.as('content_type'),
      sql<number | null>`cast(null as integer)`.as('size'),
      'zoning_product.created_at as created_at',
      'zoning_product.created_by_name as author_name',
      'zoning_product.created_by as author_id',
      text(null).as('type_code'),
      text(null).as('factor_code'),
      text(null).as('base_time'),
      sql<number>`1`.as('previewable'),
    ]);
  if (kind === 'forecast-file') return issue;
  if (kind === 'zoning') return zoning;
  if (kind) return lib.where('download_file.kind', '=', kind);
  return lib.unionAll(issue).unionAll(zoning);
}

type Query = z.output<typeof PageSchema>;

export async function pageDownloads(
  db: Db,
  auth: AuthContext,
  q: Query,
  only?: number,
  lang: Lang = 'zh',
): Promise<{ list: DownloadItem[]; total: number; page: number; size: number }> {
  let base = db.selectFrom(unionOf(db, auth.customerId, q.kind).as('u'));
  if (only !== undefined) base = base.where('u.source', '=', 'lib').where('u.ref', '=', only);
  if (q.type) base = base.where('u.type_code', '=', q.type);
  if (q.factor) base = base.where('u.factor_code', '=', q.factor);
  if (q.from) base = base.where('u.created_at', '>=', new Date(q.from).toISOString());
  if (q.to) base = base.where('u.created_at', '<=', new Date(q.to).toISOString());
  if (q.author) base = base.where(contains('u.author_name', q.author));
  if (q.name) base = base.where(contains('u.name', q.name));
  return paged(
    base,
    q,
    (b) => b.selectAll('u').orderBy('u.created_at', 'desc').orderBy('u.source').orderBy('u.ref', 'desc'),
    async (rows) => {
      // Names of the forecast types and factors met on the page, in the reader's language (built-in ones by code, as the
      // grid catalogue names them: docs/i18n.md#text-the-server-writes).
      const typeCodes = [...new Set(rows.map((r) => r.type_code).filter((c): c is string => !!c))];
      const types =
        typeCodes.length === 0
          ? []
          : await db
              .selectFrom('forecast_type')
              .leftJoin('factor', 'factor.forecast_type_id', 'forecast_type.id')
              .select([
                'forecast_type.code as type',
                'forecast_type.name as typeName',
                'factor.code as factor',
                'factor.name as factorName',
              ])
              .where('forecast_type.code', 'in', typeCodes)
              .execute();
      const admin = isDownloadAdmin(auth);
      const list = rows.map((r): DownloadItem => {
        const format = r.format as DownloadFormatValue;
        const t = types.find((x) => x.type === r.type_code);
        const f = types.find((x) => x.type === r.type_code && x.factor === r.factor_code);
        return {
          id: `${r.source}-${r.ref}`,
          kind: r.kind as DownloadKindValue,
          name: r.source === 'zoning' ? `${fileStem(r.name, Number(r.ref))}.zip` : r.name,
          format,
          contentType: r.content_type || DOWNLOAD_CONTENT_TYPES[format],
          size: r.size === null ? null : Number(r.size),
          createdAt: r.created_at,
          author: actorName(lang, r.author_name),
          authorId: r.author_id === null ? null : Number(r.author_id),
          forecastType: r.type_code,
          forecastTypeName: t ? forecastTypeName(lang, t.type, t.typeName) : null,
          factor: r.factor_code,
          factorName:
            f?.factor && f.factorName !== null
              ? factorName(lang, f.factor, f.factorName)
              : r.factor_code
                ? derivedFactorName(lang, r.factor_code)
                : null,
          baseTime: r.base_time,
          previewable: Number(r.previewable) === 1,
          deletable: r.source === 'lib' && (admin || (r.author_id !== null && Number(r.author_id) === auth.userId)),
        };
      });
      return list;
    },
  );
}

/** One library file as the list shows it (4004 when it is not the caller's customer's). */
export async function libraryItem(db: Db, auth: AuthContext, id: number, lang: Lang = 'zh'): Promise<DownloadItem> {
  const item = (await pageDownloads(db, auth, { page: 1, size: 1 }, id, lang)).list[0];
  if (!item) throw errors.notFound();
  return item;
}

// ---- one file, a preview, a zip --------------------------------------------------------------

async function libRow(db: Db, customerId: number, n: number) {
  return db.selectFrom('download_file').selectAll().where('id', '=', n).where('customer_id', '=', customerId).executeTakeFirst();
}

/** The bytes of one item as its name and content type say (another customer's item is 4004, like a missing one). */
export async function downloadFile(deps: DownloadDeps, auth: AuthContext, id: string, lang: Lang): Promise<FileAnswer> {
  const ref = parseDownloadId(id);
  if (ref.source === 'issue') return downloadIssueFile(deps.db, deps.storage, auth, ref.n);
  if (ref.source === 'zoning') {
    const zip = await downloadProduct(deps, auth, ref.n, lang);
    const row = await deps.db.selectFrom('zoning_product').select('name').where('id', '=', ref.n).executeTakeFirstOrThrow();
    return { ...zip, filename: `${fileStem(row.name, ref.n)}.zip` };
  }
  const row = await libRow(deps.db, auth.customerId, ref.n);
  if (!row) throw errors.notFound();
  const body = await deps.storage.get(row.storage_key);
  if (!body) throw errors.notFound();
  return { contentType: row.content_type, filename: row.name, body };
}

const noPreview = () => new AppError(ErrorCode.NOT_FOUND, 'download.noPreview');

/** The item shown in place: a PNG or PDF itself, the preview PNG stored with it, a zoning product's map; thumb → a small PNG. */
export async function previewFile(deps: DownloadDeps, auth: AuthContext, id: string, thumb: boolean, lang: Lang): Promise<FileAnswer> {
  const ref = parseDownloadId(id);
  let picture: { contentType: string; filename: string; body: Buffer };
  if (ref.source === 'issue') {
    // An issued file exists (or is 4004) but has no picture.
    await downloadIssueFile(deps.db, deps.storage, auth, ref.n);
    throw noPreview();
  } else if (ref.source === 'zoning') {
    const zip = await downloadProduct(deps, auth, ref.n, lang);
    const members = unzipSync(new Uint8Array(zip.body as Buffer));
    const png = Object.entries(members).find(([name]) => name.endsWith('.png'));
    if (!png) throw noPreview();
    picture = { contentType: 'image/png', filename: png[0], body: Buffer.from(png[1]) };
  } else {
    const row = await libRow(deps.db, auth.customerId, ref.n);
    if (!row) throw errors.notFound();
    const own = row.format === 'png' || row.format === 'pdf';
    // A PDF's thumbnail: its stored preview, else the PNG its maker made of the same thing (same kind and source).
    const sibling =
      thumb && row.format === 'pdf' && !row.preview_key && row.source_id !== null
        ? await deps.db
            .selectFrom('download_file')
            .select('storage_key')
            .where('customer_id', '=', auth.customerId)
            .where('kind', '=', row.kind)
            .where('source_id', '=', row.source_id)
            .where('format', '=', 'png')
            .orderBy('id')
            .executeTakeFirst()
        : undefined;
    const key = thumb || !own ? (row.preview_key ?? sibling?.storage_key ?? (own ? row.storage_key : null)) : row.storage_key;
    if (!key) throw noPreview();
    const body = await deps.storage.get(key);
    if (!body) throw errors.notFound();
    const isPdf = key === row.storage_key && row.format === 'pdf';
    picture = {
      contentType: isPdf ? 'application/pdf' : 'image/png',
      filename: key === row.storage_key ? row.name : `${row.name}.png`,
      body,
    };
  }
  const answer = { ...picture, inline: true, cacheControl: 'private, max-age=300' };
  if (!thumb) return answer;
  if (picture.contentType !== 'image/png') throw noPreview();
  const small = await sharp(picture.body)
    .resize(DOWNLOAD_LIMITS.thumbnail, DOWNLOAD_LIMITS.thumbnail, { fit: 'inside', withoutEnlargement: true })
    .png()
    .toBuffer();
  return { ...answer, filename: `thumb-${picture.filename.replace(/\.\w+$/, '')}.png`, body: small };
}

/** A name not yet used in the zip: `a.png`, `a (2).png`, … */
export function uniqueMemberName(name: string, used: Set<string>): string {
  const clean = name.replace(/[\\/]/g, '_') || 'file';
  let candidate = clean;
  const dot = clean.lastIndexOf('.');
  const [stem, ext] = dot > 0 ? [clean.slice(0, dot), clean.slice(dot)] : [clean, ''];
  for (let k = 2; used.has(candidate.toLowerCase()); k++) candidate = `${stem} (${k})${ext}`;
  used.add(candidate.toLowerCase());
  return candidate;
}

/** Several items as one zip, members in the order asked; an unknown or foreign id refuses the whole zip (4004). */
export async function zipDownloads(deps: DownloadDeps, auth: AuthContext, ids: string[], lang: Lang): Promise<FileAnswer> {
  const members: Zippable = {};
  const used = new Set<string>();
  let total = 0;
  for (const id of [...new Set(ids)]) {
    const file = await downloadFile(deps, auth, id, lang);
    const bytes =
      typeof file.body === 'string' ? strToU8(file.body) : new Uint8Array(file.body.buffer, file.body.byteOffset, file.body.byteLength);
    total += bytes.byteLength;
    if (total > DOWNLOAD_LIMITS.zipMaxMb * 1024 * 1024)
      throw errors.validation('ids', 'download.zipTooLarge', { limit: DOWNLOAD_LIMITS.zipMaxMb });
    // Already compressed formats are stored as they are.
    const stored = /\.(png|pdf|zip|xlsx|tif)$/i.test(file.filename);
    members[uniqueMemberName(file.filename, used)] = [bytes, { level: stored ? 0 : 6 }];
  }
  const zip = zipSync(members);
  const day = nowIso().slice(0, 10);
  return {
    contentType: 'application/zip',
    filename: `downloads-${day}.zip`,
    body: Buffer.from(zip.buffer, zip.byteOffset, zip.byteLength),
  };
}

// ---- delete ----------------------------------------------------------------------------------

/**
 * Deletes library files, all or none: each must be a library file of the caller's customer (else 4004) that the caller
 * made or, for an administrator, any (else 4003). Issued forecast files and zoning products are removed where they are
 * managed (4003 here). The rows go in one transaction, then the files.
 */
export async function deleteDownloads(deps: DownloadDeps, auth: AuthContext, ids: string[], log: CleanupLog): Promise<number> {
  const refs = [...new Set(ids)].map(parseDownloadId);
  const libIds = refs.filter((r) => r.source === 'lib').map((r) => r.n);
  for (const r of refs) {
    if (r.source === 'lib') continue;
    // Say 4004 for what the caller cannot see, 4003 for what is theirs but managed elsewhere.
    const exists =
      r.source === 'issue'
        ? await deps.db
            .selectFrom('issue_file')
            .select('id')
            .where('id', '=', r.n)
            .where('customer_id', '=', auth.customerId)
            .executeTakeFirst()
        : await deps.db
            .selectFrom('zoning_product')
            .select('id')
            .where('id', '=', r.n)
            .where('customer_id', '=', auth.customerId)
            .executeTakeFirst();
    if (!exists) throw errors.notFound();
    throw new AppError(ErrorCode.FORBIDDEN, 'download.notDeletable');
  }
  const admin = isDownloadAdmin(auth);
  const rows = await deps.db.transaction().execute(async (tx) => {
    const found =
      libIds.length === 0
        ? []
        : await tx.selectFrom('download_file').selectAll().where('id', 'in', libIds).where('customer_id', '=', auth.customerId).execute();
    if (found.length !== libIds.length) throw errors.notFound();
    const foreign = found.find((r) => !admin && r.author_id !== auth.userId);
    if (foreign) throw new AppError(ErrorCode.FORBIDDEN, 'download.notYours', { name: foreign.name });
    if (libIds.length > 0)
      await tx.deleteFrom('download_file').where('id', 'in', libIds).where('customer_id', '=', auth.customerId).execute();
    return found;
  });
  await removeFiles(deps.storage, filesOf(rows), log, 'a deleted library file');
  return rows.length;
}

export type { DownloadPageQuery };
