import { ZONING_CLASS_COUNT } from '@agromet/contracts/web';
import type { ZoningProduct, ZoningStats } from '@agromet/contracts';

/** One row of a product's statistics: a class, its area and its share of the classed area. */
export interface ClassShareRow {
  cls: number;
  name: string;
  color: string;
  km2: number;
  /** Percent of the classed area, 0 when nothing was classed. */
  percent: number;
}

/** Area and share of each class, most suitable first. */
export function classShareRows(
  stats: Pick<ZoningStats, 'classAreasKm2'>,
  classNames: readonly string[],
  colors: readonly string[],
): ClassShareRow[] {
  const total = stats.classAreasKm2.reduce((s, a) => s + a, 0);
  return Array.from({ length: ZONING_CLASS_COUNT }, (_, cls) => {
    const km2 = stats.classAreasKm2[cls] ?? 0;
    return {
      cls,
      name: classNames[cls] ?? String(cls),
      color: colors[cls] ?? '#808080',
      km2,
      percent: total > 0 ? (100 * km2) / total : 0,
    };
  });
}

/** One area (county …) of the statistics layer: its classes' km² and the total. */
export interface AreaRow {
  key: string;
  name: string;
  areasKm2: number[];
  totalKm2: number;
}

/** Areas of the statistics layer, largest classed area first, areas without any classed cell left out. */
export function areaRows(stats: Pick<ZoningStats, 'byArea'>): AreaRow[] {
  return stats.byArea
    .map((a) => ({ key: a.code, name: a.name, areasKm2: a.areasKm2, totalKm2: a.areasKm2.reduce((s, v) => s + v, 0) }))
    .filter((a) => a.totalKm2 > 0)
    .sort((a, b) => b.totalKm2 - a.totalKm2 || a.name.localeCompare(b.name));
}

/** km² for a table: whole km² from 100 up, one decimal below. */
export function formatKm2(km2: number): string {
  if (!Number.isFinite(km2)) return '';
  return km2 >= 100 ? Math.round(km2).toLocaleString('en-US') : km2.toFixed(1);
}

/** A percentage with one decimal. */
export function formatPercent(percent: number): string {
  return Number.isFinite(percent) ? `${percent.toFixed(1)}%` : '';
}

/** Whether the WMS can draw the product (done, with a layer name). */
export function showable(product: Pick<ZoningProduct, 'status' | 'layer'> | null | undefined): boolean {
  return Boolean(product && product.status === 'done' && product.layer);
}

/** The file name a product's zip is saved under: its name with characters file systems refuse replaced. */
export function downloadName(product: Pick<ZoningProduct, 'name' | 'id'>): string {
  const cleaned = [...product.name].map((ch) => (ch < ' ' || '\\/:*?"<>|'.includes(ch) ? '_' : ch)).join('');
  const base = cleaned.replace(/_+/g, '_').trim() || `zoning-${product.id}`;
  return `${base}.zip`;
}

/** A factor's veto limit as the cell popup words it: "≤ 800 mm", "> 35 °C", "≤ 2 m; > 9 m" ('' without a veto). */
export function vetoLimitText(
  veto: { lower?: number; upper?: number } | null | undefined,
  unit: string,
  format: (v: number) => string,
): string {
  if (!veto) return '';
  const suffix = unit ? ` ${unit}` : '';
  const parts: string[] = [];
  if (veto.lower !== undefined) parts.push(`≤ ${format(veto.lower)}${suffix}`);
  if (veto.upper !== undefined) parts.push(`> ${format(veto.upper)}${suffix}`);
  return parts.join('; ');
}
