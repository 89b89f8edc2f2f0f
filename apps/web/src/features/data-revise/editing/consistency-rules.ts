import type { ConsistencyReport, ConsistencyViolation } from '@agromet/contracts';
import { ErrorCode } from '@agromet/contracts/web';
import { ApiError } from '../../../lib/request';

/** The violations that involve a grid (the one on the map): those shown on it and those comparing it. */
export function violationsOfGrid(report: ConsistencyReport | undefined, factor: string | undefined, lead: number | undefined) {
  if (!report || factor === undefined || lead === undefined) return [];
  return report.violations.filter(
    (v) => (v.factor === factor && v.lead === lead) || v.grids.some((g) => g.factor === factor && g.lead === lead),
  );
}

export interface IssueViolation {
  rule: ConsistencyViolation['rule'];
  factor: string;
  lead: number;
  cells: number;
}

/** The violations a 4009 refusing an issue lists, or null when the error is something else. */
export function issueViolationsOf(error: unknown): IssueViolation[] | null {
  if (!(error instanceof ApiError) || error.code !== ErrorCode.CONFLICT) return null;
  const list = (error.data as { violations?: unknown } | null)?.violations;
  if (!Array.isArray(list)) return null;
  return list.filter(
    (v): v is IssueViolation =>
      !!v && typeof v === 'object' && typeof (v as IssueViolation).factor === 'string' && typeof (v as IssueViolation).cells === 'number',
  );
}

/** A stable key of a violation (rule, factor, lead). */
export const violationKey = (v: Pick<ConsistencyViolation, 'rule' | 'factor' | 'lead'>) => `${v.rule}:${v.factor}:${v.lead}`;
