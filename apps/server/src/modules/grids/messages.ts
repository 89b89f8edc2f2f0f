import type { MessageTable } from '../../core/messages.js';

// The forecast types' and elements' names (modules/grids/catalog.ts; the derived elements too). The database keeps the
// zh text (the seed's); a built-in record whose stored text is still the seed's is answered in the reader's language by
// its code (core/builtin-names.ts), a renamed one as stored. Then the grid import's refusals (import.ts, codec.ts,
// placement.ts, and the time zone of its request), a point off the grid and a missing grid file. In zh, en and es;
// apps/server/src/messages.ts installs them into core's lookup.

const zh = {
  'grid.type.fine-grid': '精细化网格预报',
  'grid.type.agro': '农业气象预报',
  'grid.factor.tmp': '气温',
  'grid.factor.tmax': '最高气温',
  'grid.factor.tmin': '最低气温',
  'grid.factor.pre3h': '3小时降水',
  'grid.factor.wsp': '风速',
  'grid.factor.wdir': '风向',
  'grid.factor.rh': '相对湿度',
  'grid.factor.vis': '能见度',
  'grid.factor.tcc': '总云量',
  'grid.factor.wp': '天气现象',
  'grid.factor.sm': '土壤相对湿度',
  'grid.factor.tsoil': '5厘米地温',
  'grid.factor.et0': '参考作物蒸散',
  'grid.factor.pre12h': '12小时降水',
  'grid.factor.pre24h': '24小时降水',
  'grid.factor.tmax24h': '日最高气温',
  'grid.factor.tmin24h': '日最低气温',
  importUnreadable: '文件无法导入：{reason}',
  importFileGone: '待导入的文件已不存在，请重新上传',
  importUnknownLayer: '未知的预报类型或要素：{type} / {factor}',
  importNeedsTime: 'GeoTIFF 文件不含时间，请填写起报时间（baseTime）和预报时效（lead）',
  importLeadRange: '预报时效 {lead} 小时超出 {type} 的范围（0–{max} 小时）',
  importGeometry: '格点范围不在经纬度范围内（经度 −180°…360°，纬度 −90°…90°）',
  importNoValues: '文件中没有任何有效值（全部为缺测）',
  importOutOfRange: '有 {count} 个格点超出 {factor} 的有效范围 [{min}, {max}] {unit}（文件中最小 {lo}，最大 {hi}），文件未导入',
  importNotCovering: '文件的范围 {file} 没有覆盖{type}的区域 {product}，文件未导入',
  importGridDiffers:
    '文件的格点（格点中心 {fileCentres}，间距 {fileStep}，{fileSize} 个格点）与{type}的格点（格点中心 {productCentres}，间距 {productStep}，{productSize} 个格点）不一致；如需插值到该格点，请选择重采样方法（最近邻或双线性）。文件未导入',
  importStale: '导入期间该格点场已被 {name} 于 {time} 修改（当前版本 {version}），文件未导入；请确认该修改后重新导入',
  pointOutsideGrid: '该位置不在预报格点范围内',
  notTimeZone: '不是 IANA 时区名（例如 Asia/Shanghai、UTC）',
  gridFileMissing:
    '格点场 #{id}（起报 {baseTime}，时效 {lead} 小时，版本 {version}）的数据文件缺失，不能读取；请重新导入该格点场或联系管理员',
} as const;

type Key = keyof typeof zh;

