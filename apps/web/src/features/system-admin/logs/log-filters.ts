import type { LogFilters } from '@agromet/contracts';
import { LOG_TYPES } from '@agromet/contracts/web';
import { compactQuery } from '../../../lib/list-query';

/** Anything that names an instant: the RangePicker's dayjs values, or a Date. */
export interface Instant {
  toISOString(): string;
}

/** The filter form of the log page. */
export interface LogFilterValues {
  range?: readonly [Instant | null | undefined, Instant | null | undefined] | null;
  operator?: string;
  action?: string;
  type?: string;
  ip?: string;
}

export type { LogFilters };
/** Log types the server records (operation_log.type), offered in the type filter. */
export { LOG_TYPES };

export function toLogFilters(values: LogFilterValues): LogFilters {
  const [start, end] = values.range ?? [];
  return compactQuery({
    from: start ? start.toISOString() : undefined,
    to: end ? end.toISOString() : undefined,
    operator: values.operator,
    action: values.action,
    type: values.type,
    ip: values.ip,
  });
}

/** The filters the form sets on Search or Reset: each of them, undefined when left empty. */
export function logFilterChange(values: LogFilterValues): LogFilters {
  return {
    from: undefined,
    to: undefined,
    operator: undefined,
    action: undefined,
    type: undefined,
    ip: undefined,
    ...toLogFilters(values),
  };
}

/** The longest text the server takes in a text filter. */
const MAX_TEXT = 64;

const instant = (v: string | undefined) => {
  const ms = v === undefined ? Number.NaN : Date.parse(v);
  return Number.isFinite(ms) ? new Date(ms).toISOString() : undefined;
};
const short = (v: string | undefined) => v?.trim().slice(0, MAX_TEXT) || undefined;

/**
 * The filters as the address gave them, made what the server takes: instants that are not one and types it does not
 * record are dropped, text cut to its longest.
 */
export function logFiltersFromAddress(filters: LogFilters): LogFilters {
  return compactQuery({
    from: instant(filters.from),
    to: instant(filters.to),
    operator: short(filters.operator),
    action: short(filters.action),
    type: filters.type && (LOG_TYPES as readonly string[]).includes(filters.type) ? filters.type : undefined,
    ip: short(filters.ip),
  });
}

/** The form showing the filters, its range's ends made by `at` (the picker's own date type). */
export function logFilterValues<T extends Instant>(filters: LogFilters, at: (iso: string) => T) {
  const { from, to, operator, action, type, ip } = logFiltersFromAddress(filters);
  const range = from || to ? ([from ? at(from) : null, to ? at(to) : null] as const) : undefined;
  return { range, operator, action, type, ip };
}

const FORM_KEYS = ['from', 'to', 'operator', 'action', 'type', 'ip'] as const;

/** Whether the form's filters and the list's name the same rows. */
export function sameLogFilters(a: LogFilters, b: LogFilters): boolean {
  const [x, y] = [logFiltersFromAddress(a), logFiltersFromAddress(b)];
  return FORM_KEYS.every((k) => x[k] === y[k]);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Name of a downloaded export, stamped with the local time: operation-log-20240305-230405.csv. */
export function exportFilename(now: Date = new Date()): string {
  const date = `${now.getFullYear()}${pad(now.getMonth() + 1)}${pad(now.getDate())}`;
  const time = `${pad(now.getHours())}${pad(now.getMinutes())}${pad(now.getSeconds())}`;
  return `operation-log-${date}-${time}.csv`;
}
