import { ErrorCode, REVISION_KINDS } from '@agromet/contracts/web';
import type { RevisionRecord } from '@agromet/contracts';
import { listQuery, type Paging } from '../../../lib/list-query';
import { ApiError } from '../../../lib/request';

export type RevisionKind = (typeof REVISION_KINDS)[number];

/** The record list's filters as the list page keeps them (in the address): each a text, undefined when off. */
export type RecordListFilters = {
  type?: string;
  factor?: string;
  user?: string;
  kind?: string;
  /** ISO instant of a base time (from the catalogue). */
  baseTime?: string;
  lead?: string;
  /** Revision time, inclusive, to the minute: ISO instants. */
  from?: string;
  to?: string;
};

/** Anything that names an instant: the RangePicker's dayjs values, or a Date. */
export interface Instant {
  toISOString(): string;
}

/** The filter form's values (dates as the pickers give them). */
export interface RecordFilterValues<T extends Instant = Instant> {
  type?: string | null;
  factor?: string | null;
  user?: string | null;
  kind?: RevisionKind | null;
  range?: readonly [T | null | undefined, T | null | undefined] | null;
  baseTime?: string | null;
  lead?: number | null;
}

/** The longest text the server takes in a text filter. */
const MAX_TEXT = 64;
/** The longest lead the form takes, in hours. */
const MAX_LEAD = 10_000;
const MINUTE = 60_000;

const instant = (v: string | undefined) => {
  const ms = v === undefined ? Number.NaN : Date.parse(v);
  return Number.isFinite(ms) ? new Date(ms).toISOString() : undefined;
};
const text = (v: string | null | undefined) => v?.trim().slice(0, MAX_TEXT) || undefined;
const wholeLead = (v: string | undefined) => {
  const lead = v !== undefined && /^\d+$/.test(v) ? Number(v) : Number.NaN;
  return lead <= MAX_LEAD ? lead : undefined;
};

/**
 * The filters as the address gave them, made what the server takes: a factor only with its type, a known kind, a
 * whole lead, times that are instants, text cut to its longest.
 */
function validFilters(filters: RecordListFilters) {
  const type = text(filters.type);
  return {
    type,
    factor: type ? text(filters.factor) : undefined,
    user: text(filters.user),
    kind: (REVISION_KINDS as readonly string[]).includes(filters.kind ?? '') ? (filters.kind as RevisionKind) : undefined,
    baseTime: text(filters.baseTime),
    lead: wholeLead(filters.lead),
    from: instant(filters.from),
    to: instant(filters.to),
  };
}

/** The filters the form sets on Search or Reset: each of them, undefined when left empty. */
export function recordFilterChange(values: RecordFilterValues): Record<keyof RecordListFilters, string | undefined> {
  const [from, to] = values.range ?? [];
  return {
    type: values.type || undefined,
    factor: values.factor || undefined,
    user: text(values.user),
    kind: values.kind || undefined,
    baseTime: values.baseTime || undefined,
    lead: typeof values.lead === 'number' && Number.isFinite(values.lead) ? String(values.lead) : undefined,
    from: from ? from.toISOString() : undefined,
    to: to ? to.toISOString() : undefined,
  };
}

/** The form showing the filters (as the address holds them), its range's ends made by `at` (the picker's date type). */
export function recordFilterValues<T extends Instant>(filters: RecordListFilters, at: (iso: string) => T): RecordFilterValues<T> {
  const { from, to, ...rest } = validFilters(filters);
  return { ...rest, range: from || to ? [from ? at(from) : null, to ? at(to) : null] : undefined };
}

const KEYS = ['type', 'factor', 'user', 'kind', 'baseTime', 'lead', 'from', 'to'] as const;

/** Whether two sets of filters (the form's, the list's) name the same records. */
export function sameRecordFilters(a: RecordListFilters, b: RecordListFilters): boolean {
  const [x, y] = [validFilters(a), validFilters(b)];
  return KEYS.every((k) => x[k] === y[k]);
}

/** The record list's query: real filters only, the time range widened to whole minutes (the pickers show minutes). */
export function recordQueryOf(filters: RecordListFilters, paging: Paging) {
  const { from, to, ...rest } = validFilters(filters);
  const minute = (iso: string) => Math.floor(Date.parse(iso) / MINUTE) * MINUTE;
  return listQuery(
    {
      ...rest,
      from: from ? new Date(minute(from)).toISOString() : undefined,
      to: to ? new Date(minute(to) + MINUTE - 1).toISOString() : undefined,
    },
    paging,
  );
}

/** A later record that has to be recovered first (data.blocking of the 4009 refusing a recovery). */
export type BlockingRecord = { id: number; userName: string; createdAt: string; kind: RevisionRecord['kind'] };

/** The later records that block a recovery, or null when the failure was something else. */
export function blockingRecordsOf(error: unknown): BlockingRecord[] | null {
  if (!(error instanceof ApiError) || error.code !== ErrorCode.CONFLICT) return null;
  const list = (error.data as { blocking?: unknown } | null)?.blocking;
  if (!Array.isArray(list)) return null;
  const valid = list.filter((b): b is BlockingRecord => {
    const x = b as Partial<BlockingRecord> | null;
    return (
      !!x &&
      typeof x.id === 'number' &&
      typeof x.userName === 'string' &&
      typeof x.createdAt === 'string' &&
      (REVISION_KINDS as readonly string[]).includes(String(x.kind))
    );
  });
  return valid.length > 0 ? valid.sort((a, b) => a.id - b.id) : null;
}
