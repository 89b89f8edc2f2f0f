import type { HazardCondition, HazardKind, HazardStage } from '@agromet/contracts';
import type { Lang } from '../../core/messages.js';

// The default hazards (docs/risk.md#default-thresholds), with the crop stages each harms and the vulnerability then
// (docs/risk.md#stages). No database here: migration 0041 reads them too.

/**
 * The plant surface's minimum below the 2 m air minimum on radiative frost nights: frost is the air at 2 °C or below or
 * the ground surface at 0 °C or below (docs/risk.md#surface-minimum), so the surface is taken 2 °C colder.
 */
export const FROST_SURFACE_OFFSET = -2;

/** The frost hazard as migration 0009 seeded it (no offset, no stages): migration 0041 updates rows still so. */
export const FROST_0009 = {
  description: '日最低气温 ≤ 0 / −2 / −4 / −6 °C（霜冻：气温降至 0 °C 或以下）',
  conditions: [{ element: 'tmin24h', op: 'le', thresholds: [0, -2, -4, -6] }],
} as const;

export interface SeedHazard {
  kind: Exclude<HazardKind, 'custom'>;
  names: Record<Lang, string>;
  forecastType: string;
  /** In zh; `descriptions` gives en and es (shown in the reader's language until edited). */
  description: string;
  descriptions: Record<'en' | 'es', string>;
  conditions: HazardCondition[];
  /** The crop stages it harms (crop seed key, stage code of the built-in calendar, vulnerability). */
  stages: HazardStage[];
}

/**
 * The default hazards with their sources (docs/risk.md#default-thresholds). Thresholds of levels IV, III, II, I; null:
 * the level is not used. A value on a threshold reaches the level.
 */
