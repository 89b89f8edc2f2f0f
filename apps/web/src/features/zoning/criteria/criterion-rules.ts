import { ZONING_CLASS_COUNT, ZONING_LIMITS } from '@agromet/contracts/web';
import type { Criterion, CriterionCreate } from '@agromet/contracts';
import {
  checkZoningCriterion,
  type CriterionProblem,
  type FactorRule,
  type FactorVeto,
  type ZoningCriterion,
  type ZoningMethod,
} from '@agromet/grid';

// The criterion editor's rules (docs/zoning.md#web-pages): what the editor holds, how it becomes the body of
// /qhCriterion/add and /update, the class intervals a factor's thresholds give, and the problems shown beside
// each field. An empty number input is held as NaN, which the checks report as "not a number".

/** One interval of a factor's values: (lower, upper], null for an open end. */
export interface Interval {
  lower: number | null;
  upper: number | null;
}

/** What the editor holds: the criterion's fields, numbers possibly NaN while being typed. */
export interface CriterionDraft {
  name: string;
  cropId: number | undefined;
  description: string;
  method: ZoningMethod;
  factors: FactorRule[];
  classNames: string[];
  classScores: [number, number, number, number];
  cutPoints: [number, number, number];
}

/** A factor of the base-factor catalogue as the editor needs it. */
export interface FactorRange {
  code: string;
  min: number;
  max: number;
}

export const DEFAULT_SCORES: [number, number, number, number] = [4, 3, 2, 1];
/** Cut points of a new criterion: halfway between class scores (weighted), steps of 0.2 of membership (fuzzy). */
export const DEFAULT_CUTS: Record<'weighted' | 'fuzzy', [number, number, number]> = {
  weighted: [3.5, 2.5, 1.5],
  fuzzy: [0.8, 0.6, 0.4],
};

export const needsWeights = (method: ZoningMethod): boolean => method === 'weighted' || method === 'fuzzy';

/**
 * The class of each value range of a factor: per class (most suitable first) the intervals that give it, adjacent
 * intervals of one class merged. Intervals are closed above: a value equal to a threshold belongs below it.
 */
export function classIntervals(rule: Pick<FactorRule, 'breaks' | 'classes'>): Interval[][] {
  const out: Interval[][] = Array.from({ length: ZONING_CLASS_COUNT }, () => []);
  let start: number | null = null;
  for (let k = 0; k <= rule.breaks.length; k++) {
    const cls = rule.classes[k];
    const upper = k < rule.breaks.length ? rule.breaks[k]! : null;
    // The interval ends here unless the next one has the same class.
    if (k < rule.breaks.length && rule.classes[k + 1] === cls) continue;
    if (cls !== undefined && cls >= 0 && cls < ZONING_CLASS_COUNT) out[cls]!.push({ lower: start, upper });
    start = upper;
  }
  return out;
}

/** An interval as a specialist writes it: "≤ 12.4", "> 15.5", "(14.4, 15.5]", or "all" for the whole line. */
export function formatInterval(interval: Interval, format: (v: number) => string, all: string): string {
  const { lower, upper } = interval;
  if (lower === null && upper === null) return all;
  if (lower === null) return `≤ ${format(upper!)}`;
  if (upper === null) return `> ${format(lower)}`;
  return `(${format(lower)}, ${format(upper)}]`;
}

/** A number for a threshold: up to 4 decimals, no trailing zeros. */
export function formatThreshold(value: number): string {
  if (!Number.isFinite(value)) return '';
  const rounded = Number(value.toFixed(4));
  return String(Object.is(rounded, -0) ? 0 : rounded);
}

/** A "nice" number near `value` with about 2–3 significant digits, for thresholds the editor proposes. */
export function niceNumber(value: number, span: number): number {
  if (!Number.isFinite(value)) return 0;
  if (!(span > 0)) return Number(value.toFixed(2));
  const step = 10 ** Math.floor(Math.log10(span / 20));
  const rounded = Math.round(value / step) * step;
  return Number(rounded.toFixed(Math.max(0, -Math.floor(Math.log10(step)))));
}

