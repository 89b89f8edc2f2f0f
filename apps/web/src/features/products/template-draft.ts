import type { ProductTemplate, ProductTemplateInput } from '@agromet/contracts';
import { ErrorCode } from '@agromet/contracts/web';
import { ApiError } from '../../lib/request';
import { templateFields } from './product-rules';

/** A template as the editor holds it: its fields, with the custom legend's thresholds and colours always present. */
export type TemplateDraft = ProductTemplateInput & { thresholds: number[]; colors: string[] };

/** The template's texts that take placeholders. */
export const TEXT_FIELDS = ['title', 'subtitle', 'customerName', 'issuer', 'footer'] as const;

export function draftOf(t: ProductTemplate | undefined, fallbackName: string): TemplateDraft {
  if (!t) return { name: fallbackName, title: '{region}{validStart}—{validEnd}{factor}预报', thresholds: [], colors: [] };
  const f = templateFields(t);
  return { ...f, thresholds: [...(t.thresholds ?? [])], colors: [...(t.colors ?? [])] };
}

/** One class of a custom legend: its colour and where it starts (the first class: below the second's start). */
export interface LegendClass {
  color: string;
  from: number | null;
}

export const classesOf = (d: Pick<TemplateDraft, 'colors' | 'thresholds'>): LegendClass[] =>
  d.colors.map((color, k) => ({ color, from: k === 0 ? null : (d.thresholds[k - 1] ?? null) }));

export const classesPatch = (rows: readonly LegendClass[]): Pick<TemplateDraft, 'colors' | 'thresholds'> => ({
  colors: rows.map((r) => r.color),
  thresholds: rows.slice(1).map((r) => r.from ?? 0),
});

/** Switching the legend: a custom legend without classes yet starts from the precipitation classes. */
export function legendModePatch(d: TemplateDraft, legendMode: 'factor' | 'custom'): Partial<TemplateDraft> {
  return legendMode === 'custom' && d.colors.length === 0
    ? { legendMode, thresholds: [0.1, 10, 25, 50], colors: ['#ffffff00', '#a6f28f', '#3dba3d', '#61b8ff', '#0000e1'] }
    : { legendMode };
}

/** What a refused save shows: the field the server named, or that the template changed meanwhile; null for others. */
export function saveRefusal(error: unknown): { fieldError: { field: string; message: string } } | { stale: true } | null {
  if (error instanceof ApiError && error.code === ErrorCode.VALIDATION) {
    const field = (error.data as { issues?: Array<{ field?: string }> } | null)?.issues?.[0]?.field ?? '';
    return { fieldError: { field, message: error.message } };
  }
  if (error instanceof ApiError && error.code === ErrorCode.CONFLICT) {
    if ((error.data as { field?: string } | null)?.field === 'name') return { fieldError: { field: 'name', message: error.message } };
    return { stale: true };
  }
  return null;
}