export const SEED_HAZARDS: readonly SeedHazard[] = [
  {
    kind: 'frost',
    names: { zh: '霜冻', en: 'Frost', es: 'Helada' },
    forecastType: 'fine-grid',
    description:
      '植株表面最低温度 ≤ 0 / −2 / −4 / −6 °C（QX/T 88 作物霜冻害；无地面最低温度时取日最低气温 −2 °C），仅在萌芽至幼果等敏感发育期',
    descriptions: {
      en: 'Plant-surface minimum ≤ 0 / −2 / −4 / −6 °C (QX/T 88 crop frost; without a ground minimum, the daily air minimum −2 °C), only in the sensitive stages from bud break to young fruit',
      es: 'Mínima en la superficie de la planta ≤ 0 / −2 / −4 / −6 °C (QX/T 88, helada en cultivos; sin mínima del suelo, la mínima diaria del aire −2 °C), solo en los estadios sensibles de la brotación al fruto joven',
    },
    conditions: [{ element: 'tmin24h', op: 'le', thresholds: [0, -2, -4, -6], offset: FROST_SURFACE_OFFSET }],
    stages: [
      { crop: 'winter-wheat', stage: 'regreening', vulnerability: 0.4 },
      { crop: 'winter-wheat', stage: 'jointing', vulnerability: 0.8 },
      { crop: 'winter-wheat', stage: 'bootingHeading', vulnerability: 1 },
      { crop: 'winter-wheat', stage: 'floweringFilling', vulnerability: 0.8 },
      { crop: 'apple', stage: 'budBreak', vulnerability: 0.6 },
      { crop: 'apple', stage: 'flowering', vulnerability: 1 },
      { crop: 'apple', stage: 'youngFruit', vulnerability: 0.9 },
      { crop: 'kiwifruit', stage: 'budBreak', vulnerability: 0.8 },
      { crop: 'kiwifruit', stage: 'leafing', vulnerability: 1 },
      { crop: 'kiwifruit', stage: 'flowering', vulnerability: 1 },
      { crop: 'tea', stage: 'budBreak', vulnerability: 1 },
      { crop: 'tea', stage: 'springFlush', vulnerability: 0.8 },
    ],
  },
  {
    kind: 'winterInjury',
    names: { zh: '冻害', en: 'Winter injury', es: 'Daño por frío invernal' },
    forecastType: 'fine-grid',
    description: '越冬期日最低气温 ≤ −5 / −8 / −11 / −14 °C（冻害，区别于生长季的霜冻），仅在休眠、越冬期',
    descriptions: {
      en: 'Daily minimum in the dormant season ≤ −5 / −8 / −11 / −14 °C (winter injury, distinct from growing-season frost), only in dormancy and overwintering',
      es: 'Mínima diaria en el reposo invernal ≤ −5 / −8 / −11 / −14 °C (daño por frío invernal, distinto de la helada del periodo de crecimiento), solo en reposo e invernada',
    },
    conditions: [{ element: 'tmin24h', op: 'le', thresholds: [-5, -8, -11, -14] }],
    stages: [
      { crop: 'winter-wheat', stage: 'emergenceTillering', vulnerability: 0.4 },
      { crop: 'winter-wheat', stage: 'overwintering', vulnerability: 0.4 },
      { crop: 'apple', stage: 'dormancy', vulnerability: 0.2 },
      { crop: 'kiwifruit', stage: 'dormancy', vulnerability: 0.6 },
      { crop: 'tea', stage: 'dormancy', vulnerability: 1 },
    ],
  },
  {
    kind: 'heat',
    names: { zh: '高温', en: 'Heat', es: 'Calor extremo' },
    forecastType: 'fine-grid',
    description: '日最高气温 ≥ 35 / 37 / 40 °C（高温预警黄、橙、红色信号的温度），不设蓝色',
    descriptions: {
      en: 'Daily maximum ≥ 35 / 37 / 40 °C (the temperatures of the yellow, orange and red heat warnings); no blue level',
      es: 'Máxima diaria ≥ 35 / 37 / 40 °C (las temperaturas de los avisos de calor amarillo, naranja y rojo); sin nivel azul',
    },
    conditions: [{ element: 'tmax24h', op: 'ge', thresholds: [null, 35, 37, 40] }],
    stages: [],
  },
  {
    kind: 'rain',
    names: { zh: '暴雨', en: 'Heavy rain', es: 'Lluvia intensa' },
    forecastType: 'fine-grid',
    description: '24 小时降水 ≥ 25 / 50 / 100 / 250 mm（GB/T 28592：大雨、暴雨、大暴雨、特大暴雨）',
    descriptions: {
      en: '24 h precipitation ≥ 25 / 50 / 100 / 250 mm (GB/T 28592: heavy rain, rainstorm, heavy and torrential rainstorm)',
      es: 'Precipitación en 24 h ≥ 25 / 50 / 100 / 250 mm (GB/T 28592: lluvia fuerte, aguacero, aguacero fuerte y torrencial)',
    },
    conditions: [{ element: 'pre24h', op: 'ge', thresholds: [25, 50, 100, 250] }],
    stages: [],
  },
  {
    kind: 'wind',
    names: { zh: '大风', en: 'High wind', es: 'Viento fuerte' },
    forecastType: 'fine-grid',
    description: '风速 ≥ 10.8 / 17.2 / 24.5 / 32.7 m/s（6、8、10、12 级风的下限）',
    descriptions: {
      en: 'Wind speed ≥ 10.8 / 17.2 / 24.5 / 32.7 m/s (lower bounds of Beaufort force 6, 8, 10, 12)',
      es: 'Viento ≥ 10,8 / 17,2 / 24,5 / 32,7 m/s (límites inferiores de las fuerzas Beaufort 6, 8, 10 y 12)',
    },
    conditions: [{ element: 'wsp', op: 'ge', thresholds: [10.8, 17.2, 24.5, 32.7] }],
    stages: [],
  },
  {
    kind: 'dryHotWind',
    names: { zh: '干热风', en: 'Dry-hot wind', es: 'Viento cálido y seco' },
    forecastType: 'fine-grid',
    description:
      '同一时次气温 ≥ 30 / 32 / 35 °C、相对湿度 ≤ 30 / 30 / 25 %、风速 ≥ 2 / 2 / 3 m/s（QX/T 82 小麦干热风轻、重度指标），不设红色',
    descriptions: {
      en: 'At the same hour temperature ≥ 30 / 32 / 35 °C, humidity ≤ 30 / 30 / 25 %, wind ≥ 2 / 2 / 3 m/s (QX/T 82 light and severe wheat dry-hot wind); no red level',
      es: 'A la misma hora temperatura ≥ 30 / 32 / 35 °C, humedad ≤ 30 / 30 / 25 %, viento ≥ 2 / 2 / 3 m/s (QX/T 82, viento cálido y seco leve y grave para el trigo); sin nivel rojo',
    },
    conditions: [
      { element: 'tmp', op: 'ge', thresholds: [30, 32, 35, null] },
      { element: 'rh', op: 'le', thresholds: [30, 30, 25, null] },
      { element: 'wsp', op: 'ge', thresholds: [2, 2, 3, null] },
    ],
    stages: [{ crop: 'winter-wheat', stage: 'floweringFilling', vulnerability: 1 }],
  },
  {
    kind: 'drought',
    names: { zh: '干旱', en: 'Drought', es: 'Sequía' },
    forecastType: 'agro',
    description: '土壤相对湿度 ≤ 60 / 50 / 40 / 30 %（GB/T 32136 农业干旱：轻旱、中旱、重旱、特旱）',
    descriptions: {
      en: 'Relative soil moisture ≤ 60 / 50 / 40 / 30 % (GB/T 32136 agricultural drought: light, moderate, severe, extreme)',
      es: 'Humedad relativa del suelo ≤ 60 / 50 / 40 / 30 % (GB/T 32136, sequía agrícola: leve, moderada, grave, extrema)',
    },
    conditions: [{ element: 'sm', op: 'le', thresholds: [60, 50, 40, 30] }],
    stages: [],
  },
];