/**
 * A new factor's thresholds: three breaks at the quarters of its valid range, higher values more suitable (the
 * specialist turns the classes round for factors where lower is better).
 */
export function newFactorRule(factor: FactorRange, method: ZoningMethod): FactorRule {
  const span = factor.max - factor.min;
  const breaks = [0.25, 0.5, 0.75].map((q) => niceNumber(factor.min + span * q, span));
  const rule: FactorRule = { factor: factor.code, breaks, classes: [3, 2, 1, 0] };
  if (needsWeights(method)) rule.weight = Number.NaN;
  if (method === 'fuzzy') rule.membership = defaultTrapezoid(rule, factor);
  return rule;
}

/**
 * A trapezoid for the fuzzy method that follows the factor's best interval: full membership over it, falling to 0 a
 * quarter of the factor's range beyond it, within the range.
 */
export function defaultTrapezoid(rule: Pick<FactorRule, 'breaks' | 'classes'>, factor: FactorRange): [number, number, number, number] {
  const span = factor.max - factor.min;
  const byClass = classIntervals(rule);
  const best = byClass.find((list) => list.length > 0)?.[0] ?? { lower: null, upper: null };
  const clamp = (v: number) => Math.min(factor.max, Math.max(factor.min, v));
  const b = clamp(best.lower ?? factor.min);
  const c = clamp(best.upper ?? factor.max);
  const a = niceNumber(clamp(b - span / 4), span);
  const d = niceNumber(clamp(c + span / 4), span);
  const trapezoid: [number, number, number, number] = [Math.min(a, b), b, Math.max(b, c), Math.max(c, d)];
  // A degenerate range (a = d) would have no membership anywhere.
  if (!(trapezoid[0] < trapezoid[3])) trapezoid[3] = trapezoid[0] + (span > 0 ? span : 1);
  return trapezoid;
}

/** Equal weights summing exactly to 1 at 4 decimals (the last takes the rounding). */
export function equalWeights(count: number): number[] {
  if (count <= 0) return [];
  const each = Math.floor(10_000 / count) / 10_000;
  const weights = Array.from({ length: count }, () => each);
  weights[count - 1] = Number((1 - each * (count - 1)).toFixed(4));
  return weights;
}

/** The sum of the weights, rounded for display (NaN when one is missing). */
export function weightSum(factors: readonly Pick<FactorRule, 'weight'>[]): number {
  const sum = factors.reduce((s, f) => s + (f.weight ?? Number.NaN), 0);
  return Number(sum.toFixed(6));
}

/** The same factors with the fields of another method: weights and trapezoids added or dropped. */
export function switchMethod(factors: readonly FactorRule[], method: ZoningMethod, ranges: readonly FactorRange[]): FactorRule[] {
  const weights = equalWeights(factors.length);
  return factors.map((f, i) => {
    const { weight, membership, ...rest } = f;
    const next: FactorRule = { ...rest };
    if (needsWeights(method)) next.weight = weight !== undefined && Number.isFinite(weight) ? weight : weights[i]!;
    if (method === 'fuzzy') {
      const range = ranges.find((r) => r.code === f.factor) ?? { code: f.factor, min: Math.min(...f.breaks), max: Math.max(...f.breaks) };
      next.membership = membership ?? defaultTrapezoid(f, range);
    }
    return next;
  });
}

/**
 * The veto proposed when a factor is marked as one (docs/zoning.md#vetoes): the edge of the factor's unsuitable end —
 * a lower bound at the first threshold when the lowest interval is unsuitable, an upper bound at the last when the
 * highest is (both for a factor unsuitable at both ends); a lower bound at the first threshold otherwise.
 */
export function defaultVeto(rule: Pick<FactorRule, 'breaks' | 'classes'>): FactorVeto {
  const first = rule.breaks[0];
  const last = rule.breaks[rule.breaks.length - 1];
  const worst = ZONING_CLASS_COUNT - 1;
  const veto: FactorVeto = {};
  if (rule.classes[0] === worst && first !== undefined && Number.isFinite(first)) veto.lower = first;
  if (rule.classes[rule.classes.length - 1] === worst && last !== undefined && Number.isFinite(last)) veto.upper = last;
  if (veto.lower === undefined && veto.upper === undefined) veto.lower = first !== undefined && Number.isFinite(first) ? first : 0;
  return veto;
}

