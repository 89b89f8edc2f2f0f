import {
  SANDSTORM_EXPORT_MAX_ROWS,
  SANDSTORM_FILE_COLUMNS,
  SANDSTORM_FILE_UTC_OFFSET_HOURS,
  SANDSTORM_IMPORT_MAX_ROWS,
  SANDSTORM_LEVELS,
  SANDSTORM_NUMBER_FIELDS,
  SandstormCreate,
  type SandstormFileColumn,
  type SandstormImportIssue,
  type SandstormImportResult,
  type SandstormLevel,
} from '@agromet/contracts';
import { decodeText } from '@agromet/grid';
import ExcelJS from 'exceljs';
import type { AuthContext } from '../../core/auth/context.js';
import { nowIso } from '../../core/db/index.js';
import { guardArchive, looksLikeZip, SPREADSHEET_LIMITS } from '../../core/archive-guard.js';
import { restoreCell, spreadsheetCsv } from '../../core/csv-safe.js';
import { errors } from '../../core/errors.js';
import { localisedIssues } from '../../core/http.js';
import { translate, type Lang, type MessageKey } from '../../core/messages.js';
import { CsvError, parseCsv } from '../stations/csv.js';
import { RegionBoundaries } from '../regions/boundary-check.js';
import { checkRecord, filtered, toSandstorm, type DisasterDeps, type Filters, type RecordColumns } from './service.js';

// Export of the filtered records to Excel (or CSV) and the all-or-nothing import of such files
// (docs/disaster.md#import-and-export). Headings and grade names are in the caller's language; times are Beijing time.

const LANGS: Lang[] = ['zh', 'en', 'es'];
const NUMERIC: readonly SandstormFileColumn[] = SANDSTORM_NUMBER_FIELDS;
const REQUIRED: readonly SandstormFileColumn[] = ['location', 'time', 'regionCode', 'lon', 'lat', 'duration', 'minVisibility'];
const OFFSET_MS = SANDSTORM_FILE_UTC_OFFSET_HOURS * 3_600_000;

const heading = (lang: Lang, c: SandstormFileColumn) => translate(lang, `sandstorm.col.${c}`);
const levelName = (lang: Lang, level: SandstormLevel) => translate(lang, `sandstorm.level.${level}`);

/** "2024-04-12 14:00" in Beijing time. */
export function beijingText(isoUtc: string): string {
  return new Date(Date.parse(isoUtc) + OFFSET_MS).toISOString().slice(0, 16).replace('T', ' ');
}

async function exportRows(deps: DisasterDeps, auth: AuthContext, f: Filters, lang: Lang): Promise<unknown[][]> {
  const rows = await filtered(deps.db, auth, f)
    .selectAll()
    .orderBy('time', 'desc')
    .orderBy('id', 'desc')
    .limit(SANDSTORM_EXPORT_MAX_ROWS)
    .execute();
  return rows
    .map((r) => toSandstorm(r, lang))
    .map((s) =>
      SANDSTORM_FILE_COLUMNS.map((c) => {
        if (c === 'time') return beijingText(s.time);
        if (c === 'level') return levelName(lang, s.level);
        return s[c] ?? '';
      }),
    );
}

/**
 * The filtered records as a workbook: one sheet, headings with units in the caller's language, numbers as numbers and
 * every text a text cell (a shared string, never a formula, whatever it begins with).
 */
