import type { BaseFactorCode } from '@agromet/contracts';
import type { Lang } from '../../core/messages.js';

/** One base climate factor: unit, valid range (thresholds and imported values must lie in it), names, source. */
export interface FactorDef {
  code: BaseFactorCode;
  unit: string;
  min: number;
  max: number;
  /** Decimals shown in exports. */
  precision: number;
  /** Where its grid comes from: station normals, an imported grid (altitude: a DEM) or derived from altitude. */
  source: 'stations' | 'import' | 'derived';
  /**
   * `share`: a frequency or percentage, bounded by its range on both sides (it cannot pass 0 % or 100 %, however the
   * stations lie), gridded on the logit scale; `amount`: anything else, gridded as it is
   * (docs/zoning.md#bounded-factors-on-the-logit-scale).
   */
  kind: 'amount' | 'share';
  names: Record<Lang, string>;
}

/**
 * The base factors of docs/zoning.md#base-factors, in display order. Ranges are wide physical bounds (China's
 * climate and relief fit well inside them): they catch wrong units and typing errors, not unusual climates.
 */
export const FACTORS: readonly FactorDef[] = [
  {
    code: 'altitude',
    unit: 'm',
    min: -500,
    max: 9000,
    precision: 0,
    source: 'import',
    kind: 'amount',
    names: { zh: '海拔高度', en: 'Altitude', es: 'Altitud' },
  },
  {
    code: 'slope',
    unit: '°',
    min: 0,
    max: 90,
    precision: 1,
    source: 'derived',
    kind: 'amount',
    names: { zh: '坡度', en: 'Slope', es: 'Pendiente' },
  },
  {
    code: 'tmean',
    unit: '°C',
    min: -30,
    max: 35,
    precision: 1,
    source: 'stations',
    kind: 'amount',
    names: { zh: '年平均气温', en: 'Annual mean temperature', es: 'Temperatura media anual' },
  },
  {
    code: 'acc10',
    unit: '°C·d',
    min: 0,
    max: 10000,
    precision: 0,
    source: 'stations',
    kind: 'amount',
    names: { zh: '≥10℃积温', en: 'Accumulated temperature ≥10 °C', es: 'Temperatura acumulada ≥10 °C' },
  },
  {
    code: 'precip',
    unit: 'mm',
    min: 0,
    max: 6000,
    precision: 0,
    source: 'stations',
    kind: 'amount',
    names: { zh: '年降水量', en: 'Annual precipitation', es: 'Precipitación anual' },
  },
  {
    code: 'sunshine',
    unit: 'h',
    min: 0,
    max: 4400,
    precision: 0,
    source: 'stations',
    kind: 'amount',
    names: { zh: '年日照时数', en: 'Annual sunshine hours', es: 'Horas de sol anuales' },
  },
  {
    code: 'textmin',
    unit: '°C',
    min: -55,
    max: 25,
    precision: 1,
    source: 'stations',
    kind: 'amount',
    names: { zh: '年极端最低气温平均值', en: 'Mean annual extreme minimum temperature', es: 'Media de la mínima extrema anual' },
  },
  {
    code: 'tcold',
    unit: '°C',
    min: -45,
    max: 30,
    precision: 1,
    source: 'stations',
    kind: 'amount',
    names: { zh: '最冷月平均气温', en: 'Coldest-month mean temperature', es: 'Temperatura media del mes más frío' },
  },
  {
    code: 'twarm',
    unit: '°C',
    min: -15,
    max: 40,
    precision: 1,
    source: 'stations',
    kind: 'amount',
    names: { zh: '最热月平均气温', en: 'Warmest-month mean temperature', es: 'Temperatura media del mes más cálido' },
  },
  {
    code: 'frostfree',
    unit: 'd',
    min: 0,
    max: 366,
    precision: 0,
    source: 'stations',
    kind: 'amount',
    names: { zh: '无霜期', en: 'Frost-free days', es: 'Días libres de heladas' },
  },
  {
    code: 'rh',
    unit: '%',
    min: 0,
    max: 100,
    precision: 0,
    source: 'stations',
    kind: 'share',
    names: { zh: '年平均相对湿度', en: 'Annual mean relative humidity', es: 'Humedad relativa media anual' },
  },
  {
    code: 'rhMarSep',
    unit: '%',
    min: 0,
    max: 100,
    precision: 0,
    source: 'stations',
    kind: 'share',
    names: { zh: '3—9月平均相对湿度', en: 'Mar–Sep mean relative humidity', es: 'Humedad relativa media de marzo a septiembre' },
  },
  {
    code: 'springFrost',
    unit: '%',
    min: 0,
    max: 100,
    precision: 0,
    source: 'stations',
    kind: 'share',
    names: { zh: '春霜冻发生频率', en: 'Spring frost frequency', es: 'Frecuencia de heladas primaverales' },
  },
];

const BY_CODE = new Map<string, FactorDef>(FACTORS.map((f) => [f.code, f]));

export function factorDef(code: string): FactorDef | undefined {
  return BY_CODE.get(code);
}

export const KNOWN_FACTORS: ReadonlySet<string> = new Set(FACTORS.map((f) => f.code));

export function factorName(code: string, lang: Lang): string {
  return BY_CODE.get(code)?.names[lang] ?? code;
}

/** The bounds a factor is gridded within: its range for a share (logit scale), none for an amount. */
export function griddingBounds(def: FactorDef): { min: number; max: number } | undefined {
  return def.kind === 'share' ? { min: def.min, max: def.max } : undefined;
}
