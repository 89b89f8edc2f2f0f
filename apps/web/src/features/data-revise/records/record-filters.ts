import { ErrorCode, REVISION_KINDS } from '@agromet/contracts/web';
import type { RevisionRecord } from '@agromet/contracts';
import { listQuery, type Paging } from '../../../lib/list-query';
import { ApiError } from '../../../lib/request';

export type RevisionKind = (typeof REVISION_KINDS)[number];

/** The filter form's values (dates as the pickers give them). */
export interface RecordFilterValues {
  type?: string | null;
  factor?: string | null;
  user?: string | null;
  kind?: RevisionKind | null;
  /** Revision time, inclusive, to the minute. */
  range?: [Date | null, Date | null] | null;
  /** ISO instant of a base time (from the catalogue). */
  baseTime?: string | null;
  lead?: number | null;
}

const MINUTE = 60_000;

/** The record list's query: real filters only, the time range widened to whole minutes (the pickers show minutes). */
export function recordQueryOf(filters: RecordFilterValues, paging: Paging) {
  const [from, to] = filters.range ?? [null, null];
  const fromIso = from ? new Date(Math.floor(from.getTime() / MINUTE) * MINUTE).toISOString() : undefined;
  const toIso = to ? new Date(Math.floor(to.getTime() / MINUTE) * MINUTE + MINUTE - 1).toISOString() : undefined;
  const factor = filters.type ? filters.factor : undefined;
  return listQuery(
    {
      type: filters.type ?? undefined,
      factor: factor ?? undefined,
      user: filters.user ?? undefined,
      kind: filters.kind ?? undefined,
      baseTime: filters.baseTime ?? undefined,
      lead: typeof filters.lead === 'number' && Number.isInteger(filters.lead) && filters.lead >= 0 ? filters.lead : undefined,
      from: fromIso,
      to: toIso,
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
