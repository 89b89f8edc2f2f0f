/**
 * The weather-phenomenon code of a forecast cell (element `wp`), as China's city and grid forecasts number them:
 * 0 sunny, 1 cloudy, 2 overcast, 3–17 and 19, 21–28 precipitation, 18 fog, 20 and 29–31 dust, 53 haze. A code is a
 * class, not a quantity: it is drawn cell by cell (never interpolated or contoured) and named, not averaged.
 */

/** Elements whose values are classes (codes): drawn only as cells, with a legend of names. */
export const CATEGORY_FACTORS: readonly string[] = ['wp'];

export function isCategoryFactor(code: string | undefined): boolean {
  return code !== undefined && CATEGORY_FACTORS.includes(code);
}

export interface WeatherCodeDef {
  code: number;
  /** Its name in the console's languages (zh is the national wording). */
  names: { zh: string; en: string; es: string };
  color: string;
  /** Whether the phenomenon is precipitation (rain, snow, sleet, freezing rain, hail). */
  precipitation: boolean;
}

const w = (code: number, zh: string, en: string, es: string, color: string, precipitation = false): WeatherCodeDef => ({
  code,
  names: { zh, en, es },
  color,
  precipitation,
});

export const WEATHER_CODES: readonly WeatherCodeDef[] = [
  w(0, '晴', 'Sunny', 'Despejado', '#ffd966'),
  w(1, '多云', 'Cloudy', 'Nuboso', '#c9d9e8'),
  w(2, '阴', 'Overcast', 'Cubierto', '#8d9aa8'),
  w(3, '阵雨', 'Showers', 'Chubascos', '#7fd17f', true),
  w(4, '雷阵雨', 'Thundershowers', 'Tormentas', '#3f9f3f', true),
  w(5, '雷阵雨伴有冰雹', 'Thundershowers with hail', 'Tormentas con granizo', '#1f6f1f', true),
  w(6, '雨夹雪', 'Sleet', 'Aguanieve', '#9fc5e8', true),
  w(7, '小雨', 'Light rain', 'Lluvia débil', '#a6f28f', true),
  w(8, '中雨', 'Moderate rain', 'Lluvia moderada', '#3dba3d', true),
  w(9, '大雨', 'Heavy rain', 'Lluvia fuerte', '#61b8ff', true),
  w(10, '暴雨', 'Rainstorm', 'Lluvia torrencial', '#0000e1', true),
  w(11, '大暴雨', 'Heavy rainstorm', 'Lluvia torrencial intensa', '#fa00fa', true),
  w(12, '特大暴雨', 'Extreme rainstorm', 'Lluvia torrencial extrema', '#800040', true),
  w(13, '阵雪', 'Snow showers', 'Chubascos de nieve', '#e6e0f8', true),
  w(14, '小雪', 'Light snow', 'Nevada débil', '#d9d2f2', true),
  w(15, '中雪', 'Moderate snow', 'Nevada moderada', '#b4a7e6', true),
  w(16, '大雪', 'Heavy snow', 'Nevada fuerte', '#8e7cc3', true),
  w(17, '暴雪', 'Snowstorm', 'Tormenta de nieve', '#5b3fa8', true),
  w(18, '雾', 'Fog', 'Niebla', '#b7b7b7'),
  w(19, '冻雨', 'Freezing rain', 'Lluvia engelante', '#d5a6bd', true),
  w(20, '沙尘暴', 'Sandstorm', 'Tormenta de arena', '#b45f06'),
  w(21, '小到中雨', 'Light to moderate rain', 'Lluvia débil a moderada', '#70d666', true),
  w(22, '中到大雨', 'Moderate to heavy rain', 'Lluvia moderada a fuerte', '#4fb99e', true),
  w(23, '大到暴雨', 'Heavy rain to rainstorm', 'Lluvia fuerte a torrencial', '#305cf0', true),
  w(24, '暴雨到大暴雨', 'Rainstorm to heavy rainstorm', 'Torrencial a torrencial intensa', '#7d00f0', true),
  w(25, '大暴雨到特大暴雨', 'Heavy to extreme rainstorm', 'Torrencial intensa a extrema', '#bd0098', true),
  w(26, '小到中雪', 'Light to moderate snow', 'Nevada débil a moderada', '#c6bcec', true),
  w(27, '中到大雪', 'Moderate to heavy snow', 'Nevada moderada a fuerte', '#a192d5', true),
  w(28, '大到暴雪', 'Heavy snow to snowstorm', 'Nevada fuerte a tormenta de nieve', '#745eb6', true),
  w(29, '浮尘', 'Floating dust', 'Polvo en suspensión', '#e6b8af'),
  w(30, '扬沙', 'Blowing sand', 'Arena levantada', '#d9a441'),
  w(31, '强沙尘暴', 'Severe sandstorm', 'Tormenta de arena fuerte', '#783f04'),
  w(53, '霾', 'Haze', 'Calima', '#c8a165'),
];

const BY_CODE = new Map(WEATHER_CODES.map((d) => [d.code, d]));

/** The definition of a code, or undefined for a value that is not one. */
export function weatherCodeDef(value: number): WeatherCodeDef | undefined {
  return BY_CODE.get(value);
}

/** The name of a code in a language, or the number itself for a value that is not a code. */
export function weatherCodeName(value: number, lang: 'zh' | 'en' | 'es'): string {
  return weatherCodeDef(value)?.names[lang] ?? String(value);
}
