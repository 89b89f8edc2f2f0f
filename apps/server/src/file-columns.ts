import type { Database } from './core/db/schema.js';
import { displayStorageKey } from './modules/gis/boundaries.js';
import { stagedKey } from './modules/grids/import.js';
import { deltaBase, isDeltaKey } from './modules/grids/store.js';
import { FILES_PREFIX } from './modules/files/routes.js';
import { LEVELS_FILE } from './modules/risk/products.js';
import { FILES as ZONING_PRODUCT_FILES, SCORE_FILE as ZONING_SCORE_FILE } from './modules/zoning/products.js';

/** A stored file a row names: `required` files must exist (a missing one is reported), the others are only kept. */
export interface FileReference {
  key: string;
  required: boolean;
}

type Row = Record<string, unknown>;

/** One database column that names stored files (docs/architecture.md#orphan-files). */
export interface FileColumn {
  table: keyof Database;
  column: string;
  /** What the column holds, for people reading the sweep's report. */
  holds: string;
  /** Further columns `keys` needs beside `id` and `column`. */
  also?: readonly string[];
  /** When set, only the rows it accepts name files (jobs still queued or running). */
  when?: (row: Row) => boolean;
  /** The stored files a row names through this column (none for an empty value). */
  keys(value: string, row: Row): FileReference[];
}

/** A column with its table's column names checked by the compiler. */
function fileColumn<T extends keyof Database>(c: {
  table: T;
  column: keyof Database[T] & string;
  holds: string;
  also?: ReadonlyArray<keyof Database[T] & string>;
  when?: (row: Row) => boolean;
  keys(value: string, row: Row): FileReference[];
}): FileColumn {
  return c;
}

const required = (key: string): FileReference => ({ key, required: true });
const optional = (key: string): FileReference => ({ key, required: false });
const one = (value: string) => (value ? [required(value)] : []);

/**
 * EVERY column that holds a storage key, with the companion files derived from it. The orphan sweep (file-sweep.ts)
 * removes old files that no row names here; `file-columns.test.ts` checks this list against the migrated schema, so a
 * new column whose name looks like a file (`*_key`, `*_prefix`, `*_dir`, `path`, `*file*`, `logo`, `avatar`,
 * `photos`, `*url` …) fails the tests until it is added here or to FILE_COLUMN_EXCEPTIONS with the reason.
 */
export const FILE_COLUMNS: readonly FileColumn[] = [
  fileColumn({
    table: 'grid',
    column: 'storage_key',
    holds: 'the current version of a grid: a Float32 file, or a delta (.f32d) applied to the base file its key names',
    // '' is never stored (it marks derived rows made in memory).
    keys: (v) => (v ? [required(v), ...(isDeltaKey(v) ? [required(deltaBase(v))] : [])] : []),
  }),
  fileColumn({ table: 'issue_grid', column: 'storage_key', holds: 'the frozen copy of a grid an issue was made from', keys: one }),
  fileColumn({ table: 'issue_file', column: 'storage_key', holds: 'an exported MICAPS 4 or GeoTIFF file of an issue', keys: one }),
  fileColumn({
    table: 'boundary_layer',
    column: 'storage_key',
    holds: 'a boundary layer (normalised GeoJSON) and beside it the display file a map is sent (made on first read when absent)',
    keys: (v) => (v ? [required(v), optional(displayStorageKey(v))] : []),
  }),
  fileColumn({ table: 'zoning_base_factor', column: 'storage_key', holds: 'a base climate factor grid (Float32)', keys: one }),
  fileColumn({
    table: 'zoning_product',
    column: 'storage_prefix',
    holds: "the folder of a finished zoning product's grids (the score only for methods that score)",
    keys: (v) => (v ? [...ZONING_PRODUCT_FILES.map((f) => required(`${v}/${f}`)), optional(`${v}/${ZONING_SCORE_FILE}`)] : []),
  }),
  fileColumn({
    table: 'risk_product',
    column: 'storage_prefix',
    holds: "the folder of a finished risk product: its level grid (the map and table files are download_file's)",
    keys: (v) => (v ? [required(`${v}/${LEVELS_FILE}`)] : []),
  }),
  fileColumn({ table: 'download_file', column: 'storage_key', holds: 'a file of the downloads library', keys: one }),
  fileColumn({ table: 'download_file', column: 'preview_key', holds: "the picture shown for a library file (a PDF's PNG)", keys: one }),
  fileColumn({ table: 'map_product_item', column: 'png_key', holds: "a map product's picture", keys: one }),
  fileColumn({ table: 'map_product_item', column: 'pdf_key', holds: "a map product's PDF", keys: one }),
  fileColumn({
    table: 'article_attachment',
    column: 'storage_key',
    holds: 'a file attached to a service document (revisions and copies share it)',
    keys: one,
  }),
  fileColumn({ table: 'wx_media', column: 'storage_key', holds: "the console's copy of an official account's medium", keys: one }),
  fileColumn({
    table: 'stored_file',
    column: 'path',
    holds: 'an uploaded image (logos, avatars, photos, template logos and embedded pictures name it by this path)',
    keys: (v) => (v.startsWith(FILES_PREFIX) ? [required(v.slice(FILES_PREFIX.length))] : []),
  }),
  fileColumn({
    table: 'job',
    column: 'id',
    holds: 'the staged upload of a grid or base-factor import that is still queued or running',
    also: ['customer_id', 'status'],
    when: (row) => row.status === 'queued' || row.status === 'running',
    keys: (v, row) => (row.customer_id === null || row.customer_id === undefined ? [] : [optional(stagedKey(Number(row.customer_id), v))]),
  }),
];