export async function exportSandstormsXlsx(deps: DisasterDeps, auth: AuthContext, f: Filters, lang: Lang): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Agromet Console';
  const ws = wb.addWorksheet(translate(lang, 'sandstorm.sheetName'), { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = SANDSTORM_FILE_COLUMNS.map((c) => ({
    header: heading(lang, c),
    key: c,
    width: c === 'description' || c === 'regionName' ? 32 : c === 'time' ? 18 : 14,
  }));
  ws.getRow(1).font = { bold: true };
  // A string is written as a shared string: text, never a formula, whatever it begins with (= + - @).
  for (const values of await exportRows(deps, auth, f, lang)) ws.addRow(values);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** The same rows as CSV for spreadsheets (UTF-8 with BOM, formula-looking text neutralised, see core/csv-safe.ts). */
export async function exportSandstormsCsv(deps: DisasterDeps, auth: AuthContext, f: Filters, lang: Lang): Promise<string> {
  return spreadsheetCsv(
    await exportRows(deps, auth, f, lang),
    SANDSTORM_FILE_COLUMNS.map((c) => heading(lang, c)),
  );
}

// ---- import ---------------------------------------------------------------------------------------

type Cell = string | number | Date | undefined;
interface FileRow {
  row: number;
  cells: Cell[];
}

class FileRefused extends Error {
  constructor(
    readonly key: MessageKey,
    readonly params: Record<string, string | number> = {},
    readonly row = 1,
  ) {
    super(key);
  }
}

const isXlsx = (bytes: Uint8Array) => bytes.length > 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;

function cellValue(v: ExcelJS.CellValue): Cell {
  if (v === null || v === undefined) return undefined;
  if (typeof v === 'string' || typeof v === 'number' || v instanceof Date) return v;
  if (typeof v === 'boolean') return String(v);
  if (typeof v === 'object') {
    if ('richText' in v) return v.richText.map((r) => r.text).join('');
    if ('text' in v && typeof v.text === 'string') return v.text;
    // A formula: the value the spreadsheet computed, never the formula itself.
    if ('result' in v) return cellValue((v.result ?? null) as ExcelJS.CellValue);
  }
  return String(v);
}

async function readXlsx(bytes: Uint8Array): Promise<FileRow[]> {
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(Buffer.from(bytes) as unknown as ArrayBuffer);
  } catch {
    throw new FileRefused('sandstorm.importUnreadable');
  }
  const ws = wb.worksheets[0];
  if (!ws) throw new FileRefused('sandstorm.importEmpty');
  const rows: FileRow[] = [];
  ws.eachRow({ includeEmpty: false }, (row, number) => {
    const cells: Cell[] = [];
    row.eachCell({ includeEmpty: true }, (cell, col) => {
      cells[col - 1] = cellValue(cell.value);
    });
    if (cells.some((c) => c !== undefined && String(c).trim() !== '')) rows.push({ row: number, cells });
  });
  return rows;
}

function readCsv(bytes: Uint8Array): FileRow[] {
  try {
    return parseCsv(decodeText(bytes).text).map((r) => ({ row: r.line, cells: r.fields.map((f) => restoreCell(f)) }));
  } catch (e) {
    if (e instanceof CsvError) throw new FileRefused(e.unclosedQuote ? 'csvUnclosedQuote' : 'csvMalformed', { row: e.line }, e.line);
    throw e;
  }
}

const bare = (s: string) =>
  s
    .trim()
    .replace(/[（(][^（()）]*[)）]$/, '')
    .trim()
    .toLowerCase();

/** A heading → its column: the JSON name, or the heading in any of the three languages (with or without its unit). */
export function columnOf(header: string): SandstormFileColumn | undefined {
  const h = bare(header);
  if (h === '') return undefined;
  return SANDSTORM_FILE_COLUMNS.find((c) => c.toLowerCase() === h || LANGS.some((lang) => bare(heading(lang, c)) === h));
}

/** A grade given by its JSON value or its name in any language. */
export function levelOf(text: string): SandstormLevel | undefined {
  const t = text.trim().toLowerCase();
  return SANDSTORM_LEVELS.find((l) => l === t || LANGS.some((lang) => levelName(lang, l).toLowerCase() === t));
}

/**
 * A time cell: a spreadsheet date (its wall clock read as Beijing time), ISO 8601 with an offset, or
 * "YYYY-MM-DD[ HH:mm[:ss]]" (also with "/") in Beijing time. Answers ISO 8601 with its offset, or null.
 */
export function timeOf(cell: Cell): string | null {
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? null : new Date(cell.getTime() - OFFSET_MS).toISOString();
  const text = String(cell ?? '').trim();
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/i.test(text)) {
    const t = Date.parse(text);
    return Number.isNaN(t) ? null : new Date(t).toISOString();
  }
  const m = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/.exec(text);
  if (!m) return null;
  const [y, mo, d, h = '0', mi = '0', s = '0'] = m.slice(1).map((x) => x ?? undefined) as string[];
  const utc = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  const back = new Date(utc);
  // 2024-02-30 rolls over: refused.
  if (back.getUTCMonth() !== Number(mo) - 1 || back.getUTCDate() !== Number(d) || Number(h) > 23) return null;
  return new Date(utc - OFFSET_MS).toISOString();
}

/**
 * All or nothing: reads an .xlsx (first sheet) or CSV, maps its headings, checks every row (the schema's ranges, the
 * region code table, the grade against the visibility, the point against the region's boundaries) and refuses the
 * whole file listing every problem {row, field, message}; otherwise inserts every row in one transaction.
 */
