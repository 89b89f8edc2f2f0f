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

/** The forecast types a national or provincial office issues, with ranges and the usual colour tables. */
export const FORECAST_TYPES: readonly ForecastTypeDef[] = [
  {
    code: 'fine-grid',
    name: '精细化网格预报',
    description: '0.05° 逐 3 小时格点预报',
    stepHours: 3,
    maxLeadHours: 72,
    factors: [
      { code: 'tmp', name: '气温', unit: '°C', min: -60, max: 60, precision: 1, colormap: temperatureRamp },
      { code: 'tmax', name: '最高气温', unit: '°C', min: -60, max: 60, precision: 1, colormap: temperatureRamp },
      { code: 'tmin', name: '最低气温', unit: '°C', min: -60, max: 60, precision: 1, colormap: temperatureRamp },
      {
        code: 'pre3h',
        name: '3小时降水',
        unit: 'mm',
        min: 0,
        max: 300,
        precision: 1,
        colormap: {
          type: 'intervals',
          thresholds: [0.1, 1, 3, 10, 20, 50],
          colors: ['#00000000', '#a6f28f', '#3dba3d', '#61b8ff', '#0000e1', '#fa00fa', '#800040'],
        },
      },
      {
        code: 'wsp',
        name: '风速',
        unit: 'm/s',
        min: 0,
        max: 75,
        precision: 1,
        colormap: {
          type: 'ramp',
          stops: [
            { value: 0, color: '#f0f9e8' },
            { value: 5, color: '#7bccc4' },
            { value: 10, color: '#2b8cbe' },
            { value: 17, color: '#f03b20' },
            { value: 25, color: '#67000d' },
          ],
        },
      },
      {
        code: 'wdir',
        name: '风向',
        unit: '°',
        min: 0,
        max: 360,
        precision: 0,
        // Where the wind blows from, clockwise from north; the colours come round again at 360°.
        colormap: {
          type: 'ramp',
          stops: [
            { value: 0, color: '#3b4cc0' },
            { value: 90, color: '#1a9850' },
            { value: 180, color: '#d73027' },
            { value: 270, color: '#fdae61' },
            { value: 360, color: '#3b4cc0' },
          ],
        },
      },
      {
        code: 'rh',
        name: '相对湿度',
        unit: '%',
        min: 0,
        max: 100,
        precision: 0,
        colormap: {
          type: 'ramp',
          stops: [
            { value: 0, color: '#8c510a' },
            { value: 40, color: '#f6e8c3' },
            { value: 70, color: '#80cdc1' },
            { value: 100, color: '#01665e' },
          ],
        },
      },
      {
        code: 'vis',
        name: '能见度',
        unit: 'km',
        min: 0,
        max: 50,
        precision: 1,
        colormap: {
          type: 'intervals',
          thresholds: [0.05, 0.2, 0.5, 1, 2, 5, 10],
          colors: ['#4a0000', '#7e0023', '#c0003a', '#ff4500', '#ffa500', '#ffe4a0', '#e0f0ff', '#00000000'],
        },
      },
      {
        code: 'tcc',
        name: '总云量',
        unit: '%',
        min: 0,
        max: 100,
        precision: 0,
        colormap: {
          type: 'ramp',
          stops: [
            { value: 0, color: '#ffffff00' },
            { value: 30, color: '#dfe7ef' },
            { value: 70, color: '#a9b6c4' },
            { value: 100, color: '#6c7a89' },
          ],
        },
      },
      {
        code: 'wp',
        name: '天气现象',
        unit: '',
        min: 0,
        max: 99,
        precision: 0,
        // A class per code (docs/grids.md#weather-code): drawn cell by cell, named in the legend.
        colormap: { type: 'values', entries: WEATHER_CODES.map((d) => ({ value: d.code, color: d.color })) },
      },
    ],
  },
  {
    code: 'agro',
    name: '农业气象预报',
    description: '逐日农业气象要素预报',
    stepHours: 24,
    maxLeadHours: 240,
    factors: [
      {
        code: 'sm',
        name: '土壤相对湿度',
        unit: '%',
        min: 0,
        max: 100,
        precision: 0,
        colormap: { type: 'intervals', thresholds: [40, 50, 60, 90], colors: ['#a50026', '#f46d43', '#fee08b', '#66bd63', '#1a9850'] },
      },
      { code: 'tsoil', name: '5厘米地温', unit: '°C', min: -40, max: 70, precision: 1, colormap: temperatureRamp },
      {
        code: 'et0',
        name: '参考作物蒸散',
        unit: 'mm',
        min: 0,
        max: 20,
        precision: 1,
        colormap: {
          type: 'ramp',
          stops: [
            { value: 0, color: '#ffffcc' },
            { value: 3, color: '#a1dab4' },
            { value: 6, color: '#41b6c4' },
            { value: 10, color: '#225ea8' },
          ],
        },
      },
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

const precipitationColors = ['#00000000', '#a6f28f', '#3dba3d', '#61b8ff', '#0000e1', '#fa00fa', '#800040'];

/**
 * Elements computed on demand from a forecast type's stored grids, never stored: offered for a type that stores their
 * sources and not the element itself. Precipitation classes are the national grades for 12 h and 24 h totals.
 */
export const DERIVED_FACTORS: readonly DerivedFactorDef[] = [
  {
    code: 'pre12h',
    name: '12小时降水',
    unit: 'mm',
    min: 0,
    max: 1200,
    precision: 1,
    colormap: { type: 'intervals', thresholds: [0.1, 5, 15, 30, 70, 140], colors: precipitationColors },
    derivation: { kind: 'sum', of: 'pre3h', hours: 12 },
  },
  {
    code: 'pre24h',
    name: '24小时降水',
    unit: 'mm',
    min: 0,
    max: 2400,
    precision: 1,
    colormap: { type: 'intervals', thresholds: [0.1, 10, 25, 50, 100, 250], colors: precipitationColors },
    derivation: { kind: 'sum', of: 'pre3h', hours: 24 },
  },
  {
    code: 'tmax24h',
    name: '日最高气温',
    unit: '°C',
    min: -60,
    max: 60,
    precision: 1,
    colormap: temperatureRamp,
    derivation: { kind: 'extreme', extreme: 'max', of: ['tmax', 'tmp'] },
  },
  {
    code: 'tmin24h',
    name: '日最低气温',
    unit: '°C',
    min: -60,
    max: 60,
    precision: 1,
    colormap: temperatureRamp,
    derivation: { kind: 'extreme', extreme: 'min', of: ['tmin', 'tmp'] },
  },
  {
    code: 'wsp',
    name: '风速',
    unit: 'm/s',
    min: 0,
    max: 75,
    precision: 1,
    colormap: {
      type: 'ramp',
      stops: [
        { value: 0, color: '#f0f9e8' },
        { value: 5, color: '#7bccc4' },
        { value: 10, color: '#2b8cbe' },
        { value: 17, color: '#f03b20' },
        { value: 25, color: '#67000d' },
      ],
    },
    derivation: { kind: 'wind', part: 'speed' },
  },
  {
    code: 'wdir',
    name: '风向',
    unit: '°',
    min: 0,
    max: 360,
    precision: 0,
    colormap: {
      type: 'ramp',
      stops: [
        { value: 0, color: '#3b4cc0' },
        { value: 90, color: '#1a9850' },
        { value: 180, color: '#d73027' },
        { value: 270, color: '#fdae61' },
        { value: 360, color: '#3b4cc0' },
      ],
    },
    derivation: { kind: 'wind', part: 'direction' },
  },
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
