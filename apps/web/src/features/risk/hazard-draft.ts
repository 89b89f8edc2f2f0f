import type { Hazard, HazardCondition, HazardKind, HazardStage } from '@agromet/contracts';
import { ApiError, issuesByField } from '../../lib/request';

/** A hazard as the editor holds it while typing: the saved one's fields, or a new one's. */
export interface Draft {
  id?: number;
  version?: number;
  name: string;
  kind: HazardKind;
  forecastType: string;
  description: string;
  conditions: HazardCondition[];
  stages: HazardStage[];
}

export type Thresholds = HazardCondition['thresholds'];

export const emptyDraft = (): Draft => ({
  name: '',
  kind: 'custom',
  forecastType: 'fine-grid',
  description: '',
  conditions: [{ element: 'tmin24h', op: 'le', thresholds: [0, -2, -4, -6] }],
  stages: [],
});

export const draftOf = (h: Hazard): Draft => ({
  id: h.id,
  version: h.version,
  name: h.name,
  kind: h.kind,
  forecastType: h.forecastType,
  description: h.description,
  conditions: h.conditions.map(({ element, op, thresholds, offset }) => ({
    element,
    op,
    thresholds: [...thresholds] as Thresholds,
    ...(offset !== undefined ? { offset } : {}),
  })),
  stages: h.stages.map(({ crop, stage, vulnerability }) => ({ crop, stage, vulnerability })),
});

/** Problems the server named by field (data.issues, else the refusal's data.field); any other refusal under ''. */
export function serverIssues(error: unknown): Map<string, string> {
  const out = issuesByField(error);
  if (!(error instanceof ApiError)) return out;
  const field = (error.data as { field?: string } | null)?.field;
  if (field && !out.has(field)) out.set(field, error.message);
  if (out.size === 0) out.set('', error.message);
  return out;
}

/** The condition at `i` changed by `fn`, the others kept. */
export const withCondition = (d: Draft, i: number, fn: (c: HazardCondition) => HazardCondition): Draft => ({
  ...d,
  conditions: d.conditions.map((c, k) => (k === i ? fn(c) : c)),
});

/** The stage at `i` changed by `fn`, the others kept. */
export const withStage = (d: Draft, i: number, fn: (st: HazardStage) => HazardStage): Draft => ({
  ...d,
  stages: d.stages.map((st, k) => (k === i ? fn(st) : st)),
});

/** Threshold `k` set (a number) or left unused (anything else). */
export function withThreshold(c: HazardCondition, k: number, v: unknown): HazardCondition {
  const thresholds = [...c.thresholds] as Thresholds;
  thresholds[k] = typeof v === 'number' ? v : null;
  return { ...c, thresholds };
}

/** The offset set; 0 or empty removes it. */
export function withOffset(c: HazardCondition, v: unknown): HazardCondition {
  const { offset: _old, ...rest } = c;
  return typeof v === 'number' && v !== 0 ? { ...rest, offset: v } : rest;
}

/** A new condition: no element yet, ≥, and 0 at the levels the first condition uses. */
export const withNewCondition = (d: Draft): Draft => ({
  ...d,
  conditions: [
    ...d.conditions,
    { element: '', op: 'ge', thresholds: d.conditions[0]!.thresholds.map((x) => (x === null ? null : 0)) as Thresholds },
  ],
});

/** The fields the save call sends (name trimmed), with id and version for a saved hazard. */
export function saveBody(draft: Draft) {
  const fields = {
    name: draft.name.trim(),
    kind: draft.kind,
    forecastType: draft.forecastType,
    description: draft.description,
    conditions: draft.conditions,
    stages: draft.stages,
  };
  return draft.id ? { id: draft.id, version: draft.version!, ...fields } : fields;
}