const en: Record<Key, string> = {
  'grid.type.fine-grid': 'Fine-grid forecast',
  'grid.type.agro': 'Agrometeorological forecast',
  'grid.factor.tmp': 'Temperature',
  'grid.factor.tmax': 'Maximum temperature',
  'grid.factor.tmin': 'Minimum temperature',
  'grid.factor.pre3h': '3-hour precipitation',
  'grid.factor.wsp': 'Wind speed',
  'grid.factor.wdir': 'Wind direction',
  'grid.factor.rh': 'Relative humidity',
  'grid.factor.vis': 'Visibility',
  'grid.factor.tcc': 'Total cloud',
  'grid.factor.wp': 'Weather',
  'grid.factor.sm': 'Relative soil moisture',
  'grid.factor.tsoil': 'Soil temperature at 5 cm',
  'grid.factor.et0': 'Reference evapotranspiration',
  'grid.factor.pre12h': '12-hour precipitation',
  'grid.factor.pre24h': '24-hour precipitation',
  'grid.factor.tmax24h': 'Daily maximum temperature',
  'grid.factor.tmin24h': 'Daily minimum temperature',
  importUnreadable: 'The file cannot be imported: {reason}',
  importFileGone: 'The uploaded file is gone; upload it again',
  importUnknownLayer: 'Unknown forecast type or factor: {type} / {factor}',
  importNeedsTime: 'A GeoTIFF carries no time: give the base time (baseTime) and lead time (lead)',
  importLeadRange: 'Lead time {lead} h is outside the range of {type} (0–{max} h)',
  importGeometry: 'The grid lies outside longitude −180°…360° or latitude −90°…90°',
  importNoValues: 'The file has no values (every cell is missing)',
  importOutOfRange:
    '{count} cells are outside the valid range of {factor}, [{min}, {max}] {unit} (the file has {lo} to {hi}); the file was not imported',
  importNotCovering: 'The file covers {file}, which does not take in the region of {type}, {product}; the file was not imported',
  importGridDiffers:
    "The file's grid (cell centres {fileCentres}, spacing {fileStep}, {fileSize} cells) is not the grid of {type} (cell centres {productCentres}, spacing {productStep}, {productSize} cells); ask for resampling (nearest or bilinear) to put the file onto that grid. The file was not imported",
  importStale:
    'While the file was being imported, {name} changed this grid at {time} (now version {version}); the file was not imported: check that change and import again',
  pointOutsideGrid: 'the place lies outside the forecast grid',
  notTimeZone: 'not an IANA time zone name (such as Asia/Shanghai or UTC)',
  gridFileMissing:
    'The data file of grid #{id} (base time {baseTime}, lead {lead} h, version {version}) is missing and cannot be read; import the grid again or contact an administrator',
};

const es: Record<Key, string> = {
  'grid.type.fine-grid': 'Pronóstico de malla fina',
  'grid.type.agro': 'Pronóstico agrometeorológico',
  'grid.factor.tmp': 'Temperatura',
  'grid.factor.tmax': 'Temperatura máxima',
  'grid.factor.tmin': 'Temperatura mínima',
  'grid.factor.pre3h': 'Precipitación en 3 horas',
  'grid.factor.wsp': 'Velocidad del viento',
  'grid.factor.wdir': 'Dirección del viento',
  'grid.factor.rh': 'Humedad relativa',
  'grid.factor.vis': 'Visibilidad',
  'grid.factor.tcc': 'Nubosidad total',
  'grid.factor.wp': 'Fenómeno meteorológico',
  'grid.factor.sm': 'Humedad relativa del suelo',
  'grid.factor.tsoil': 'Temperatura del suelo a 5 cm',
  'grid.factor.et0': 'Evapotranspiración de referencia',
  'grid.factor.pre12h': 'Precipitación en 12 horas',
  'grid.factor.pre24h': 'Precipitación en 24 horas',
  'grid.factor.tmax24h': 'Temperatura máxima diaria',
  'grid.factor.tmin24h': 'Temperatura mínima diaria',
  importUnreadable: 'No se puede importar el archivo: {reason}',
  importFileGone: 'El archivo subido ya no existe; súbalo de nuevo',
  importUnknownLayer: 'Tipo de pronóstico o factor desconocido: {type} / {factor}',
  importNeedsTime: 'Un GeoTIFF no lleva hora: indique la hora base (baseTime) y el plazo (lead)',
  importLeadRange: 'El plazo de {lead} h está fuera del rango de {type} (0–{max} h)',
  importGeometry: 'La malla está fuera de longitud −180°…360° o latitud −90°…90°',
  importNoValues: 'El archivo no tiene valores (todas las celdas faltan)',
  importOutOfRange:
    '{count} celdas están fuera del rango válido de {factor}, [{min}, {max}] {unit} (el archivo va de {lo} a {hi}); no se importó',
  importNotCovering: 'El archivo abarca {file}, que no incluye la región de {type}, {product}; no se importó',
  importGridDiffers:
    'La malla del archivo (centros de celda {fileCentres}, paso {fileStep}, {fileSize} celdas) no es la malla de {type} (centros de celda {productCentres}, paso {productStep}, {productSize} celdas); pida un remuestreo (vecino más cercano o bilineal) para llevar el archivo a esa malla. No se importó',
  importStale:
    'Mientras se importaba el archivo, {name} modificó esta malla a las {time} (ahora versión {version}); no se importó: revise ese cambio e importe de nuevo',
  pointOutsideGrid: 'el lugar está fuera de la malla del pronóstico',
  notTimeZone: 'no es un nombre de zona horaria IANA (como Asia/Shanghai o UTC)',
  gridFileMissing:
    'Falta el archivo de datos de la malla #{id} (hora base {baseTime}, plazo {lead} h, versión {version}) y no se puede leer; vuelva a importar la malla o contacte con un administrador',
};

export const gridsMessages: MessageTable<Key> = { zh, en, es };

declare module '../../core/messages.js' {
  interface FeatureMessages {
    grids: Key;
  }
}
