import { WEATHER_CODES } from '@agromet/contracts';
import type { ColorMap } from '@agromet/grid';
import type { Db } from '../../core/db/index.js';
import { nowIso } from '../../core/db/index.js';

export interface FactorDef {
  code: string;
  name: string;
  unit: string;
  min: number;
  max: number;
  precision: number;
  colormap: ColorMap;
}

export interface ForecastTypeDef {
  code: string;
  name: string;
  description: string;
  stepHours: number;
  maxLeadHours: number;
  factors: FactorDef[];
}

export const temperatureRamp: ColorMap = {
  type: 'ramp',
  stops: [
    { value: -30, color: '#2c0b5e' },
    { value: -20, color: '#3b4cc0' },
    { value: -10, color: '#6788ee' },
    { value: 0, color: '#b0cbfc' },
    { value: 10, color: '#f7e4a0' },
    { value: 20, color: '#f6a35c' },
    { value: 30, color: '#d63e2a' },
    { value: 40, color: '#7a0403' },
  ],
};

/** A ramp through `[value, colour]` stops. */
function ramp(...stops: readonly (readonly [number, string])[]): ColorMap {
  return { type: 'ramp', stops: stops.map(([value, color]) => ({ value, color })) };
}

/** Classes below each threshold and one above the last. */
function intervals(thresholds: number[], colors: string[]): ColorMap {
  return { type: 'intervals', thresholds, colors };
}

const precipitationColors = ['#00000000', '#a6f28f', '#3dba3d', '#61b8ff', '#0000e1', '#fa00fa', '#800040'];
const windSpeedRamp = ramp([0, '#f0f9e8'], [5, '#7bccc4'], [10, '#2b8cbe'], [17, '#f03b20'], [25, '#67000d']);
// Where the wind blows from, clockwise from north; the colours come round again at 360°.
const windDirectionRamp = ramp([0, '#3b4cc0'], [90, '#1a9850'], [180, '#d73027'], [270, '#fdae61'], [360, '#3b4cc0']);

/** A factor: its code, name and unit, its range `[min, max]`, its decimals and its colour table. */
function factor(code: string, name: string, unit: string, [min, max]: [number, number], precision: number, colormap: ColorMap): FactorDef {
  return { code, name, unit, min, max, precision, colormap };
}

/** The forecast types a national or provincial office issues, with ranges and the usual colour tables. */
export const FORECAST_TYPES: readonly ForecastTypeDef[] = [
  {
    code: 'fine-grid',
    name: '精细化网格预报',
    description: '0.05° 逐 3 小时格点预报',
    stepHours: 3,
    maxLeadHours: 72,
    factors: [
      factor('tmp', '气温', '°C', [-60, 60], 1, temperatureRamp),
      factor('tmax', '最高气温', '°C', [-60, 60], 1, temperatureRamp),
      factor('tmin', '最低气温', '°C', [-60, 60], 1, temperatureRamp),
      factor('pre3h', '3小时降水', 'mm', [0, 300], 1, intervals([0.1, 1, 3, 10, 20, 50], precipitationColors)),
      factor('wsp', '风速', 'm/s', [0, 75], 1, windSpeedRamp),
      factor('wdir', '风向', '°', [0, 360], 0, windDirectionRamp),
      factor('rh', '相对湿度', '%', [0, 100], 0, ramp([0, '#8c510a'], [40, '#f6e8c3'], [70, '#80cdc1'], [100, '#01665e'])),
      factor(
        'vis',
        '能见度',
        'km',
        [0, 50],
        1,
        intervals(
          [0.05, 0.2, 0.5, 1, 2, 5, 10],
          ['#4a0000', '#7e0023', '#c0003a', '#ff4500', '#ffa500', '#ffe4a0', '#e0f0ff', '#00000000'],
        ),
      ),
      factor('tcc', '总云量', '%', [0, 100], 0, ramp([0, '#ffffff00'], [30, '#dfe7ef'], [70, '#a9b6c4'], [100, '#6c7a89'])),
      // A class per code (docs/grids.md#weather-code): drawn cell by cell, named in the legend.
      factor('wp', '天气现象', '', [0, 99], 0, { type: 'values', entries: WEATHER_CODES.map((d) => ({ value: d.code, color: d.color })) }),
    ],
  },
  {
    code: 'agro',
    name: '农业气象预报',
    description: '逐日农业气象要素预报',
    stepHours: 24,
    maxLeadHours: 240,
    factors: [
      factor('sm', '土壤相对湿度', '%', [0, 100], 0, intervals([40, 50, 60, 90], ['#a50026', '#f46d43', '#fee08b', '#66bd63', '#1a9850'])),
      factor('tsoil', '5厘米地温', '°C', [-40, 70], 1, temperatureRamp),
      factor('et0', '参考作物蒸散', 'mm', [0, 20], 1, ramp([0, '#ffffcc'], [3, '#a1dab4'], [6, '#41b6c4'], [10, '#225ea8'])),
    ],
  },
];

