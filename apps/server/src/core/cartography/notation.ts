import type { MapLang } from './words.js';

// How a legend writes its classes (docs/products.md#legend). A class holds a ≤ v < b; with values reported to
// `decimals` places its largest reportable value is b − 10^−decimals, so Chinese practice writes the class 0.1～9.9,
// 10～24.9 (GB/T 28592-2012, precipitation grades: 小雨 0.1～9.9 mm, 中雨 10.0～24.9 mm …), with the full-width tilde;
// English and Spanish write the same bounds with an en dash, 0.1–9.9 (a negative bound: "-4 to -2.1", "-4 a -2.1").
// The first class is "< t₀", the last "≥ tₙ". Pure.

/** A number without trailing zeros, rounded to `digits` decimals. */
export function formatNumber(v: number, digits = 2): string {
  const r = Math.round(v * 10 ** digits) / 10 ** digits;
  return String(Object.is(r, -0) ? 0 : r);
}

/** Decimals a number is written with (up to 6). */
export function decimalsOf(v: number): number {
  for (let d = 0; d <= 6; d++) if (Math.abs(Math.round(v * 10 ** d) - v * 10 ** d) < 1e-6) return d;
  return 6;
}

/**
 * Legend labels of interval classes cut at `thresholds`; `decimals` is the data's precision (by default the
 * thresholds' own decimals, at least one).
 */
export function intervalLabels(thresholds: readonly number[], lang: MapLang, decimals?: number): string[] {
  if (thresholds.length === 0) return [''];
  const d = decimals ?? Math.max(1, ...thresholds.map(decimalsOf));
  const step = 10 ** -d;
  const labels = [`< ${formatNumber(thresholds[0]!, d)}`];
  for (let k = 1; k < thresholds.length; k++) {
    const a = thresholds[k - 1]!;
    const top = thresholds[k]! - step;
    const fa = formatNumber(a, d);
    const fb = formatNumber(top, d);
    if (top <= a) labels.push(fa);
    else if (lang === 'zh') labels.push(`${fa}～${fb}`);
    else if (a < 0 || top < 0) labels.push(`${fa} ${lang === 'en' ? 'to' : 'a'} ${fb}`);
    else labels.push(`${fa}–${fb}`);
  }
  labels.push(`≥ ${formatNumber(thresholds[thresholds.length - 1]!, d)}`);
  return labels;
}
