import { ErrorCode, type StationTable, type StationTableExportBody, type StationTableQuery } from '@agromet/contracts';
import ExcelJS from 'exceljs';
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { AuthContext } from '../../core/auth/context.js';
import { spreadsheetCsv } from '../../core/csv-safe.js';
import type { Db } from '../../core/db/index.js';
import { AppError, errors } from '../../core/errors.js';
import { limiter } from '../../core/limiter.js';
import { translate, type Lang } from '../../core/messages.js';
import { removeFiles, type CleanupLog, type FileStorage } from '../../core/storage.js';
import { derivedFactorsOf, derivedSources, derivedTimeRows } from '../grids/derived.js';
import { cellValueOf, onCells } from '../grids/meteogram.js';
import { gridCatalog, typeFactors } from '../grids/service.js';
import { geometryOfRow, type GridRow, type GridStore } from '../grids/store.js';
import { libraryItem, registerDownload } from './service.js';

// Forecast values at stations (docs/downloads.md#forecast-values-at-stations): one element of a forecast run at every
// station of the customer over the run's leads. Each value is the stored value of the grid cell nearest the station,
// read as the meteogram reads it (one cell of each stored version, GridStore.valueAt; a derived element combined from
// its sources' cell values), rounded to 2 decimals. A station outside the grid has no values.

const HOUR_MS = 3_600_000;
const READS_IN_FLIGHT = 8;
const MAX_ATTEMPTS = 3;
/**
 * From this many stations on, each stored version is read whole (once, GridStore.view) instead of one cell per station:
 * a point read costs a file open, a whole read one open and the file's bytes, so many stations on one grid read it
 * faster whole. Both give the same values (a test compares them).
 */
export const WHOLE_GRID_STATIONS = 64;

export interface StationTableDeps {
  db: Db;
  store: GridStore;
  storage: FileStorage;
}

type TableQuery = z.output<typeof StationTableQuery>;

export async function stationTable(
  deps: Pick<StationTableDeps, 'db' | 'store'>,
  customerId: number,
  q: TableQuery,
  wholeGridStations = WHOLE_GRID_STATIONS,
): Promise<StationTable> {
  const { db, store } = deps;
  const catalog = await gridCatalog(db, customerId);
  const type = catalog.find((t) => t.code === q.type);
  if (!type) throw errors.validation('type', 'unknownLayer');
  const factor = type.factors.find((f) => f.code === q.factor);
  if (!factor) throw errors.validation('factor', 'unknownLayer');
  const baseTime = q.baseTime ? new Date(q.baseTime).toISOString() : factor.baseTimes[0];
  if (!baseTime) throw errors.validation('baseTime', 'gridNotFound', { factor: factor.name, baseTime: '—', lead: '—' });
  const internals = (await typeFactors(db)).find((t) => t.typeId === type.id)!;
  const def = factor.derived ? derivedFactorsOf(internals.factors.keys()).find((d) => d.code === factor.code) : undefined;
  const stations = await db
    .selectFrom('station')
    .select(['id', 'station_number', 'name', 'longitude', 'latitude'])
    .where('customer_id', '=', customerId)
    .orderBy('station_number')
    .execute();

  for (let attempt = 1; ; attempt++) {
    const rows = await db
      .selectFrom('grid')
      .selectAll()
      .where('customer_id', '=', customerId)
      .where('forecast_type_id', '=', type.id)
      .where('base_time', '=', baseTime)
      .execute();
    const stored = rows.map((r) => ({ factorId: r.factor_id, baseTime, lead: r.lead_hours }));
    const leads = [...stored, ...derivedTimeRows([internals], stored)]
      .filter((r) => r.factorId === factor.id)
      .map((r) => r.lead)
      .sort((a, b) => a - b);
    if (leads.length === 0) throw errors.validation('baseTime', 'gridNotFound', { factor: factor.name, baseTime, lead: '—' });
    const sourcesAt = (lead: number): GridRow[] | undefined => {
      if (def) return derivedSources(internals, def, rows, baseTime, lead);
      const row = rows.find((r) => r.factor_id === factor.id && r.lead_hours === lead);
      return row ? [row] : undefined;
    };
    const g = geometryOfRow(sourcesAt(leads[0]!)?.[0] ?? rows[0]!);
    const cells = stations.map((s) => {
      const i = Math.round((s.longitude - g.lon0) / g.dx);
      const j = Math.round((s.latitude - g.lat0) / g.dy);
      return i < 0 || i >= g.nx || j < 0 || j >= g.ny ? null : j * g.nx + i;
    });

    const queue = limiter(READS_IN_FLIGHT);
    const reads = new Map<string, Promise<number | null>>();
    const wholes = new Map<string, Promise<Float32Array | null>>();
    const whole = stations.length >= wholeGridStations;
    const read = (row: GridRow, index: number): Promise<number | null> => {
      if (whole) {
        let p = wholes.get(row.storage_key);
        if (!p) wholes.set(row.storage_key, (p = queue(() => store.view(row).then((g) => g.values, gone))));
        return p.then((values) => (values ? values[index]! : null));
      }
      const id = `${row.storage_key}#${index}`;
      let p = reads.get(id);
      if (!p) reads.set(id, (p = queue(() => store.valueAt(row.storage_key, index))));
      return p;
    };
    const table = await Promise.all(
      cells.map((index) =>
        Promise.all(
          leads.map(async (lead): Promise<number | null | 'gone'> => {
            if (index === null) return null;
            const sources = sourcesAt(lead);
            if (!sources || !onCells(sources[0]!, g)) return null;
            const shown = await cellValueOf(store, sources, def, (r) => read(r, index));
            // A tiny negative rounds to −0, which a table shows as 0.
            return shown === 0 ? 0 : shown;
          }),
        ),
      ),
    );
    if (table.some((values) => values.includes('gone'))) {
      // A version was replaced while we read: the run's rows are read again.
      if (attempt === MAX_ATTEMPTS) throw errors.notFound();
      continue;
    }
    return {
      type: type.code,
      typeName: type.name,
      factor: factor.code,
      factorName: factor.name,
      unit: factor.unit,
      baseTime,
      leads,
      validTimes: leads.map((l) => new Date(Date.parse(baseTime) + l * HOUR_MS).toISOString()),
      stations: stations.map((s, k) => ({
        id: s.id,
        number: s.station_number,
        name: s.name,
        lon: s.longitude,
        lat: s.latitude,
        values: table[k] as Array<number | null>,
      })),
    };
  }
}

