import type { HazardCondition, RiskStats } from '@agromet/contracts';
import { checkRiskConditions } from '@agromet/grid';

// Pure rules of the make-risk page (docs/risk.md): table rows and the chart of areas per level per county, the
// editor's problems, names and labels.

/** Levels 1–4 (IV…I) in display order, most severe first where a list reads top-down. */
export const LEVELS = [1, 2, 3, 4] as const;

/** Roman name of level 1–4. */
export const levelRoman = (level: number) => ['IV', 'III', 'II', 'I'][level - 1] ?? '';

export interface AreaTableRow {
  key: string;
  name: string;
  /** km² of levels IV, III, II, I. */
  levels: [number, number, number, number];
  /** km² with any risk. */
  atRisk: number;
  worst: number;
}

/** One row per area with its km² per level, worst areas first (then by area at risk); the region's total last. */
export function areaTableRows(stats: RiskStats, totalName: string): AreaTableRow[] {
  const row = (key: string, name: string, a: readonly number[], worst: number): AreaTableRow => {
    const levels = [a[1] ?? 0, a[2] ?? 0, a[3] ?? 0, a[4] ?? 0] as [number, number, number, number];
    return { key, name, levels, atRisk: levels.reduce((s, v) => s + v, 0), worst };
  };
  const areas = stats.byArea
    .map((a) => row(a.code, a.name, a.areasKm2, a.worst))
    .sort((x, y) => y.worst - x.worst || y.atRisk - x.atRisk || x.name.localeCompare(y.name));
  const worst = [4, 3, 2, 1].find((l) => (stats.areasKm2[l] ?? 0) > 0) ?? 0;
  return [...areas, row('total', totalName, stats.areasKm2, worst)];
}

/** Whole km², thousands grouped by spaces ("1 230"), as the summaries write them. */
export function formatKm2(km2: number): string {
  return String(Math.round(km2)).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
}

/**
 * ECharts option of the areas per county: one horizontal stacked bar per area with risk (at most `max`, worst first),
 * one series per level in its warning colour.
 */
export function areaChartOption(
  rows: readonly AreaTableRow[],
  levelNames: readonly string[],
  colors: readonly string[],
  max = 12,
): {
  yAxis: { type: 'category'; data: string[]; inverse: true };
  series: Array<{ name: string; type: 'bar'; stack: 'km2'; data: number[]; itemStyle: { color: string } }>;
} & Record<string, unknown> {
  const shown = rows.filter((r) => r.key !== 'total' && r.atRisk > 0).slice(0, max);
  return {
    animation: false,
    grid: { left: 8, right: 24, top: 28, bottom: 8, containLabel: true },
    legend: { top: 0, itemWidth: 14, itemHeight: 10 },
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    xAxis: { type: 'value', name: 'km²' },
    yAxis: { type: 'category', data: shown.map((r) => r.name), inverse: true },
    series: LEVELS.map((l, k) => ({
      name: levelNames[k]!,
      type: 'bar' as const,
      stack: 'km2' as const,
      data: shown.map((r) => Math.round(r.levels[k]!)),
      itemStyle: { color: colors[k]! },
    })),
  };
}

/** A condition being edited: thresholds may be empty (null) while typed. */
export type DraftCondition = HazardCondition;

/**
 * Problems of the conditions being edited, by path (`conditions.0.thresholds.2`) → message key under `problem.`
 * (the engine's checks, the same the server runs).
 */
export function draftProblems(conditions: readonly DraftCondition[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const p of checkRiskConditions(conditions)) {
    const path = p.path.join('.');
    if (!out.has(path)) out.set(path, p.key.replace(/^risk\./, ''));
  }
  conditions.forEach((c, i) => {
    if (!c.element) out.set(`conditions.${i}.element`, 'elementMissing');
  });
  return out;
}

/** "霜冻 2026-11-24": the hazard's name and the day, proposed as a product's name. */
export function proposedName(hazardName: string, day: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${hazardName} ${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`.slice(0, 64);
}

/** "≤ −2" / "≥ 35": a threshold as the published tables write it; "—" when the level is not used. */
export function thresholdText(op: 'le' | 'ge', t: number | null): string {
  if (t === null) return '—';
  return `${op === 'le' ? '≤' : '≥'} ${String(t).replace('-', '−')}`;
}

/** The leads of a run within [from, to]. */
export function leadsWithin(leads: readonly number[], from: number, to: number): number[] {
  return leads.filter((l) => l >= from && l <= to);
}

/**
 * The language a new risk product is written in: the interface's, until the user chooses one (then theirs is kept,
 * whatever the interface switches to). A language the server does not write falls back to Chinese.
 */
export function productLanguage(interfaceLanguage: string, chosen: 'zh' | 'en' | 'es' | null): 'zh' | 'en' | 'es' {
  if (chosen) return chosen;
  return interfaceLanguage === 'en' || interfaceLanguage === 'es' ? interfaceLanguage : 'zh';
}
