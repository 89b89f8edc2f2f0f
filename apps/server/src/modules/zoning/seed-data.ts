import type { FactorRule } from '@agromet/contracts';
import type { ZoningCriterion } from '@agromet/grid';
import type { Lang } from '../../core/messages.js';

/** The crops every customer starts with (editable and deletable like their own), in display order. */
export const SEED_CROPS: ReadonlyArray<{ key: string; names: Record<Lang, string> }> = [
  { key: 'winter-wheat', names: { zh: '冬小麦', en: 'Winter wheat', es: 'Trigo de invierno' } },
  { key: 'summer-maize', names: { zh: '夏玉米', en: 'Summer maize', es: 'Maíz de verano' } },
  { key: 'spring-maize', names: { zh: '春玉米', en: 'Spring maize', es: 'Maíz de primavera' } },
  { key: 'rice', names: { zh: '水稻', en: 'Rice', es: 'Arroz' } },
  { key: 'rapeseed', names: { zh: '油菜', en: 'Rapeseed', es: 'Colza' } },
  { key: 'potato', names: { zh: '马铃薯', en: 'Potato', es: 'Papa' } },
  { key: 'apple', names: { zh: '苹果', en: 'Apple', es: 'Manzano' } },
  { key: 'kiwifruit', names: { zh: '猕猴桃', en: 'Kiwifruit', es: 'Kiwi' } },
  { key: 'tea', names: { zh: '茶树', en: 'Tea', es: 'Té' } },
  { key: 'citrus', names: { zh: '柑橘', en: 'Citrus', es: 'Cítricos' } },
  { key: 'grape', names: { zh: '葡萄', en: 'Grape', es: 'Vid' } },
  { key: 'walnut', names: { zh: '核桃', en: 'Walnut', es: 'Nogal' } },
];

export interface ExampleCriterion {
  cropKey: string;
  name: string;
  description: string;
  criterion: ZoningCriterion & { factors: FactorRule[] };
}

/**
 * Tea, mainland China (Tang et al. 2021, J. Appl. Meteor. Sci.), reproduced exactly. Intervals are closed above
 * (docs/zoning.md#thresholds-of-a-factor), which is how the published table reads: "> −7.8" most suitable, "−9.2 … −7.8" suitable
 * (−7.8 itself suitable), "≤ −14.7" unsuitable; for spring frost frequency lower is better ("≤ 20" most suitable,
 * "> 43" unsuitable). Limiting-factor method: the worst factor class is the cell's class. The table's two absolute
 * limits are vetoes too (docs/zoning.md#vetoes): extreme minimum ≤ −14.7 °C (the cold limit, near the −15 °C northern
 * limit of small-leaf tea) and precipitation ≤ 650 mm; under this method they change no class, but the cell's
 * explanation names the veto, and a copy switched to the weighted method keeps them.
 */
export const TEA_EXAMPLE: ExampleCriterion = {
  cropKey: 'tea',
  name: '茶树气候适宜性区划（示例）',
  description:
    '示例指标：Tang 等（2021，应用气象学报）全国茶树气候区划指标，原表照录，限制因子法（最差等级决定区划等级）。年极端最低气温平均值、春霜冻发生频率、年平均气温、年降水量、3—9月平均相对湿度。否决条件：年极端最低气温平均值 ≤ −14.7 ℃ 或年降水量 ≤ 650 mm 为不适宜。',
  criterion: {
    method: 'limiting',
    factors: [
      { factor: 'textmin', breaks: [-14.7, -9.2, -7.8], classes: [3, 2, 1, 0], veto: { lower: -14.7 } },
      { factor: 'springFrost', breaks: [20, 27, 43], classes: [0, 1, 2, 3] },
      { factor: 'tmean', breaks: [12.4, 14.4, 15.5], classes: [3, 2, 1, 0] },
      { factor: 'precip', breaks: [650, 810, 1010], classes: [3, 2, 1, 0], veto: { lower: 650 } },
      { factor: 'rhMarSep', breaks: [67, 73, 76], classes: [3, 2, 1, 0] },
    ],
  },
};

/**
 * Kiwifruit (review figures): annual mean 10–18 °C (best 13–17), extreme minimum above −19 °C, ≥10 °C accumulated
 * temperature 3500–6000 °C·d (best 4500–5200), precipitation ≥ 800 mm (best 1000–1500), sunshine ≥ 1100 h. Weighted
 * class scores (4, 3, 2, 1) with example weights and cut points, to be adapted to the province. The review's cold
 * limit is a veto (docs/zoning.md#vetoes): a cell whose extreme minimum is −19 °C or colder is unsuitable whatever the
 * other factors score. Its 800 mm is a rain-fed requirement and stays a weighted class: Shaanxi's main kiwifruit
 * area on the Qinling's northern foot (Zhouzhi, Meixian) gets 600–700 mm and is irrigated.
 */