/** The factor marked as a veto (with `defaultVeto`) or not (its veto dropped). */
export function toggleVeto(rule: FactorRule, on: boolean): FactorRule {
  const { veto, ...rest } = rule;
  if (!on) return rest;
  return { ...rest, veto: veto ?? defaultVeto(rule) };
}

/** One bound of the factor's veto set (a number) or removed (null); the other bound is kept. */
export function setVetoBound(rule: FactorRule, bound: 'lower' | 'upper', value: number | null): FactorRule {
  const veto: FactorVeto = { ...(rule.veto ?? {}) };
  if (value === null) delete veto[bound];
  else veto[bound] = value;
  return { ...rule, veto };
}

/** A veto as a specialist writes it: "≤ −19", "> 35", "≤ 800; > 3000" (unsuitable there); '' for none. */
export function formatVeto(veto: FactorVeto | undefined, format: (v: number) => string): string {
  if (!veto) return '';
  const parts: string[] = [];
  if (veto.lower !== undefined && Number.isFinite(veto.lower)) parts.push(`≤ ${format(veto.lower)}`);
  if (veto.upper !== undefined && Number.isFinite(veto.upper)) parts.push(`> ${format(veto.upper)}`);
  return parts.join('; ');
}

/** Adds a threshold after the last one (or splits the last interval), keeping the classes list one longer than breaks. */
export function addBreak(rule: FactorRule, range: FactorRange | undefined): FactorRule {
  if (rule.breaks.length >= ZONING_LIMITS.breaks) return rule;
  const last = rule.breaks[rule.breaks.length - 1];
  const span = range ? range.max - range.min : 1;
  const next = last === undefined || !Number.isFinite(last) ? (range?.min ?? 0) : niceNumber(last + span / 10, span);
  return { ...rule, breaks: [...rule.breaks, next], classes: [...rule.classes, rule.classes[rule.classes.length - 1] ?? 0] };
}

/** Removes threshold `index` and merges its two intervals into the lower one's class. */
export function removeBreak(rule: FactorRule, index: number): FactorRule {
  if (rule.breaks.length <= 1 || index < 0 || index >= rule.breaks.length) return rule;
  return {
    ...rule,
    breaks: rule.breaks.filter((_, k) => k !== index),
    classes: rule.classes.filter((_, k) => k !== index + 1),
  };
}

/** The engine's criterion of the draft (what the checks and the preview work on). */
export function criterionOf(draft: Pick<CriterionDraft, 'method' | 'factors' | 'classScores' | 'cutPoints'>): ZoningCriterion {
  const factors = draft.factors.map((f) => {
    const rule: FactorRule = { factor: f.factor, breaks: [...f.breaks], classes: [...f.classes] };
    if (needsWeights(draft.method)) rule.weight = f.weight ?? Number.NaN;
    if (draft.method === 'fuzzy' && f.membership) rule.membership = [...f.membership];
    if (f.veto) rule.veto = { ...f.veto };
    return rule;
  });
  const criterion: ZoningCriterion = { method: draft.method, factors };
  if (draft.method === 'weighted') criterion.classScores = [...draft.classScores];
  if (needsWeights(draft.method)) criterion.cutPoints = [...draft.cutPoints];
  return criterion;
}

/** The body of /qhCriterion/add (the editor sends it only when `draftProblems` found nothing). */
export function criterionBody(draft: CriterionDraft): CriterionCreate {
  const criterion = criterionOf(draft);
  return {
    name: draft.name.trim(),
    cropId: draft.cropId ?? 0,
    description: draft.description.trim(),
    method: draft.method,
    factors: criterion.factors,
    classNames: draft.classNames.map((n) => n.trim()),
    ...(criterion.classScores ? { classScores: criterion.classScores } : {}),
    ...(criterion.cutPoints ? { cutPoints: criterion.cutPoints } : {}),
  };
}