/**
 * Columns whose names look like files but hold no storage key, each with the reason. A column is either here or in
 * FILE_COLUMNS (file-columns.test.ts).
 */
export const FILE_COLUMN_EXCEPTIONS: ReadonlyArray<{ table: keyof Database; column: string; reason: string }> = [
  // Uploaded images are named by their /api/files/ path; the stored_file row of that path names the key, and the
  // files route serves nothing without it.
  { table: 'customer', column: 'logo', reason: 'an /api/files/ path; stored_file.path names the file' },
  { table: 'app_user', column: 'avatar', reason: 'an /api/files/ path; stored_file.path names the file' },
  { table: 'wx_account', column: 'avatar', reason: 'an /api/files/ path; stored_file.path names the file' },
  { table: 'travel_spot', column: 'photos', reason: 'JSON of /api/files/ paths; stored_file.path names the files' },
  { table: 'travel_landscape', column: 'photos', reason: 'JSON of /api/files/ paths; stored_file.path names the files' },
  { table: 'travel_greenway', column: 'photos', reason: 'JSON of /api/files/ paths; stored_file.path names the files' },
  // A folder, not a file: its files are named one by one by issue_grid.storage_key and issue_file.storage_key, so what
  // a crashed export left in it is an orphan.
  { table: 'issue', column: 'storage_dir', reason: 'the folder of the issue_grid and issue_file keys' },
  // Identities, not files.
  { table: 'zoning_crop', column: 'seed_key', reason: 'which seeded crop a row is' },
  { table: 'risk_hazard', column: 'seed_key', reason: 'which seeded hazard a row is' },
  { table: 'risk_product', column: 'hazard_seed_key', reason: 'which seeded hazard a product used' },
  { table: 'wx_pushed', column: 'push_key', reason: "WeChat's identity of a delivered push (repeats are dropped)" },
  { table: 'article_publication', column: 'url', reason: 'where a document was published outside the console' },
];

/**
 * The top folders of every key the application writes (docs/architecture.md#storage). The sweep removes nothing outside
 * them: what someone else put into a bucket shared by mistake stays.
 */
export const STORAGE_FOLDERS: readonly string[] = [
  'grids',
  'imports',
  'issues',
  'uploads',
  'boundaries',
  'zoning',
  'risk',
  'products',
  'downloads',
  'article-attachments',
  'weixin',
];

/** Names that look like they hold a file key: the rule file-columns.test.ts applies to every column. */
export const LOOKS_LIKE_FILE = /(_key|_prefix|_dir|^path|_path|file|files|^logo|_logo|avatar|photo|photos|image|picture|attachment|url)$/;
