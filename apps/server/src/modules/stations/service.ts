import {
  STATION_CSV_COLUMNS,
  STATION_CSV_HEADERS_ZH,
  STATION_IMPORT_MAX_ROWS,
  StationCreate,
  type Station,
  type StationImportIssue,
  type StationImportResult,
  type StationUpdate,
} from '@agromet/contracts';
import type { Selectable } from 'kysely';
import type { z } from 'zod';
import type { AuthContext } from '../../core/auth/context.js';
import type { Db } from '../../core/db/index.js';
import { nowIso } from '../../core/db/index.js';
import { restoreCell, spreadsheetCsv } from '../../core/csv-safe.js';
import { ownRow } from '../../core/db/own-row.js';
import type { StationTable } from '../../core/db/schema.js';
import { errors } from '../../core/errors.js';
import { localisedIssues } from '../../core/http.js';
import { translate, type Lang } from '../../core/messages.js';
import { isUniqueViolation, staleOrMissing, updateOwnVersioned } from '../../core/versioned.js';
import { readCsvTable } from './csv.js';
import { contains } from '../../core/db/like.js';
import { joinPlaceNames } from '../../core/place-names.js';
import { areaName } from '../regions/code-table.js';
import { paged } from '../../core/paging.js';

// Stations of a customer: numbers unique within the customer, every query scoped to the caller's customer (another
// customer's station answers 4004 like a missing one).

type StationInput = z.output<typeof StationCreate>;
type UpdateInput = z.output<typeof StationUpdate>;
type StationRow = Selectable<StationTable>;

/** The station's province, city and district as one place in `lang` (names the code table knows in that language). */
function stationRegion(r: Pick<StationRow, 'province' | 'city' | 'district'>, lang: Lang): string {
  const names = [r.province, r.city, r.district].map((n) => n.trim()).filter((n) => n !== '');
  return joinPlaceNames(
    names.map((n) => areaName(n, lang)),
    lang,
  );
}