export async function importSandstorms(
  deps: DisasterDeps,
  auth: AuthContext,
  bytes: Uint8Array,
  lang: Lang,
): Promise<SandstormImportResult> {
  // An archive is checked member by member before ExcelJS inflates it (core/archive-guard.ts): a bomb is refused here.
  if (looksLikeZip(bytes)) await guardArchive(bytes, SPREADSHEET_LIMITS, 'file');
  let rows: FileRow[];
  try {
    rows = isXlsx(bytes) ? await readXlsx(bytes) : readCsv(bytes);
    const [header, ...data] = rows;
    if (!header) throw new FileRefused('sandstorm.importEmpty');
    const mapping = header.cells.map((c) => columnOf(String(c ?? '')));
    const unknown = header.cells.filter((c, k) => mapping[k] === undefined && String(c ?? '').trim() !== '');
    if (unknown.length > 0) throw new FileRefused('sandstorm.importUnknownColumns', { columns: unknown.join(', ') });
    const missing = REQUIRED.filter((c) => !mapping.includes(c));
    if (missing.length > 0)
      throw new FileRefused('sandstorm.importMissingColumns', { columns: missing.map((c) => heading(lang, c)).join(', ') });
    if (data.length === 0) throw new FileRefused('sandstorm.importEmpty');
    if (data.length > SANDSTORM_IMPORT_MAX_ROWS) throw new FileRefused('sandstorm.importTooMany', { max: SANDSTORM_IMPORT_MAX_ROWS });
    rows = data;
    return await importRows(deps, auth, rows, mapping, lang);
  } catch (e) {
    if (e instanceof FileRefused)
      throw errors.importRefused('sandstorm.importInvalid', [{ row: e.row, field: 'file', message: translate(lang, e.key, e.params) }]);
    throw e;
  }
}

async function importRows(
  deps: DisasterDeps,
  auth: AuthContext,
  rows: FileRow[],
  mapping: Array<SandstormFileColumn | undefined>,
  lang: Lang,
): Promise<SandstormImportResult> {
  const issues: SandstormImportIssue[] = [];
  const boundaries = new RegionBoundaries(deps.db, deps.storage, auth.customerId);
  const valid: Array<{ columns: RecordColumns }> = [];
  for (const { row, cells } of rows) {
    const raw: Record<string, unknown> = {};
    const cellIssues: SandstormImportIssue[] = [];
    mapping.forEach((column, k) => {
      if (!column || column === 'regionName') return;
      const cell = cells[k];
      const text = cell instanceof Date ? '' : String(cell ?? '').trim();
      if (column === 'time') {
        if (cell === undefined || (text === '' && !(cell instanceof Date))) return;
        const time = timeOf(cell);
        if (time === null) cellIssues.push({ row, field: column, message: translate(lang, 'sandstorm.importTime', { value: text }) });
        else raw.time = time;
      } else if (column === 'level') {
        if (text === '') return;
        const level = levelOf(text);
        if (!level) cellIssues.push({ row, field: column, message: translate(lang, 'sandstorm.importLevel', { value: text }) });
        else raw.level = level;
      } else if (NUMERIC.includes(column)) {
        if (typeof cell === 'number') raw[column] = cell;
        else if (text !== '') {
          const n = Number(text);
          if (Number.isNaN(n))
            cellIssues.push({ row, field: column, message: translate(lang, 'sandstorm.importNotNumber', { value: text }) });
          else raw[column] = n;
        }
      } else {
        raw[column] = text;
      }
    });
    if (cellIssues.length > 0) {
      issues.push(...cellIssues);
      continue;
    }
    const parsed = SandstormCreate.safeParse(raw);
    if (!parsed.success) {
      for (const issue of localisedIssues(SandstormCreate, raw, lang, 'body'))
        issues.push({ row, field: issue.field, message: issue.message });
      continue;
    }
    const result = await checkRecord(parsed.data, boundaries, lang);
    if ('problems' in result) {
      for (const p of result.problems) issues.push({ row, field: p.field, message: translate(lang, p.key, p.params) });
      continue;
    }
    valid.push(result);
  }
  if (issues.length > 0) throw errors.importRefused('sandstorm.importInvalid', issues);

  const now = nowIso();
  const author = auth.name || auth.username;
  await deps.db.transaction().execute(async (tx) => {
    for (let k = 0; k < valid.length; k += 200) {
      await tx
        .insertInto('sandstorm_record')
        .values(
          valid
            .slice(k, k + 200)
            .map((v) => ({ customer_id: auth.customerId, ...v.columns, created_by_name: author, created_at: now, updated_at: now })),
        )
        .execute();
    }
  });
  return { inserted: valid.length, total: valid.length };
}
