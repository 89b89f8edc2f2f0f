import type { ProductAggregation, ProductLanguage } from '@agromet/contracts';

// The words a map product writes, in its own language (docs/products.md#language): names of forecast types and
// factors (the catalogue holds Chinese names only), aggregated elements, regions and province names.

type Names = Record<ProductLanguage, string>;

const FACTORS: Record<string, Names> = {
  tmp: { zh: '气温', en: 'Temperature', es: 'Temperatura' },
  tmax: { zh: '最高气温', en: 'Maximum temperature', es: 'Temperatura máxima' },
  tmin: { zh: '最低气温', en: 'Minimum temperature', es: 'Temperatura mínima' },
  pre3h: { zh: '3小时降水量', en: '3-hour precipitation', es: 'Precipitación en 3 horas' },
  pre12h: { zh: '12小时降水量', en: '12-hour precipitation', es: 'Precipitación en 12 horas' },
  pre24h: { zh: '24小时降水量', en: '24-hour precipitation', es: 'Precipitación en 24 horas' },
  tmax24h: { zh: '日最高气温', en: 'Daily maximum temperature', es: 'Temperatura máxima diaria' },
  tmin24h: { zh: '日最低气温', en: 'Daily minimum temperature', es: 'Temperatura mínima diaria' },
  wsp: { zh: '风速', en: 'Wind speed', es: 'Velocidad del viento' },
  wdir: { zh: '风向', en: 'Wind direction', es: 'Dirección del viento' },
  rh: { zh: '相对湿度', en: 'Relative humidity', es: 'Humedad relativa' },
  vis: { zh: '能见度', en: 'Visibility', es: 'Visibilidad' },
  sm: { zh: '土壤相对湿度', en: 'Relative soil moisture', es: 'Humedad relativa del suelo' },
  tsoil: { zh: '5厘米地温', en: 'Soil temperature at 5 cm', es: 'Temperatura del suelo a 5 cm' },
  et0: { zh: '参考作物蒸散', en: 'Reference evapotranspiration', es: 'Evapotranspiración de referencia' },
};

const TYPES: Record<string, Names> = {
  'fine-grid': { zh: '精细化网格预报', en: 'Fine-grid forecast', es: 'Pronóstico de malla fina' },
  agro: { zh: '农业气象预报', en: 'Agrometeorological forecast', es: 'Pronóstico agrometeorológico' },
};

/** A factor's name in the language; the catalogue's (Chinese) name for a factor this table does not know. */
export function factorName(code: string, catalogueName: string, lang: ProductLanguage): string {
  return FACTORS[code]?.[lang] ?? catalogueName;
}

export function typeName(code: string, catalogueName: string, lang: ProductLanguage): string {
  return TYPES[code]?.[lang] ?? catalogueName;
}

/**
 * The element an aggregation makes: an accumulation over `hours` ("24小时降水量"), or the maximum, minimum or mean of
 * a state ("最高气温", "Maximum temperature", "Temperatura máxima"); a factor already an extreme keeps its name.
 */
export function aggregatedName(
  code: string,
  catalogueName: string,
  aggregation: ProductAggregation,
  hours: number,
  lang: ProductLanguage,
): string {
  if (aggregation === 'sum') {
    return { zh: `${hours}小时降水量`, en: `${hours}-hour precipitation`, es: `Precipitación en ${hours} horas` }[lang];
  }
  const base = factorName(code, catalogueName, lang);
  const already = (aggregation === 'max' && /max/.test(code)) || (aggregation === 'min' && /min/.test(code));
  if (already) return base;
  const lower = base.charAt(0).toLowerCase() + base.slice(1);
  if (lang === 'zh') return `${{ max: '最高', min: '最低', mean: '平均' }[aggregation]}${base}`;
  if (lang === 'en') return `${{ max: 'Maximum', min: 'Minimum', mean: 'Mean' }[aggregation]} ${lower}`;
  return `${base} ${{ max: 'máxima', min: 'mínima', mean: 'media' }[aggregation]}`;
}

export { joinNames, provinceName, REGION_WORDS } from '../../core/cartography/provinces.js';

/** "Forecast" after the element in a default title. */
export const FORECAST_WORD: Names = { zh: '预报', en: 'forecast', es: 'pronóstico' };
