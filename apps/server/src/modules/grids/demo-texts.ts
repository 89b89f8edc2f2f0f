import type { Db } from '../../core/db/index.js';
import { demoFrontArrival, latestBaseTime } from './demo-fields.js';

// The dated words of the demo's texts (DEMO=1, docs/grids.md#demo-data): the weekly bulletin and the WeChat reminder are
// written on the day the demo starts, about the week before it and the cold front of the demo's own forecast, so that
// no text forecasts a day already past. Dates are Beijing calendar days, as the office writes them.

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const BEIJING = 8 * HOUR;

/** Xi'an's latitude: when the demo front reaches it, the cold spell reaches Guanzhong. */
const GUANZHONG_LAT = 34.3;

/** A Beijing calendar day: year, month (1–12) and day of an instant. */
export interface CalendarDay {
  year: number;
  month: number;
  day: number;
}

export function beijingDay(at: Date): CalendarDay {
  const d = new Date(at.getTime() + BEIJING);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

/** "11 月 25 日", as the bulletins write a date. */
const monthDay = (d: CalendarDay) => `${d.month} 月 ${d.day} 日`;

/** "11 月 17 日—23 日", or "11 月 28 日—12 月 4 日" across a month's end. */
function span(from: CalendarDay, to: CalendarDay): string {
  return from.month === to.month ? `${monthDay(from)}—${to.day} 日` : `${monthDay(from)}—${monthDay(to)}`;
}

/** The dates the demo's texts are written about, from the day they are issued and the run of the demo forecast. */
export interface DemoCalendar {
  /** The day the texts are issued (the demo's start). */
  issued: CalendarDay;
  /** The past week: the seven days before the issue day. */
  weekFrom: CalendarDay;
  weekTo: CalendarDay;
  /** The day the run's cold front reaches Guanzhong: the cold spell the texts forecast. */
  coldSpell: CalendarDay;
  /** The year of the latest autumn sowing (the issue year from September, else the year before). */
  sowingYear: number;
}

export function demoCalendar(issue: Date, run: Date): DemoCalendar {
  const issued = beijingDay(issue);
  return {
    issued,
    weekFrom: beijingDay(new Date(issue.getTime() - 7 * DAY)),
    weekTo: beijingDay(new Date(issue.getTime() - DAY)),
    coldSpell: beijingDay(demoFrontArrival(run, GUANZHONG_LAT)),
    sowingYear: issued.month >= 9 ? issued.year : issued.year - 1,
  };
}

/**
 * The season of a day in Guanzhong, by the climatological seasons of QX/T 152-2012 (winter while the 5-day mean
 * temperature stays below 10 °C, summer at or above 22 °C, spring and autumn between), whose dates at Xi'an fall
 * about 16 March (spring), 21 May (summer), 11 September (autumn) and 16 November (winter) (docs/articles.md#demo).
 */
export type Season = 'spring' | 'summer' | 'autumn' | 'winter';

const SEASON_STARTS: ReadonlyArray<readonly [month: number, day: number, season: Season]> = [
  [3, 16, 'spring'],
  [5, 21, 'summer'],
  [9, 11, 'autumn'],
  [11, 16, 'winter'],
];

export function seasonOf(d: CalendarDay): Season {
  let season: Season = 'winter';
  for (const [month, day, s] of SEASON_STARTS) if (d.month > month || (d.month === month && d.day >= day)) season = s;
  return season;
}

/**
 * Monthly mean temperature normals (°C, about 1991–2020) of the three regions' reference stations, January first:
 * Yulin (northern Shaanxi), Xi'an (Guanzhong), Hanzhong (southern Shaanxi). The past week's figures are the issue
 * month's normal plus the bulletin's anomaly.
 */
const MONTHLY_NORMALS: Record<'north' | 'guanzhong' | 'south', readonly number[]> = {
  north: [-8.1, -3.7, 3.3, 11.2, 17.8, 22.0, 23.8, 21.8, 16.3, 9.5, 1.5, -5.6],
  guanzhong: [0.4, 3.8, 9.6, 15.9, 21.0, 25.7, 27.4, 26.0, 20.8, 14.6, 7.4, 1.8],
  south: [2.6, 5.0, 9.7, 15.4, 19.8, 23.6, 25.6, 25.2, 20.9, 15.7, 9.7, 4.2],
};
const ANOMALY = { north: 1.0, guanzhong: 1.4, south: 1.1 };
/** The past week's rain (mm) per region and season: a dry week for the season. */
const WEEK_RAIN: Record<Season, { north: number; guanzhong: number; south: number }> = {
  winter: { north: 0, guanzhong: 0.6, south: 5.2 },
  spring: { north: 1.2, guanzhong: 4.5, south: 9.8 },
  summer: { north: 8.4, guanzhong: 12.6, south: 21.3 },
  autumn: { north: 2.1, guanzhong: 6.3, south: 14.7 },
};

type BulletinLang = 'zh' | 'en' | 'es';

const MONTHS = {
  en: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
  es: ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'],
};

/** A day as the bulletin writes it in its language: "11 月 25 日", "25 November", "25 de noviembre". */
function dayIn(lang: BulletinLang, d: CalendarDay): string {
  if (lang === 'zh') return monthDay(d);
  return lang === 'en' ? `${d.day} ${MONTHS.en[d.month - 1]}` : `${d.day} de ${MONTHS.es[d.month - 1]}`;
}

/** The past week as a span: "11 月 17 日—23 日", "17–23 November" (months named when they differ). */
function spanIn(lang: BulletinLang, from: CalendarDay, to: CalendarDay): string {
  if (lang === 'zh') return span(from, to);
  if (from.month === to.month) return lang === 'en' ? `${from.day}–${dayIn(lang, to)}` : `del ${from.day} al ${dayIn(lang, to)}`;
  return lang === 'en' ? `${dayIn(lang, from)} – ${dayIn(lang, to)}` : `del ${dayIn(lang, from)} al ${dayIn(lang, to)}`;
}

const fixed = (v: number) => v.toFixed(1);
const signed = (v: number) => `${v >= 0 ? '+' : ''}${v.toFixed(1)}`;

/** What the bulletin says of each season, in each language (the cold front of the demo's run in its season's words). */
interface SeasonWords {
  title: string;
  rainWords: string;
  impact: string;
  /** The forecast sentence; {date} is the day the front reaches Guanzhong. */
  forecast: string;
  advice: readonly string[];
  /** The summary; {date} as in forecast. */
  summary: string;
  reminder: string;
  special: (year: number) => string;
}

const WORDS: Record<BulletinLang, Record<Season, SeasonWords>> = {
  zh: {
    winter: {
      title: '冬小麦越冬期墒情偏差，关中旱地宜适时冬灌',
      rainWords: '关中、陕北大部无降水，陕南降水偏少五成以上',
      impact: '气温偏高利于冬小麦和油菜安全越冬，但关中东部土壤墒情持续下降，部分旱地 0～20 厘米土壤相对湿度已低于 60%。',
      forecast: '预计 {date}前后有一次寒潮天气过程，自北向南影响我省，关中、陕北降温 6～8℃，并伴有 4～5 级偏北风；陕南有小雨或雨夹雪。',
      advice: [
        '关中旱地麦田适时冬灌，避开降温时段。',
        '设施农业加强保温，防范寒潮降温和大风的不利影响。',
        '果园、茶园做好树干涂白和覆盖防冻。',
      ],
      summary: '气温偏高、降水偏少；预计 {date}前后寒潮降温，注意越冬作物防冻。',
      reminder: '【农事提醒】预计 {date}前后关中地区有一次寒潮降温过程，最低气温降至 -5 ℃ 左右，请及时做好越冬作物和设施农业的防冻措施。',
      special: (year) => `${year} 年秋播作物越冬期苗情气象条件分析`,
    },
    spring: {
      title: '冬小麦拔节期墒情偏差，注意防范晚霜冻',
      rainWords: '关中、陕北降水偏少五成以上，陕南接近常年',
      impact: '气温偏高，冬小麦进入拔节期，果树陆续开花，茶树春梢萌发，对低温敏感；关中东部旱地墒情偏差。',
      forecast: '预计 {date}前后有一次冷空气过程，关中、陕北降温 6～8℃，部分地区最低气温降至 0℃ 以下，可能出现晚霜冻；陕南有小雨。',
      advice: ['果园、茶园提前准备熏烟、喷灌等防霜冻措施。', '关中旱地麦田适时春灌，追施拔节肥。', '设施农业注意通风与保温的调节。'],
      summary: '气温偏高、降水偏少；预计 {date}前后冷空气降温，注意防范晚霜冻。',
      reminder:
        '【农事提醒】预计 {date}前后关中地区有一次降温过程，最低气温降至 0 ℃ 左右，可能出现晚霜冻，请及时做好果树花期和茶园的防霜冻措施。',
      special: (year) => `${year} 年春季果树花期霜冻气象条件分析`,
    },
    summer: {
      title: '关中高温少雨，注意防范高温热害和伏旱',
      rainWords: '陕北、关中降水偏少五成以上，陕南降水偏少二至三成',
      impact: '持续高温少雨，关中春玉米、夏玉米和果树受高温热害影响，旱地土壤墒情下降。',
      forecast: '预计 {date}前后冷空气与暖湿气流交汇，我省自北向南有一次明显降雨过程，关中、陕南有中到大雨，局地暴雨，高温天气结束。',
      advice: [
        '抓住降雨前后时机补灌和追肥，缓解伏旱。',
        '防范强降雨引发的山洪、滑坡等次生灾害，陕南注意田间排涝。',
        '果园注意防范冰雹和大风。',
      ],
      summary: '高温少雨；预计 {date}前后明显降雨，高温缓解，注意防范强降雨。',
      reminder: '【农事提醒】预计 {date}前后关中、陕南有一次明显降雨过程，高温天气将结束，请抓住时机补灌追肥，并防范强降雨和冰雹。',
      special: (year) => `${year} 年夏季高温干旱对秋粮作物影响分析`,
    },
    autumn: {
      title: '秋收秋播有利，陕北注意防范初霜冻',
      rainWords: '陕北、关中降水偏少五成以上，陕南降水偏少二至三成',
      impact: '天气晴好利于秋收和冬小麦播种，但关中东部土壤墒情下降，不利于冬小麦出苗。',
      forecast: '预计 {date}前后有一次冷空气过程，关中、陕北降温 6～8℃，陕北北部最低气温降至 0℃ 以下，可能出现初霜冻；陕南有小雨。',
      advice: ['抓住晴好天气抢收晾晒秋粮。', '关中适墒播种冬小麦，墒情不足时先造墒后播种。', '陕北露地蔬菜和晚熟作物做好防霜冻准备。'],
      summary: '气温偏高、降水偏少；预计 {date}前后冷空气降温，陕北注意防范初霜冻。',
      reminder: '【农事提醒】预计 {date}前后有一次冷空气降温过程，陕北北部可能出现初霜冻，请及时收获晚熟作物并做好防霜冻措施。',
      special: (year) => `${year} 年秋播作物播种出苗期气象条件分析`,
    },
  },
  en: {
    winter: {
      title: 'Winter wheat overwintering on dry soil: winter irrigation advised for Guanzhong dry land',
      rainWords: 'no rain over most of Guanzhong and northern Shaanxi, and over 50 % less than usual in southern Shaanxi',
      impact:
        'The warmth helps winter wheat and rapeseed overwinter safely, but soil moisture keeps falling in eastern Guanzhong, where parts of the dry land are below 60 % relative moisture at 0–20 cm.',
      forecast:
        'A cold wave is expected around {date}, moving from north to south: temperatures will fall 6–8 °C in Guanzhong and northern Shaanxi with force 4–5 northerly winds, and light rain or sleet will fall in southern Shaanxi.',
      advice: [
        'Irrigate Guanzhong dry-land wheat in good time, avoiding the cold days.',
        'Keep greenhouses warm against the cold wave and strong wind.',
        'Whitewash and cover orchard and tea trees against freezing.',
      ],
      summary: 'Warmer and drier than usual; a cold wave is expected around {date}: protect overwintering crops from freezing.',
      reminder:
        '[Farm reminder] A cold wave is expected in Guanzhong around {date}, with minimum temperatures near -5 °C: protect overwintering crops and greenhouses from freezing.',
      special: (year) => `Overwintering condition of the ${year} autumn-sown crops: weather analysis`,
    },
    spring: {
      title: 'Winter wheat jointing on dry soil: beware of late frost',
      rainWords: 'over 50 % less rain than usual in Guanzhong and northern Shaanxi, near normal in southern Shaanxi',
      impact:
        'Warmer than usual: winter wheat is jointing, fruit trees are flowering and tea buds are breaking, all sensitive to cold; dry land in eastern Guanzhong is short of moisture.',
      forecast:
        'A cold spell is expected around {date}: temperatures will fall 6–8 °C in Guanzhong and northern Shaanxi, minimum temperatures will drop below 0 °C in places and late frost is likely; light rain in southern Shaanxi.',
      advice: [
        'Prepare smudging or sprinkling against frost in orchards and tea gardens.',
        'Irrigate Guanzhong dry-land wheat and top-dress it for jointing.',
        'Balance ventilation and warmth in greenhouses.',
      ],
      summary: 'Warmer and drier than usual; a cold spell is expected around {date}: beware of late frost.',
      reminder:
        '[Farm reminder] Temperatures are expected to fall in Guanzhong around {date}, with minimums near 0 °C and late frost likely: protect flowering orchards and tea gardens.',
      special: (year) => `Frost during fruit-tree flowering in spring ${year}: weather analysis`,
    },
    summer: {
      title: 'Heat and drought in Guanzhong: beware of heat injury and summer drought',
      rainWords: 'over 50 % less rain than usual in northern Shaanxi and Guanzhong, 20–30 % less in southern Shaanxi',
      impact: 'Lasting heat and little rain: maize and fruit trees in Guanzhong suffer heat injury, and dry-land soil moisture is falling.',
      forecast:
        'A cold front meeting warm moist air is expected to bring widespread rain around {date}, moderate to heavy in Guanzhong and southern Shaanxi with local downpours, ending the heat.',
      advice: [
        'Irrigate and top-dress around the rain to relieve the drought.',
        'Beware of flash floods and landslides after heavy rain; drain fields in southern Shaanxi.',
        'Protect orchards from hail and strong wind.',
      ],
      summary: 'Hot and dry; widespread rain is expected around {date}, ending the heat: beware of heavy rain.',
      reminder:
        '[Farm reminder] Widespread rain is expected in Guanzhong and southern Shaanxi around {date}, ending the heat: irrigate and top-dress in time, and beware of heavy rain and hail.',
      special: (year) => `Effects of the summer ${year} heat and drought on autumn grain crops`,
    },
    autumn: {
      title: 'Good harvest and sowing weather; beware of first frost in northern Shaanxi',
      rainWords: 'over 50 % less rain than usual in northern Shaanxi and Guanzhong, 20–30 % less in southern Shaanxi',
      impact:
        'Fine weather helps the harvest and the sowing of winter wheat, but soil moisture is falling in eastern Guanzhong, which slows emergence.',
      forecast:
        'A cold spell is expected around {date}: temperatures will fall 6–8 °C in Guanzhong and northern Shaanxi, minimums will drop below 0 °C in the far north and first frost is likely; light rain in southern Shaanxi.',
      advice: [
        'Harvest and dry the autumn grain while the weather is fine.',
        'Sow winter wheat in Guanzhong on moist soil; irrigate first where it is dry.',
        'Prepare frost protection for open-field vegetables and late crops in northern Shaanxi.',
      ],
      summary: 'Warmer and drier than usual; a cold spell is expected around {date}: beware of first frost in northern Shaanxi.',
      reminder:
        '[Farm reminder] A cold spell is expected around {date}, with first frost likely in the far north of Shaanxi: harvest late crops and protect them from frost.',
      special: (year) => `Sowing and emergence of the ${year} autumn-sown crops: weather analysis`,
    },
  },
  es: {
    winter: {
      title: 'Trigo de invierno en reposo invernal con poca humedad: riego de invierno en el secano de Guanzhong',
      rainWords: 'sin lluvia en la mayor parte de Guanzhong y del norte de Shaanxi, y más de un 50 % por debajo de lo normal en el sur',
      impact:
        'El calor favorece la invernada del trigo y la colza, pero la humedad del suelo sigue bajando en el este de Guanzhong, con partes del secano por debajo del 60 % de humedad relativa a 0–20 cm.',
      forecast:
        'Se espera una ola de frío hacia el {date}, de norte a sur: las temperaturas bajarán de 6 a 8 °C en Guanzhong y el norte de Shaanxi con viento del norte de fuerza 4–5, y habrá lluvia débil o aguanieve en el sur.',
      advice: [
        'Regar a tiempo el trigo de secano de Guanzhong, evitando los días fríos.',
        'Mantener el calor en los invernaderos ante la ola de frío y el viento.',
        'Encalar y cubrir frutales y té contra la congelación.',
      ],
      summary:
        'Más cálido y seco de lo normal; se espera una ola de frío hacia el {date}: proteger los cultivos de invierno de la congelación.',
      reminder:
        '[Aviso agrícola] Se espera una ola de frío en Guanzhong hacia el {date}, con mínimas cerca de -5 °C: proteja los cultivos de invierno y los invernaderos de la congelación.',
      special: (year) => `Estado invernal de los cultivos sembrados en otoño de ${year}: análisis meteorológico`,
    },
    spring: {
      title: 'Trigo de invierno en encañado con poca humedad: atención a las heladas tardías',
      rainWords: 'más de un 50 % menos de lluvia de lo normal en Guanzhong y el norte de Shaanxi, normal en el sur',
      impact:
        'Más cálido de lo normal: el trigo está en encañado, los frutales en flor y el té brotando, todos sensibles al frío; el secano del este de Guanzhong tiene poca humedad.',
      forecast:
        'Se espera una irrupción de aire frío hacia el {date}: las temperaturas bajarán de 6 a 8 °C en Guanzhong y el norte de Shaanxi, con mínimas bajo 0 °C en algunos lugares y probable helada tardía; lluvia débil en el sur.',
      advice: [
        'Preparar humo o aspersión contra las heladas en frutales y plantaciones de té.',
        'Regar el trigo de secano de Guanzhong y abonarlo para el encañado.',
        'Equilibrar ventilación y calor en los invernaderos.',
      ],
      summary: 'Más cálido y seco de lo normal; se espera una irrupción de aire frío hacia el {date}: atención a las heladas tardías.',
      reminder:
        '[Aviso agrícola] Se espera un descenso de temperaturas en Guanzhong hacia el {date}, con mínimas cerca de 0 °C y probable helada tardía: proteja frutales en flor y plantaciones de té.',
      special: (year) => `Heladas en la floración de los frutales en la primavera de ${year}: análisis meteorológico`,
    },
    summer: {
      title: 'Calor y sequía en Guanzhong: atención al daño por calor y a la sequía estival',
      rainWords: 'más de un 50 % menos de lluvia de lo normal en el norte de Shaanxi y Guanzhong, un 20–30 % menos en el sur',
      impact: 'Calor persistente y poca lluvia: el maíz y los frutales de Guanzhong sufren daño por calor y baja la humedad del secano.',
      forecast:
        'Se espera que un frente frío, al encontrarse con aire cálido y húmedo, traiga lluvias generalizadas hacia el {date}, de moderadas a fuertes en Guanzhong y el sur de Shaanxi, con aguaceros locales, que pondrán fin al calor.',
      advice: [
        'Regar y abonar en torno a la lluvia para aliviar la sequía.',
        'Atención a crecidas y deslizamientos tras las lluvias fuertes; drenar los campos del sur.',
        'Proteger los frutales del granizo y del viento.',
      ],
      summary: 'Calor y sequía; se esperan lluvias generalizadas hacia el {date} que pondrán fin al calor: atención a las lluvias fuertes.',
      reminder:
        '[Aviso agrícola] Se esperan lluvias generalizadas en Guanzhong y el sur de Shaanxi hacia el {date}, que pondrán fin al calor: riegue y abone a tiempo y atención a las lluvias fuertes y al granizo.',
      special: (year) => `Efectos del calor y la sequía del verano de ${year} en los cereales de otoño`,
    },
    autumn: {
      title: 'Buen tiempo para la cosecha y la siembra; atención a la primera helada en el norte',
      rainWords: 'más de un 50 % menos de lluvia de lo normal en el norte de Shaanxi y Guanzhong, un 20–30 % menos en el sur',
      impact:
        'El buen tiempo favorece la cosecha y la siembra del trigo de invierno, pero baja la humedad del suelo en el este de Guanzhong, lo que retrasa la emergencia.',
      forecast:
        'Se espera una irrupción de aire frío hacia el {date}: las temperaturas bajarán de 6 a 8 °C en Guanzhong y el norte de Shaanxi, con mínimas bajo 0 °C en el extremo norte y probable primera helada; lluvia débil en el sur.',
      advice: [
        'Cosechar y secar el grano de otoño mientras dure el buen tiempo.',
        'Sembrar el trigo de Guanzhong con el suelo húmedo; regar antes donde esté seco.',
        'Preparar la protección contra heladas de hortalizas y cultivos tardíos del norte.',
      ],
      summary:
        'Más cálido y seco de lo normal; se espera una irrupción de aire frío hacia el {date}: atención a la primera helada en el norte.',
      reminder:
        '[Aviso agrícola] Se espera una irrupción de aire frío hacia el {date}, con probable primera helada en el extremo norte de Shaanxi: coseche los cultivos tardíos y protéjalos de la helada.',
      special: (year) => `Siembra y emergencia de los cultivos de otoño de ${year}: análisis meteorológico`,
    },
  },
};

const HEADINGS: Record<
  BulletinLang,
  { facts: string; impact: string; forecast: string; advice: string; table: readonly string[]; regions: readonly string[] }
> = {
  zh: {
    facts: '一、天气实况',
    impact: '二、农业气象影响',
    forecast: '三、未来一周天气预报',
    advice: '四、农事建议',
    table: ['区域', '平均气温（℃）', '距平（℃）', '降水量（毫米）'],
    regions: ['陕北', '关中', '陕南'],
  },
  en: {
    facts: '1. Weather of the past week',
    impact: '2. Effects on agriculture',
    forecast: '3. Forecast for the coming week',
    advice: '4. Advice',
    table: ['Region', 'Mean temperature (°C)', 'Anomaly (°C)', 'Precipitation (mm)'],
    regions: ['Northern Shaanxi', 'Guanzhong', 'Southern Shaanxi'],
  },
  es: {
    facts: '1. Tiempo de la semana pasada',
    impact: '2. Efectos en la agricultura',
    forecast: '3. Previsión para la próxima semana',
    advice: '4. Recomendaciones',
    table: ['Región', 'Temperatura media (°C)', 'Anomalía (°C)', 'Precipitación (mm)'],
    regions: ['Norte de Shaanxi', 'Guanzhong', 'Sur de Shaanxi'],
  },
};

/** The forecast day as the summary writes it: in zh the day alone within the issue month, with its month across a month's end. */
function summaryDay(lang: BulletinLang, c: DemoCalendar): string {
  if (lang !== 'zh') return dayIn(lang, c.coldSpell);
  return c.coldSpell.month === c.issued.month ? `${c.coldSpell.day} 日` : monthDay(c.coldSpell);
}

/**
 * The texts of the demo's weekly bulletin in a language (the figure, the library's map product, goes in its place in
 * the body): the past week's weather from the normals of the issue month, and the cold front of the demo's run in the
 * words of the issue day's season (a cold wave in winter, late frost in spring, rain ending the heat in summer, first
 * frost in autumn).
 */
export function demoBulletin(c: DemoCalendar, figure: string, lang: BulletinLang = 'zh'): { title: string; summary: string; body: string } {
  const season = seasonOf(c.issued);
  const w = WORDS[lang][season];
  const h = HEADINGS[lang];
  const month = c.weekTo.month - 1;
  const regions = (['north', 'guanzhong', 'south'] as const).map((r) => ({
    t: MONTHLY_NORMALS[r][month]! + ANOMALY[r],
    anomaly: ANOMALY[r],
    rain: WEEK_RAIN[season][r],
  }));
  const mean = regions.reduce((sum, r) => sum + r.t, 0) / 3;
  const meanAnomaly = regions.reduce((sum, r) => sum + r.anomaly, 0) / 3;
  const facts = {
    zh: `过去一周（${spanIn(lang, c.weekFrom, c.weekTo)}），全省平均气温 ${fixed(mean)}℃，较常年同期偏高 ${fixed(meanAnomaly)}℃；${w.rainWords}。`,
    en: `In the past week (${spanIn(lang, c.weekFrom, c.weekTo)}) the province's mean temperature was ${fixed(mean)} °C, ${fixed(meanAnomaly)} °C above normal for the time of year, with ${w.rainWords}.`,
    es: `En la semana pasada (${spanIn(lang, c.weekFrom, c.weekTo)}) la temperatura media de la provincia fue de ${fixed(mean)} °C, ${fixed(meanAnomaly)} °C por encima de lo normal para la época, con ${w.rainWords}.`,
  }[lang];
  const body =
    `<h2>${h.facts}</h2>` +
    `<p>${facts}</p>` +
    `<table><tbody><tr>${h.table.map((x) => `<th>${x}</th>`).join('')}</tr>` +
    regions
      .map((r, k) => `<tr><td>${h.regions[k]}</td><td>${fixed(r.t)}</td><td>${signed(r.anomaly)}</td><td>${fixed(r.rain)}</td></tr>`)
      .join('') +
    '</tbody></table>' +
    `<h2>${h.impact}</h2>` +
    `<p>${w.impact}</p>` +
    `<h2>${h.forecast}</h2>` +
    `<p>${w.forecast.replace('{date}', dayIn(lang, c.coldSpell))}</p>` +
    figure +
    `<h2>${h.advice}</h2>` +
    `<ol>${w.advice.map((a) => `<li><p>${a}</p></li>`).join('')}</ol>`;
  return { title: w.title, summary: w.summary.replace('{date}', summaryDay(lang, c)), body };
}

/** The title of the demo's draft special report: the season's subject. */
export const demoSpecialTitle = (c: DemoCalendar, lang: BulletinLang = 'zh') => {
  const season = seasonOf(c.issued);
  // The winter's overwintering crops were sown the autumn before (from January to mid-March: the year before).
  const year = season === 'winter' ? c.sowingYear : c.issued.year;
  return WORDS[lang][season].special(year);
};

/** The demo's sent WeChat reminder: the same cold front, from the day it was sent, in its season's words. */
export const demoReminder = (c: DemoCalendar, lang: BulletinLang = 'zh') =>
  WORDS[lang][seasonOf(c.issued)].reminder.replace('{date}', dayIn(lang, c.coldSpell));

/**
 * The base time of the customer's newest forecast run (of its temperature) when it is the demo's of the day (made at
 * most a day before the run the demo would make now), else that run of now: the texts never forecast a stale run's days.
 */
export async function demoRun(db: Db, customerId: number, now: Date): Promise<Date> {
  const current = latestBaseTime(now);
  const row = await db
    .selectFrom('grid')
    .innerJoin('factor', 'factor.id', 'grid.factor_id')
    .select('grid.base_time')
    .where('grid.customer_id', '=', customerId)
    .where('factor.code', '=', 'tmp')
    .orderBy('grid.base_time', 'desc')
    .limit(1)
    .executeTakeFirst();
  const stored = row ? Date.parse(row.base_time) : Number.NaN;
  return stored >= current.getTime() - DAY && stored <= current.getTime() ? new Date(stored) : current;
}