/** A version whose file went with a newer save (NOT_FOUND, or the store's stale-grid CONFLICT): read the rows again. */
function gone(e: unknown): null {
  if (e instanceof AppError && (e.code === ErrorCode.NOT_FOUND || e.code === ErrorCode.CONFLICT)) return null;
  throw e;
}

/** `2026-11-24 08:00 UTC` style: short and the same in every language. */
const utcText = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;

/** Header and rows of a table: station number, name, longitude, latitude, then one column per lead. */
export function stationTableRows(t: StationTable, lang: Lang): { header: string[]; rows: Array<Array<string | number | null>> } {
  const header = [
    translate(lang, 'download.tableStation'),
    translate(lang, 'download.tableName'),
    translate(lang, 'download.tableLon'),
    translate(lang, 'download.tableLat'),
    ...t.leads.map((lead, k) => translate(lang, 'download.tableLead', { lead, time: utcText(t.validTimes[k]!) })),
  ];
  const rows = t.stations.map((s) => [s.number, s.name, s.lon, s.lat, ...s.values]);
  return { header, rows };
}

export function stationTableCsv(t: StationTable, lang: Lang): string {
  const { header, rows } = stationTableRows(t, lang);
  return spreadsheetCsv(
    rows.map((r) => r.map((v) => v ?? '')),
    header,
  );
}

/**
 * The table as an Excel workbook: a title row, the header, one row per station. Numbers are numeric cells; every text
 * cell is written as a string value, never a formula: ExcelJS writes a formula only from `{ formula }` objects, and text
 * is written as rich text (an inline string run), which no spreadsheet evaluates, whatever it begins with.
 */
export async function stationTableXlsx(t: StationTable, lang: Lang): Promise<Buffer> {
  const { header, rows } = stationTableRows(t, lang);
  const book = new ExcelJS.Workbook();
  book.creator = 'Agromet Console';
  book.created = new Date(0);
  const sheet = book.addWorksheet(translate(lang, 'download.tableSheet'));
  const title = translate(lang, 'download.tableTitle', {
    type: t.typeName,
    factor: t.factorName,
    unit: t.unit,
    baseTime: utcText(t.baseTime),
  });
  sheet.addRow([title]);
  sheet.addRow(header);
  for (const r of rows) sheet.addRow(r);
  // Every string cell stays a string (a value, never a formula), whatever it begins with.
  sheet.eachRow((row) =>
    row.eachCell((cell) => {
      if (typeof cell.value === 'string') cell.value = { richText: [{ text: cell.value }] };
    }),
  );
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(2).font = { bold: true };
  sheet.views = [{ state: 'frozen', xSplit: 2, ySplit: 2 }];
  sheet.columns.forEach((c, k) => (c.width = k === 1 ? 16 : k < 4 ? 11 : 18));
  const out = await book.xlsx.writeBuffer();
  return Buffer.from(out as ArrayBuffer);
}

// eslint-disable-next-line no-control-regex -- control characters are what file systems refuse
const UNSAFE_NAME = /[\\/:*?"<>|\u0000-\u001f]/g;

/** A file name from the table: the type, factor and run, with characters file systems refuse as `_`. */
function tableFileName(t: StationTable, lang: Lang, ext: string): string {
  const run = t.baseTime.slice(0, 13).replace(/[-T:]/g, '');
  const stem = translate(lang, 'download.tableFile', { type: t.typeName, factor: t.factorName, baseTime: run }).replace(UNSAFE_NAME, '_');
  return `${stem}.${ext}`;
}

/** Writes the table as CSV or Excel into storage and the library (kind station-table); answers the new item. */
export async function exportStationTable(
  deps: StationTableDeps,
  auth: AuthContext,
  body: z.output<typeof StationTableExportBody>,
  lang: Lang,
  log: CleanupLog,
) {
  const t = await stationTable(deps, auth.customerId, body);
  const bytes = body.format === 'csv' ? Buffer.from(stationTableCsv(t, lang), 'utf8') : await stationTableXlsx(t, lang);
  const key = `downloads/${auth.customerId}/station-tables/${randomUUID()}.${body.format}`;
  await deps.storage.put(key, bytes);
  let id: number;
  try {
    id = await registerDownload(deps.db, {
      customerId: auth.customerId,
      kind: 'station-table',
      name: tableFileName(t, lang, body.format),
      format: body.format,
      size: bytes.byteLength,
      storageKey: key,
      authorId: auth.userId,
      authorName: auth.name,
      forecastTypeCode: t.type,
      factorCode: t.factor,
      baseTime: t.baseTime,
    });
  } catch (e) {
    await removeFiles(deps.storage, [key], log, 'a station table not recorded');
    throw e;
  }
  return libraryItem(deps.db, auth, id, lang);
}
