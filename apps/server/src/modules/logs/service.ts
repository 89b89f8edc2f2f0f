import { LOG_EXPORT_LIMIT, LOG_FIELDS, type LogFilters, type LogRow } from '@agromet/contracts';
import type { Selectable } from 'kysely';
import type { AuthContext } from '../../core/auth/context.js';
import { spreadsheetCsv } from '../../core/csv-safe.js';
import type { Db } from '../../core/db/index.js';
import type { OperationLogTable } from '../../core/db/schema.js';
import { errors } from '../../core/errors.js';
import { canSeeCustomer, customerScope } from '../../core/tenancy.js';
import { contains, startsWith } from '../../core/db/like.js';
import { logDescription } from '../../core/builtin-names.js';
import type { Lang } from '../../core/messages.js';
import { paged } from '../../core/paging.js';

/** A row as answered: its description in the reader's language (by its action; the stored text for an unknown one). */
function toRow(r: Selectable<OperationLogTable>, lang: Lang): LogRow {
  return {
    id: r.id,
    action: r.action,
    operatorName: r.operator_name,
    type: r.type,
    parameter: r.parameter,
    description: logDescription(lang, r.action, r.description),
    userId: r.user_id,
    username: r.username,
    customerId: r.customer_id,
    ip: r.ip,
    host: r.host,
    agent: r.agent,
    language: r.language,
    referer: r.referer,
    origin: r.origin,
    statusCode: r.status_code,
    resultCode: r.result_code,
    createdAt: r.created_at,
  };
}

function filtered(db: Db, auth: AuthContext, f: LogFilters) {
  let q = db.selectFrom('operation_log');
  const scope = customerScope(auth);
  if (scope !== null) q = q.where('customer_id', '=', scope);
  // Stored times are ISO strings in UTC, so normalising the bounds keeps text comparison correct.
  if (f.from) q = q.where('created_at', '>=', new Date(f.from).toISOString());
  if (f.to) q = q.where('created_at', '<=', new Date(f.to).toISOString());
  if (f.operator) {
    const operator = f.operator;
    q = q.where((eb) => eb.or([contains('operator_name', operator), contains('username', operator)]));
  }
  if (f.action) q = q.where(contains('action', f.action));
  if (f.type) q = q.where('type', '=', f.type);
  if (f.ip) q = q.where(startsWith('ip', f.ip));
  if (f.result === 'ok') q = q.where('result_code', '=', 0);
  if (f.result === 'failed') q = q.where('result_code', '<>', 0);
  return q;
}

export async function pageLogs(db: Db, auth: AuthContext, q: LogFilters & { page: number; size: number }, lang: Lang = 'zh') {
  const base = filtered(db, auth, q);
  return paged(
    base,
    q,
    (b) => b.selectAll().orderBy('id', 'desc'),
    (rows) => rows.map((r) => toRow(r, lang)),
  );
}

export async function getLog(db: Db, auth: AuthContext, id: number, lang: Lang = 'zh'): Promise<LogRow> {
  const row = await db.selectFrom('operation_log').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row || !canSeeCustomer(auth, row.customer_id)) throw errors.notFound();
  return toRow(row, lang);
}

/** Usernames and user agents come from anyone (a failed sign-in is logged): text a spreadsheet would run is neutralised. */
export async function exportLogsCsv(db: Db, auth: AuthContext, f: LogFilters, lang: Lang = 'zh'): Promise<string> {
  const rows = await filtered(db, auth, f).selectAll().orderBy('id', 'desc').limit(LOG_EXPORT_LIMIT).execute();
  return spreadsheetCsv(
    rows.map((r) => toRow(r, lang)),
    [...LOG_FIELDS],
  );
}
