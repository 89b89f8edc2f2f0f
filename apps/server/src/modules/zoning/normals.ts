import { NORMALS_IMPORT_MAX_ROWS } from '@agromet/contracts';
import type { Db } from '../../core/db/index.js';
import { nowIso } from '../../core/db/index.js';
import { errors } from '../../core/errors.js';
import { restoreCell } from '../../core/csv-safe.js';
import { translate, type Lang, type MessageKey } from '../../core/messages.js';
import { readCsvTable } from '../stations/csv.js';
import { FACTORS, type FactorDef } from './factors.js';

// Station normals from CSV (docs/zoning.md#station-normals): `station,factor,value` (or 站号,要素,值), UTF-8 or GBK.
// All or nothing: every row is checked and any problem refuses the file with every problem listed.

type Column = 'station' | 'factor' | 'value';
const HEADERS: Record<Column, readonly string[]> = {
  station: ['station', 'stationnumber', '站号', '站点', 'estación'],
  factor: ['factor', 'code', '要素', '因子', 'factor'],
  value: ['value', '值', '数值', 'valor'],
};

function columnOf(header: string): Column | undefined {
  const h = header.trim().toLowerCase();
  return (Object.keys(HEADERS) as Column[]).find((c) => HEADERS[c].includes(h));
}

/** A factor named by its code (any case) or by its name in any of the three languages. */
function factorNamed(text: string): FactorDef | undefined {
  const t = text.trim().toLowerCase();
  return FACTORS.find((f) => f.code.toLowerCase() === t || Object.values(f.names).some((n) => n.toLowerCase() === t));
}

export interface NormalsIssue {
  row: number;
  field: string;
  message: string;
}

export interface NormalsImported {
  rows: number;
  stations: number;
  factors: string[];
}

/**
 * Checks every row (known station of the customer, known factor measured at stations, a number within the factor's
 * valid range, no station and factor twice), then stores the normals in one transaction, replacing those of the
 * same station and factor.
 */
export async function importNormalsCsv(db: Db, customerId: number, bytes: Uint8Array, lang: Lang): Promise<NormalsImported> {
  const fileIssue = (key: MessageKey, params: Record<string, string | number> = {}, row = 1) =>
    errors.importRefused('zoning.normalsInvalid', [{ row, field: 'file', message: translate(lang, key, params) }]);
  const { mapping, data } = readCsvTable(bytes, columnOf, ['station', 'factor', 'value'] as const, NORMALS_IMPORT_MAX_ROWS, fileIssue);

  const stations = new Map(
    (await db.selectFrom('station').select(['id', 'station_number']).where('customer_id', '=', customerId).execute()).map((s) => [
      s.station_number,
      s.id,
    ]),
  );
  const issues: NormalsIssue[] = [];
  const valid: Array<{ stationId: number; factor: string; value: number }> = [];
  const firstLine = new Map<string, number>();
  for (const record of data) {
    const cell = (c: Column) => restoreCell((record.fields[mapping.indexOf(c)] ?? '').trim());
    const station = cell('station');
    const factorText = cell('factor');
    const valueText = cell('value');
    const issue = (field: Column, key: MessageKey, params: Record<string, string | number>) =>
      issues.push({ row: record.line, field, message: translate(lang, key, params) });
    const stationId = stations.get(station);
    if (stationId === undefined) issue('station', 'zoning.normalsUnknownStation', { station });
    const def = factorNamed(factorText);
    if (!def) issue('factor', 'zoning.normalsUnknownFactor', { factor: factorText });
    else if (def.source !== 'stations') issue('factor', 'zoning.normalsDerived', { factor: def.names[lang] });
    const value = valueText === '' ? Number.NaN : Number(valueText);
    if (!Number.isFinite(value)) issue('value', 'zoning.normalsNotNumber', { value: valueText });
    else if (def && (value < def.min || value > def.max)) {
      issue('value', 'zoning.normalsOutOfRange', { value, min: def.min, max: def.max, unit: def.unit });
    }
    if (stationId === undefined || !def || def.source !== 'stations' || !Number.isFinite(value)) continue;
    if (value < def.min || value > def.max) continue;
    const key = `${station}\u0000${def.code}`;
    const seen = firstLine.get(key);
    if (seen !== undefined) {
      issue('factor', 'zoning.normalsDuplicate', { station, factor: def.names[lang], first: seen });
      continue;
    }
    firstLine.set(key, record.line);
    valid.push({ stationId, factor: def.code, value });
  }
  if (issues.length > 0) throw errors.importRefused('zoning.normalsInvalid', issues);

  await db.transaction().execute(async (tx) => {
    const now = nowIso();
    for (const n of valid) {
      await tx.deleteFrom('zoning_station_normal').where('station_id', '=', n.stationId).where('factor', '=', n.factor).execute();
      await tx
        .insertInto('zoning_station_normal')
        .values({ customer_id: customerId, station_id: n.stationId, factor: n.factor, value: n.value, updated_at: now })
        .execute();
    }
  });
  const factors = FACTORS.map((f) => f.code).filter((c) => valid.some((n) => n.factor === c));
  return { rows: valid.length, stations: new Set(valid.map((n) => n.stationId)).size, factors };
}