export const KIWIFRUIT_EXAMPLE: ExampleCriterion = {
  cropKey: 'kiwifruit',
  name: '猕猴桃气候适宜性区划（示例）',
  description:
    '示例指标（综述文献）：年平均气温 10—18 ℃（最适 13—17 ℃），年极端最低气温平均值高于 −19 ℃，≥10 ℃积温 3500—6000 ℃·d（最适 4500—5200），年降水量 ≥800 mm（最适 1000—1500），年日照 ≥1100 h；加权综合法，权重与分级临界值为示例，请按本地情况修改。否决条件：年极端最低气温平均值 ≤ −19 ℃ 为不适宜（不因其他因子得分高而改变）；年降水量 800 mm 为雨养条件，有灌溉的果园可不受此限，故未设为否决条件。',
  criterion: {
    method: 'weighted',
    factors: [
      { factor: 'tmean', breaks: [10, 13, 17, 18], classes: [3, 1, 0, 1, 3], weight: 0.3 },
      { factor: 'textmin', breaks: [-19], classes: [3, 0], weight: 0.2, veto: { lower: -19 } },
      { factor: 'acc10', breaks: [3500, 4500, 5200, 6000], classes: [3, 1, 0, 1, 3], weight: 0.2 },
      { factor: 'precip', breaks: [800, 1000, 1500], classes: [3, 1, 0, 1], weight: 0.2 },
      { factor: 'sunshine', breaks: [1100], classes: [3, 0], weight: 0.1 },
    ],
    classScores: [4, 3, 2, 1],
    cutPoints: [3.6, 3, 2.2],
  },
};

export const EXAMPLE_CRITERIA: readonly ExampleCriterion[] = [TEA_EXAMPLE, KIWIFRUIT_EXAMPLE];

/** The example criteria's name and description in English and Spanish (the stored zh text is the seed's). */
const EXAMPLE_TEXTS: Record<string, Record<'en' | 'es', { name: string; description: string }>> = {
  tea: {
    en: {
      name: 'Tea climatic suitability zoning (example)',
      description:
        'Example criterion: the national tea zoning of Tang et al. (2021, Journal of Applied Meteorological Science), table as published, limiting-factor method (the worst class decides). Mean annual extreme minimum temperature, spring frost frequency, annual mean temperature, annual precipitation, mean relative humidity of March–September. Vetoes: a mean annual extreme minimum ≤ −14.7 °C or annual precipitation ≤ 650 mm is unsuitable.',
    },
    es: {
      name: 'Zonificación climática del té (ejemplo)',
      description:
        'Criterio de ejemplo: la zonificación nacional del té de Tang et al. (2021, Journal of Applied Meteorological Science), tabla tal como se publicó, método del factor limitante (decide la peor clase). Media anual de la temperatura mínima extrema, frecuencia de heladas de primavera, temperatura media anual, precipitación anual, humedad relativa media de marzo a septiembre. Vetos: una mínima extrema media ≤ −14,7 °C o una precipitación anual ≤ 650 mm es no apta.',
    },
  },
  kiwifruit: {
    en: {
      name: 'Kiwifruit climatic suitability zoning (example)',
      description:
        'Example criterion (review literature): annual mean temperature 10–18 °C (best 13–17 °C), mean annual extreme minimum above −19 °C, ≥10 °C accumulated temperature 3500–6000 °C·d (best 4500–5200), annual precipitation ≥ 800 mm (best 1000–1500), annual sunshine ≥ 1100 h; weighted method, weights and cut points are examples to adapt to the province. Veto: a mean annual extreme minimum ≤ −19 °C is unsuitable whatever the other factors score; 800 mm is a rain-fed requirement that irrigated orchards need not meet, so it is no veto.',
    },
    es: {
      name: 'Zonificación climática del kiwi (ejemplo)',
      description:
        'Criterio de ejemplo (revisión bibliográfica): temperatura media anual 10–18 °C (óptima 13–17 °C), mínima extrema media anual por encima de −19 °C, temperatura acumulada ≥10 °C de 3500–6000 °C·d (óptima 4500–5200), precipitación anual ≥ 800 mm (óptima 1000–1500), insolación anual ≥ 1100 h; método ponderado, pesos y umbrales de ejemplo a adaptar a la provincia. Veto: una mínima extrema media ≤ −19 °C es no apta sea cual sea la puntuación de los demás factores; los 800 mm son un requisito de secano que los huertos regados no necesitan cumplir, por lo que no es veto.',
    },
  },
};

/**
 * An example criterion's name or description in `lang` while it is still the seed's (zh) text; as stored once the
 * customer changed it, and in zh.
 */
export function exampleCriterionText(field: 'name' | 'description', stored: string, lang: Lang): string {
  if (lang === 'zh') return stored;
  const seed = EXAMPLE_CRITERIA.find((c) => c[field] === stored);
  return seed ? (EXAMPLE_TEXTS[seed.cropKey]?.[lang][field] ?? stored) : stored;
}

/** What to store for a submitted name or description: the seed's zh text when it is an example's text in English or Spanish. */
export function storedExampleText(field: 'name' | 'description', submitted: string): string {
  for (const c of EXAMPLE_CRITERIA) {
    const texts = EXAMPLE_TEXTS[c.cropKey];
    if (texts && (texts.en[field] === submitted || texts.es[field] === submitted)) return c[field];
  }
  return submitted;
}