/** How a derived element is made from stored ones (docs/grids.md#derived-elements). */
export type Derivation =
  /** The total of `of` over the window of `hours` ending at the lead (12 h: 08–20/20–08; 24 h: the forecast day). */
  | { kind: 'sum'; of: string; hours: 12 | 24 }
  /** The highest or lowest of the stored `of` grids within the forecast day ending at the lead. */
  | { kind: 'extreme'; extreme: 'max' | 'min'; of: readonly string[] }
  /** Speed or direction of the wind from its components `u` and `v`. */
  | { kind: 'wind'; part: 'speed' | 'direction' };

export interface DerivedFactorDef extends FactorDef {
  derivation: Derivation;
}

/** A factor computed from stored ones. */
function derived(def: FactorDef, derivation: Derivation): DerivedFactorDef {
  return { ...def, derivation };
}

/**
 * Elements computed on demand from a forecast type's stored grids, never stored: offered for a type that stores their
 * sources and not the element itself. Precipitation classes are the national grades for 12 h and 24 h totals.
 */
export const DERIVED_FACTORS: readonly DerivedFactorDef[] = [
  derived(factor('pre12h', '12小时降水', 'mm', [0, 1200], 1, intervals([0.1, 5, 15, 30, 70, 140], precipitationColors)), {
    kind: 'sum',
    of: 'pre3h',
    hours: 12,
  }),
  derived(factor('pre24h', '24小时降水', 'mm', [0, 2400], 1, intervals([0.1, 10, 25, 50, 100, 250], precipitationColors)), {
    kind: 'sum',
    of: 'pre3h',
    hours: 24,
  }),
  derived(factor('tmax24h', '日最高气温', '°C', [-60, 60], 1, temperatureRamp), { kind: 'extreme', extreme: 'max', of: ['tmax', 'tmp'] }),
  derived(factor('tmin24h', '日最低气温', '°C', [-60, 60], 1, temperatureRamp), { kind: 'extreme', extreme: 'min', of: ['tmin', 'tmp'] }),
  derived(factor('wsp', '风速', 'm/s', [0, 75], 1, windSpeedRamp), { kind: 'wind', part: 'speed' }),
  derived(factor('wdir', '风向', '°', [0, 360], 0, windDirectionRamp), { kind: 'wind', part: 'direction' }),
];

/** The stored factors a derivation reads (any of them for an extreme; all of them otherwise). */
export function derivationSources(d: Derivation): readonly string[] {
  return d.kind === 'sum' ? [d.of] : d.kind === 'extreme' ? d.of : ['u', 'v'];
}

/** Whether a type storing `stored` offers the derived element: its sources are stored, the element itself is not. */
export function offersDerived(def: DerivedFactorDef, stored: ReadonlySet<string>): boolean {
  if (stored.has(def.code)) return false;
  const d = def.derivation;
  return d.kind === 'extreme' ? d.of.some((f) => stored.has(f)) : derivationSources(d).every((f) => stored.has(f));
}

/** Inserts missing forecast types and factors; existing ones are left as the office configured them. */
export async function seedForecastTypes(db: Db): Promise<void> {
  for (const [typeIndex, t] of FORECAST_TYPES.entries()) {
    let row = await db.selectFrom('forecast_type').select('id').where('code', '=', t.code).executeTakeFirst();
    row ??= await db
      .insertInto('forecast_type')
      .values({
        code: t.code,
        name: t.name,
        description: t.description,
        step_hours: t.stepHours,
        max_lead_hours: t.maxLeadHours,
        created_at: nowIso(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const [i, f] of t.factors.entries()) {
      const exists = await db
        .selectFrom('factor')
        .select('id')
        .where('forecast_type_id', '=', row.id)
        .where('code', '=', f.code)
        .executeTakeFirst();
      if (exists) continue;
      await db
        .insertInto('factor')
        .values({
          forecast_type_id: row.id,
          code: f.code,
          name: f.name,
          unit: f.unit,
          min_value: f.min,
          max_value: f.max,
          precision: f.precision,
          colormap: JSON.stringify(f.colormap),
          sort: typeIndex * 100 + i,
        })
        .execute();
    }
  }
}
