import { compactQuery } from '../../../lib/list-query';
import type { LogFilters } from '@agromet/contracts';

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
export { LOG_TYPES } from '@agromet/contracts/web';

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

const pad = (n: number) => String(n).padStart(2, '0');

/** Name of a downloaded export, stamped with the local time: operation-log-20240305-230405.csv. */
export function exportFilename(now: Date = new Date()): string {
  const date = `${now.getFullYear()}${pad(now.getMonth() + 1)}${pad(now.getDate())}`;
  const time = `${pad(now.getHours())}${pad(now.getMinutes())}${pad(now.getSeconds())}`;
  return `operation-log-${date}-${time}.csv`;
}
