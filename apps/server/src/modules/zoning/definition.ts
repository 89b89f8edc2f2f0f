import type { FactorRule } from '@agromet/contracts';
import type { ZoningCriterion } from '@agromet/grid';
import { z } from 'zod';
import { parseStoredJson } from '../../core/stored-json.js';
import { translate, type Lang } from '../../core/messages.js';
import type { StoredDefinition } from './stored.js';

// A criterion's definition as stored (the contract's rules copied to their stored shape), as the engine in
// @agromet/grid takes it, and the names of its four classes.

export const definitionOf = (c: {
  factors: FactorRule[];
  classScores?: [number, number, number, number];
  cutPoints?: [number, number, number];
}): StoredDefinition => ({
  factors: c.factors.map((f) => ({
    factor: f.factor,
    breaks: [...f.breaks],
    classes: [...f.classes],
    ...(f.weight === undefined ? {} : { weight: f.weight }),
    ...(f.membership === undefined ? {} : { membership: f.membership }),
    ...(f.veto === undefined ? {} : { veto: vetoOf(f.veto) }),
  })),
  ...(c.classScores ? { classScores: c.classScores } : {}),
  ...(c.cutPoints ? { cutPoints: c.cutPoints } : {}),
});

/** A veto with only the bounds given (a stored criterion without vetoes has none). */
const vetoOf = (v: { lower?: number; upper?: number }) => ({
  ...(v.lower === undefined ? {} : { lower: v.lower }),
  ...(v.upper === undefined ? {} : { upper: v.upper }),
});

export function engineCriterion(method: ZoningCriterion['method'], def: StoredDefinition): ZoningCriterion {
  return { method, factors: def.factors, classScores: def.classScores, cutPoints: def.cutPoints };
}

const ClassNames = z.array(z.string());

/** The class names stored with a criterion or with the product made from it (read through their shape). */
export function storedClassNames(row: { id: number; class_names: string }, table: 'zoning_criterion' | 'zoning_product'): string[] {
  return parseStoredJson(ClassNames, row.class_names, { table, id: row.id, column: 'class_names' });
}

/** Class names in the reader's language: the criterion's own, or the defaults for empty ones. */
export function resolvedClassNames(stored: readonly string[], lang: Lang): string[] {
  return [0, 1, 2, 3].map((k) => stored[k]?.trim() || translate(lang, `zoning.class${k}` as 'zoning.class0'));
}