/** The editor's draft of a stored criterion (or of a new one for `cropId`). */
export function draftOf(criterion: Criterion | null, cropId?: number): CriterionDraft {
  if (!criterion) {
    return {
      name: '',
      cropId,
      description: '',
      method: 'limiting',
      factors: [],
      classNames: ['', '', '', ''],
      classScores: [...DEFAULT_SCORES],
      cutPoints: [...DEFAULT_CUTS.weighted],
    };
  }
  const names = Array.from({ length: ZONING_CLASS_COUNT }, (_, k) => criterion.classNames[k] ?? '');
  return {
    name: criterion.name,
    cropId: criterion.cropId,
    description: criterion.description,
    method: criterion.method,
    factors: criterion.factors.map((f) => ({
      ...f,
      breaks: [...f.breaks],
      classes: [...f.classes],
      ...(f.membership ? { membership: [...f.membership] as [number, number, number, number] } : {}),
      ...(f.veto ? { veto: { ...f.veto } } : {}),
    })),
    classNames: names,
    classScores: criterion.classScores ? [...criterion.classScores] : [...DEFAULT_SCORES],
    cutPoints: criterion.cutPoints ? [...criterion.cutPoints] : [...DEFAULT_CUTS[criterion.method === 'fuzzy' ? 'fuzzy' : 'weighted']],
  };
}

/**
 * Every problem of the draft, each at the path of its field: the engine's checks of the criterion (thresholds
 * ascending, classes, weights summing to 1, trapezoids, cut points, vetoes, only known factors), thresholds and veto
 * bounds within the factor's valid range, and the name and crop. Keys are the messages' keys under the feature's `problem.`.
 */
export function draftProblems(draft: CriterionDraft, ranges: readonly FactorRange[]): CriterionProblem[] {
  const problems: CriterionProblem[] = [];
  if (draft.name.trim() === '') problems.push({ path: ['name'], key: 'zoning.nameMissing' });
  if (draft.cropId === undefined) problems.push({ path: ['cropId'], key: 'zoning.cropMissing' });
  if (draft.factors.length > ZONING_LIMITS.factors) {
    problems.push({ path: ['factors'], key: 'zoning.tooManyFactors', params: { max: ZONING_LIMITS.factors } });
  }
  const known = new Set(ranges.map((r) => r.code));
  problems.push(...checkZoningCriterion(criterionOf(draft), known));
  draft.factors.forEach((f, i) => {
    const range = ranges.find((r) => r.code === f.factor);
    if (!range) return;
    f.breaks.forEach((b, j) => {
      if (Number.isFinite(b) && (b < range.min || b > range.max)) {
        problems.push({ path: ['factors', i, 'breaks', j], key: 'zoning.breakOutOfRange', params: { min: range.min, max: range.max } });
      }
    });
    for (const bound of ['lower', 'upper'] as const) {
      const v = f.veto?.[bound];
      if (v !== undefined && Number.isFinite(v) && (v < range.min || v > range.max)) {
        problems.push({ path: ['factors', i, 'veto', bound], key: 'zoning.vetoOutOfRange', params: { min: range.min, max: range.max } });
      }
    }
  });
  return problems;
}

/** The problems keyed by their field's path ("factors.1.breaks.0"); the first problem of a field wins. */
export function problemsByPath(problems: readonly CriterionProblem[]): Map<string, CriterionProblem> {
  const map = new Map<string, CriterionProblem>();
  for (const p of problems) {
    const key = p.path.join('.');
    if (!map.has(key)) map.set(key, p);
  }
  return map;
}

/**
 * The field a server refusal names (4100 with data.issues[].field, e.g. "factors.1.breaks" or "body.name"), as a
 * path of the editor; null when it names no field of the criterion.
 */
export function serverIssuePath(field: string): string | null {
  const path = field.replace(/^body\.?/, '');
  const head = path.split('.')[0] ?? '';
  return ['name', 'cropId', 'description', 'method', 'factors', 'classNames', 'classScores', 'cutPoints'].includes(head) ? path : null;
}
