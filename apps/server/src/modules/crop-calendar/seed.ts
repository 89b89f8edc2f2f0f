import type { CropCalendar } from '@agromet/grid';
import type { Lang } from '../../core/messages.js';

// The demo's crop calendars (docs/crop-calendar.md#shaanxi-calendars): the usual stage dates of Shaanxi's crops at a
// reference altitude and latitude, with the shift of Hopkins' bioclimatic law (4 days per degree north, 4 days per
// 400 ft ≈ 122 m, written 3.3 days per 100 m). Stage names follow the CMA agro-met observation standards (QX/T 299
// for winter wheat); the dates and the sources are in the docs.

/** Built-in stage codes with their names in the three languages (a stage entered with an empty name shows these). */
export const STAGE_NAMES: Record<string, Record<Lang, string>> = {
  sowing: { zh: '播种期', en: 'Sowing', es: 'Siembra' },
  emergenceTillering: { zh: '出苗—分蘖期', en: 'Emergence–tillering', es: 'Emergencia–ahijamiento' },
  overwintering: { zh: '越冬期', en: 'Overwintering', es: 'Invernada' },
  regreening: { zh: '返青期', en: 'Regreening', es: 'Reverdecimiento' },
  jointing: { zh: '拔节期', en: 'Jointing', es: 'Encañado' },
  bootingHeading: { zh: '孕穗—抽穗期', en: 'Booting–heading', es: 'Embuchado–espigado' },
  floweringFilling: { zh: '开花—灌浆期', en: 'Flowering–grain filling', es: 'Floración–llenado del grano' },
  maturity: { zh: '成熟期', en: 'Maturity', es: 'Madurez' },
  dormancy: { zh: '休眠期', en: 'Dormancy', es: 'Reposo invernal' },
  budBreak: { zh: '萌芽期', en: 'Bud break', es: 'Brotación' },
  leafing: { zh: '展叶—现蕾期', en: 'Leafing–budding', es: 'Foliación–botones' },
  flowering: { zh: '开花期', en: 'Flowering', es: 'Floración' },
  youngFruit: { zh: '幼果期', en: 'Young fruit', es: 'Fruto joven' },
  fruitGrowth: { zh: '果实膨大期', en: 'Fruit growth', es: 'Engorde del fruto' },
  ripening: { zh: '着色—成熟期', en: 'Colouring–ripening', es: 'Coloración–maduración' },
  leafFall: { zh: '落叶期', en: 'Leaf fall', es: 'Caída de hojas' },
  springFlush: { zh: '春梢生长—春茶采摘期', en: 'Spring flush (spring plucking)', es: 'Brotación de primavera (cosecha)' },
  summerAutumnGrowth: { zh: '夏秋梢生长期', en: 'Summer–autumn growth', es: 'Crecimiento de verano y otoño' },
};

/** Hopkins' law: 4 days per degree north and per 400 ft (121.92 m), i.e. 3.3 days per 100 m (docs/crop-calendar.md#shift). */
export const HOPKINS_DAYS_PER_DEGREE = 4;
export const HOPKINS_DAYS_PER_100M = 3.3;

export interface SeedCalendar extends CropCalendar {
  crop: string;
  source: string;
}

const hopkins = { daysPer100m: HOPKINS_DAYS_PER_100M, daysPerDegree: HOPKINS_DAYS_PER_DEGREE };
const st = (code: string, start: string, end: string) => ({ code, start, end });

/** The built-in calendars (crop seed key → stages at the reference place). */
export const SEED_CALENDARS: readonly SeedCalendar[] = [
  {
    crop: 'winter-wheat',
    // Guanzhong plain (Xi'an–Xianyang), 34.3° N, 400 m
    refLatDeg: 34.3,
    refAltitudeM: 400,
    ...hopkins,
    stages: [
      st('sowing', '10-05', '10-14'),
      st('emergenceTillering', '10-15', '11-30'),
      st('overwintering', '12-01', '02-10'),
      st('regreening', '02-11', '03-05'),
      st('jointing', '03-06', '04-05'),
      st('bootingHeading', '04-06', '04-25'),
      st('floweringFilling', '04-26', '05-25'),
      st('maturity', '05-26', '06-10'),
    ],
    source: '关中平原常年发育期；发育期名称依 QX/T 299-2015《农业气象观测规范 冬小麦》',
  },
  {
    crop: 'apple',
    // Weibei apple belt (Baishui–Luochuan), 35.3° N, 850 m: first flowers around 1–5 April
    refLatDeg: 35.3,
    refAltitudeM: 850,
    ...hopkins,
    stages: [
      st('dormancy', '11-16', '03-10'),
      st('budBreak', '03-11', '03-31'),
      st('flowering', '04-01', '04-20'),
      st('youngFruit', '04-21', '05-31'),
      st('fruitGrowth', '06-01', '08-31'),
      st('ripening', '09-01', '10-31'),
      st('leafFall', '11-01', '11-15'),
    ],
    source: '渭北果区初花期 4 月上旬（陕西省经济作物气象服务台；张维敏、刘璐 2015，陕西农业科学 61(7)）',
  },
  {
    crop: 'kiwifruit',
    // North foot of the Qinling (Zhouzhi–Meixian), 34.1° N, 450 m
    refLatDeg: 34.1,
    refAltitudeM: 450,
    ...hopkins,
    stages: [
      st('dormancy', '12-01', '02-28'),
      st('budBreak', '03-01', '03-25'),
      st('leafing', '03-26', '04-30'),
      st('flowering', '05-01', '05-20'),
      st('fruitGrowth', '05-21', '08-31'),
      st('ripening', '09-01', '10-31'),
      st('leafFall', '11-01', '11-30'),
    ],
    source: '秦岭北麓（周至、眉县）猕猴桃常年物候',
  },
  {
    crop: 'tea',
    // South Shaanxi tea area (Xixiang–Ziyang), 33.0° N, 500 m
    refLatDeg: 33.0,
    refAltitudeM: 500,
    ...hopkins,
    stages: [
      st('dormancy', '11-01', '02-28'),
      st('budBreak', '03-01', '03-20'),
      st('springFlush', '03-21', '05-31'),
      st('summerAutumnGrowth', '06-01', '10-31'),
    ],
    source: '陕南茶区（西乡、紫阳）常年物候；春茶萌芽期霜冻依 QX/T 410-2017《茶树霜冻害等级》',
  },
];
