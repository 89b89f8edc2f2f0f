import type { Lang } from '../../core/messages.js';

// The kinds of document a customer starts with (docs/articles.md#kinds), in the language of whoever first opens the
// page; after that they are the customer's own data, renamed and re-templated on the page. Templates follow the usual
// order of an agro-met bulletin: recent weather, its effect on crops, the forecast, farming advice.

interface KindSeed {
  name: string;
  series: string;
  template: string;
}

const h = (s: string) => `<h2>${s}</h2>`;
const p = (s: string) => `<p>${s}</p>`;

const zh: KindSeed[] = [
  {
    name: '农业气象周报',
    series: '农业气象周报',
    template:
      p('{unit}　{date}') +
      h('一、天气实况') +
      p('过去一周（截至 {date}），全省平均气温……，降水量……。') +
      h('二、农业气象影响') +
      p('……') +
      h('三、未来一周天气预报') +
      p('……') +
      h('四、农事建议') +
      '<ul><li><p>……</p></li></ul>',
  },
  {
    name: '专题服务材料',
    series: '农业气象专题服务',
    template: p('{year} 年第 {issueNumber} 期　{unit}') + h('一、背景') + p('……') + h('二、分析') + p('……') + h('三、建议') + p('……'),
  },
  {
    name: '决策服务快报',
    series: '决策服务快报',
    template: h('要点') + '<ol><li><p>……</p></li></ol>' + h('详细情况') + p('……') + h('对策建议') + p('……'),
  },
  {
    name: '农业气象灾害预警',
    series: '农业气象灾害预警',
    template: h('预警信息') + p('{unit} {date} 发布：……') + h('可能影响') + p('……') + h('防御指南') + '<ul><li><p>……</p></li></ul>',
  },
];

const en: KindSeed[] = [
  {
    name: 'Weekly agro-met bulletin',
    series: 'Agro-met Weekly',
    template:
      p('{unit}, {date}') +
      h('1. Recent weather') +
      p('In the week to {date}, the mean temperature …, precipitation ….') +
      h('2. Effects on crops') +
      p('…') +
      h("3. Next week's forecast") +
      p('…') +
      h('4. Farming advice') +
      '<ul><li><p>…</p></li></ul>',
  },
  {
    name: 'Special report',
    series: 'Agro-met Special Report',
    template: p('No. {issueNumber}, {year}, {unit}') + h('1. Background') + p('…') + h('2. Analysis') + p('…') + h('3. Advice') + p('…'),
  },
  {
    name: 'Decision briefing',
    series: 'Decision Briefing',
    template: h('Key points') + '<ol><li><p>…</p></li></ol>' + h('Details') + p('…') + h('Recommended measures') + p('…'),
  },
  {
    name: 'Warning note',
    series: 'Agro-met Hazard Warning',
    template:
      h('Warning') + p('{unit}, issued {date}: …') + h('Possible effects') + p('…') + h('What to do') + '<ul><li><p>…</p></li></ul>',
  },
];

const es: KindSeed[] = [
  {
    name: 'Boletín agrometeorológico semanal',
    series: 'Boletín Agrometeorológico Semanal',
    template:
      p('{unit}, {date}') +
      h('1. Tiempo reciente') +
      p('En la semana hasta el {date}, la temperatura media …, la precipitación ….') +
      h('2. Efectos en los cultivos') +
      p('…') +
      h('3. Pronóstico de la próxima semana') +
      p('…') +
      h('4. Consejos agrícolas') +
      '<ul><li><p>…</p></li></ul>',
  },
  {
    name: 'Informe especial',
    series: 'Informe Agrometeorológico Especial',
    template:
      p('N.º {issueNumber}, {year}, {unit}') + h('1. Antecedentes') + p('…') + h('2. Análisis') + p('…') + h('3. Consejos') + p('…'),
  },
  {
    name: 'Nota para la toma de decisiones',
    series: 'Nota de Decisión',
    template: h('Puntos clave') + '<ol><li><p>…</p></li></ol>' + h('Detalles') + p('…') + h('Medidas recomendadas') + p('…'),
  },
  {
    name: 'Nota de aviso',
    series: 'Aviso de Riesgo Agrometeorológico',
    template:
      h('Aviso') + p('{unit}, emitido el {date}: …') + h('Posibles efectos') + p('…') + h('Qué hacer') + '<ul><li><p>…</p></li></ul>',
  },
];

export const DEFAULT_KINDS: Record<Lang, KindSeed[]> = { zh, en, es };

const LANGS: Lang[] = ['zh', 'en', 'es'];

/** The default kind and language whose `field` is `stored` (a seed's text in any language), or undefined. */
function seedOf(field: keyof KindSeed, stored: string): { index: number; lang: Lang } | undefined {
  for (const lang of LANGS) {
    const index = DEFAULT_KINDS[lang].findIndex((k) => k[field] === stored);
    if (index >= 0) return { index, lang };
  }
  return undefined;
}

/** A kind's text as read in `lang`: a default kind's name, series or template in the reader's language while it is still a seed's (in any language); as stored once the customer changed it. */
export function kindTextIn(field: keyof KindSeed, stored: string, lang: Lang): string {
  const seed = seedOf(field, stored);
  return seed ? DEFAULT_KINDS[lang][seed.index]![field] : stored;
}

/** A kind as read in `lang` (docs/articles.md#kinds). */
export function kindIn<T extends KindSeed>(kind: T, lang: Lang): T {
  return {
    ...kind,
    name: kindTextIn('name', kind.name, lang),
    series: kindTextIn('series', kind.series, lang),
    template: kindTextIn('template', kind.template, lang),
  };
}

/**
 * The language of a document made from `template` (the kind's template as read), for the words the server fills in
 * (the date): a default template's own; Chinese when the template holds Chinese; else the reader's.
 */
export function templateLanguage(template: string, lang: Lang): Lang {
  const seed = seedOf('template', template);
  if (seed) return seed.lang;
  return /\p{Script=Han}/u.test(template.replace(/<[^>]*>/g, '')) ? 'zh' : lang;
}