export function toStation(r: StationRow, lang: Lang = 'zh'): Station {
  return {
    id: r.id,
    stationNumber: r.station_number,
    name: r.name,
    province: r.province,
    city: r.city,
    district: r.district,
    regionName: stationRegion(r, lang),
    address: r.address,
    longitude: r.longitude,
    latitude: r.latitude,
    altitude: r.altitude,
    contactPerson: r.contact_person,
    contactPhone: r.contact_phone,
    remarks: r.remarks,
    version: r.version,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

function columns(s: StationInput) {
  return {
    station_number: s.stationNumber,
    name: s.name,
    province: s.province,
    city: s.city,
    district: s.district,
    address: s.address,
    longitude: s.longitude,
    latitude: s.latitude,
    altitude: s.altitude,
    contact_person: s.contactPerson,
    contact_phone: s.contactPhone,
    remarks: s.remarks,
  };
}

export async function listStations(db: Db, auth: AuthContext, q: { page: number; size: number; keyword?: string }, lang: Lang = 'zh') {
  let base = db.selectFrom('station').where('customer_id', '=', auth.customerId);
  if (q.keyword) {
    const keyword = q.keyword;
    base = base.where((eb) => eb.or(['station_number', 'name', 'province', 'city', 'district'].map((column) => contains(column, keyword))));
  }
  return paged(
    base,
    q,
    (b) => b.selectAll().orderBy('station_number').orderBy('id'),
    (rows) => rows.map((r) => toStation(r, lang)),
  );
}

async function findOwn(db: Db, auth: AuthContext, id: number): Promise<StationRow> {
  return ownRow(db, 'station', auth.customerId, id);
}

async function assertNumberFree(db: Db, customerId: number, number: string, exceptId?: number): Promise<void> {
  let q = db.selectFrom('station').select(['id', 'name']).where('customer_id', '=', customerId).where('station_number', '=', number);
  if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
  const taken = await q.executeTakeFirst();
  if (taken) throw numberTaken(number, taken.name);
}

const numberTaken = (number: string, name: string) => errors.conflict('stationNumberTaken', { number, name }, { field: 'stationNumber' });

export async function createStation(db: Db, auth: AuthContext, data: StationInput, lang: Lang = 'zh'): Promise<Station> {
  await assertNumberFree(db, auth.customerId, data.stationNumber);
  const now = nowIso();
  try {
    const row = await db
      .insertInto('station')
      .values({ customer_id: auth.customerId, ...columns(data), created_at: now, updated_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toStation(row, lang);
  } catch (e) {
    if (isUniqueViolation(e)) throw numberTaken(data.stationNumber, '?');
    throw e;
  }
}

export async function updateStation(db: Db, auth: AuthContext, data: UpdateInput, lang: Lang = 'zh'): Promise<Station> {
  await findOwn(db, auth, data.id);
  await assertNumberFree(db, auth.customerId, data.stationNumber, data.id);
  try {
    if (!(await updateOwnVersioned(db, 'station', auth.customerId, data, columns(data))))
      await staleOrMissing(db, 'station', auth.customerId, data.id);
  } catch (e) {
    if (isUniqueViolation(e)) throw numberTaken(data.stationNumber, '?');
    throw e;
  }
  return toStation(await findOwn(db, auth, data.id), lang);
}

export async function deleteStation(db: Db, auth: AuthContext, id: number): Promise<void> {
  const res = await db.deleteFrom('station').where('id', '=', id).where('customer_id', '=', auth.customerId).executeTakeFirst();
  if (Number(res.numDeletedRows) !== 1) throw errors.notFound();
}

/** The columns import reads back; text a spreadsheet would run as a formula is neutralised (import restores it). */
export async function exportStationsCsv(db: Db, auth: AuthContext): Promise<string> {
  const rows = await db.selectFrom('station').selectAll().where('customer_id', '=', auth.customerId).orderBy('station_number').execute();
  const records = rows.map((r) => toStation(r)).map((s) => STATION_CSV_COLUMNS.map((c) => s[c]));
  return spreadsheetCsv(records, STATION_CSV_COLUMNS);
}

type Column = (typeof STATION_CSV_COLUMNS)[number];
const NUMERIC: readonly Column[] = ['longitude', 'latitude', 'altitude'];
const REQUIRED: readonly Column[] = ['stationNumber', 'name', 'longitude', 'latitude', 'altitude'];

/** Header cell → column: the export's names (any case) or the Chinese labels. */
function columnOf(header: string): Column | undefined {
  const h = header.trim();
  return STATION_CSV_COLUMNS.find((c) => c.toLowerCase() === h.toLowerCase() || STATION_CSV_HEADERS_ZH[c] === h);
}

/**
 * All or nothing: every row is checked (field rules, station numbers repeated in the file) and any problem refuses
 * the whole file with every problem listed ({row, field, message}); otherwise, in one transaction, new numbers are
 * added and existing ones updated.
 */
export async function importStationsCsv(db: Db, auth: AuthContext, bytes: Uint8Array, lang: Lang): Promise<StationImportResult> {
  const fileIssue = (key: Parameters<typeof translate>[1], params: Record<string, string | number> = {}, row = 1, field = 'file') =>
    errors.importRefused('stationImportInvalid', [{ row, field, message: translate(lang, key, params) }]);
  const { mapping, data } = readCsvTable(bytes, columnOf, REQUIRED, STATION_IMPORT_MAX_ROWS, fileIssue);

  const issues: StationImportIssue[] = [];
  const valid: Array<{ line: number; station: StationInput }> = [];
  const firstLine = new Map<string, number>();
  for (const record of data) {
    const raw: Record<string, unknown> = {};
    mapping.forEach((column, k) => {
      if (!column) return;
      const cell = (record.fields[k] ?? '').trim();
      if (NUMERIC.includes(column)) raw[column] = cell === '' ? undefined : Number(cell);
      // The export's neutralised text ('=…, '+86…) reads back as it was stored.
      else raw[column] = restoreCell(cell);
    });
    const parsed = StationCreate.safeParse(raw);
    if (!parsed.success) {
      for (const issue of localisedIssues(StationCreate, raw, lang, 'body'))
        issues.push({ row: record.line, field: issue.field, message: issue.message });
      continue;
    }
    const number = parsed.data.stationNumber;
    const seen = firstLine.get(number);
    if (seen !== undefined) {
      issues.push({
        row: record.line,
        field: 'stationNumber',
        message: translate(lang, 'stationImportDuplicate', { number, first: seen }),
      });
      continue;
    }
    firstLine.set(number, record.line);
    valid.push({ line: record.line, station: parsed.data });
  }
  if (issues.length > 0) throw errors.importRefused('stationImportInvalid', issues);

  return db.transaction().execute(async (tx) => {
    const existing = new Map(
      (await tx.selectFrom('station').select(['id', 'station_number']).where('customer_id', '=', auth.customerId).execute()).map((r) => [
        r.station_number,
        r.id,
      ]),
    );
    const now = nowIso();
    let inserted = 0;
    let updated = 0;
    for (const { station } of valid) {
      const id = existing.get(station.stationNumber);
      if (id === undefined) {
        await tx
          .insertInto('station')
          .values({ customer_id: auth.customerId, ...columns(station), created_at: now, updated_at: now })
          .execute();
        inserted++;
      } else {
        await tx
          .updateTable('station')
          .set((eb) => ({ ...columns(station), updated_at: now, version: eb('version', '+', 1) }))
          .where('id', '=', id)
          .execute();
        updated++;
      }
    }
    return { inserted, updated, total: valid.length };
  });
}
