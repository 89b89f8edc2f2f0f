import type { MessageTable } from '../../core/messages.js';

// Server messages of the sandstorm disaster records (docs/disaster.md), including the words the server writes into
// exported files (column headings with units, grade names). In zh, en and es; apps/server/src/messages.ts installs them
// into core's lookup.

const zh = {
  'sandstorm.timeInFuture': '时间不能晚于现在',
  'sandstorm.notDustWeather': '最小能见度 {visibility} m 不低于 10 km，按 GB/T 20480 不属于沙尘天气',
  'sandstorm.levelNeedsWind': '能见度 {visibility} m（1–10 km）时需填写等级或最大风速：风速大于 3 m/s 为扬沙，否则为浮尘',
  'sandstorm.levelContradicts': '等级“{level}”与最小能见度 {visibility} m 不符：按 GB/T 20480 该能见度为“{expected}”',
  'sandstorm.unknownRegion': '行政区划代码 {code} 不在 GB/T 2260 代码表中',
  'sandstorm.pointOutsideRegion': '位置（{lon}, {lat}）不在所选行政区“{region}”内（边界：{layer}）',
  'sandstorm.importInvalid': '文件中有 {count} 处错误，未导入任何记录。第 {row} 行 {field}：{message}',
  'sandstorm.importUnreadable': '文件无法读取：需要 .xlsx 工作簿或 CSV 文本',
  'sandstorm.importNotNumber': '不是数字：{value}',
  'sandstorm.importNotInteger': '须为非负整数：{value}',
  'sandstorm.importTime': '无法识别的时间：{value}（示例：2024-04-12 14:00，北京时间；或带时区的 ISO 8601）',
  'sandstorm.importLevel': '未知的等级：{value}',
  'sandstorm.importEmpty': '文件没有数据行',
  'sandstorm.importTooMany': '数据行超过上限（{max} 行）',
  'sandstorm.importMissingColumns': '缺少列：{columns}',
  'sandstorm.importUnknownColumns': '无法识别的列：{columns}',
  'sandstorm.sheetName': '沙尘灾情',
  'sandstorm.layerProvinces': '省级行政区（内置）',
  'sandstorm.level.floating-dust': '浮尘',
  'sandstorm.level.blowing-sand': '扬沙',
  'sandstorm.level.sandstorm': '沙尘暴',
  'sandstorm.level.severe-sandstorm': '强沙尘暴',
  'sandstorm.level.extreme-sandstorm': '特强沙尘暴',
  'sandstorm.col.location': '地点',
  'sandstorm.col.time': '时间（北京时）',
  'sandstorm.col.level': '等级',
  'sandstorm.col.regionCode': '行政区划代码',
  'sandstorm.col.regionName': '行政区',
  'sandstorm.col.lon': '经度（°）',
  'sandstorm.col.lat': '纬度（°）',
  'sandstorm.col.duration': '持续时间（h）',
  'sandstorm.col.minVisibility': '最小能见度（m）',
  'sandstorm.col.maxWindSpeed': '最大风速（m/s）',
  'sandstorm.col.precipitation': '降水量（mm）',
  'sandstorm.col.economicLoss': '经济损失（万元）',
  'sandstorm.col.housesCollapsed': '倒塌房屋（间）',
  'sandstorm.col.deaths': '死亡（人）',
  'sandstorm.col.injured': '受伤（人）',
  'sandstorm.col.description': '灾情描述',
  'sandstorm.col.remark': '备注',
} as const;

type Key = keyof typeof zh;

const en: Record<Key, string> = {
  'sandstorm.timeInFuture': 'must not be later than now',
  'sandstorm.notDustWeather': 'a minimum visibility of {visibility} m is not below 10 km: no sand or dust weather by GB/T 20480',
  'sandstorm.levelNeedsWind':
    'at a visibility of {visibility} m (1–10 km) give the level or the maximum wind speed: above 3 m/s it is blowing sand, else floating dust',
  'sandstorm.levelContradicts':
    'level "{level}" contradicts the minimum visibility of {visibility} m: by GB/T 20480 that visibility means "{expected}"',
  'sandstorm.unknownRegion': 'region code {code} is not in the GB/T 2260 table',
  'sandstorm.pointOutsideRegion': 'the position ({lon}, {lat}) is not inside the chosen region "{region}" (boundary: {layer})',
  'sandstorm.importInvalid': 'The file has {count} errors; no record was imported. Row {row}, {field}: {message}',
  'sandstorm.importUnreadable': 'The file cannot be read: an .xlsx workbook or CSV text is needed',
  'sandstorm.importNotNumber': 'not a number: {value}',
  'sandstorm.importNotInteger': 'must be a whole number, 0 or more: {value}',
  'sandstorm.importTime': 'unreadable time: {value} (e.g. 2024-04-12 14:00 in Beijing time, or ISO 8601 with an offset)',
  'sandstorm.importLevel': 'unknown level: {value}',
  'sandstorm.importEmpty': 'The file has no data rows',
  'sandstorm.importTooMany': 'The file has more data rows than allowed ({max})',
  'sandstorm.importMissingColumns': 'missing columns: {columns}',
  'sandstorm.importUnknownColumns': 'unknown columns: {columns}',
  'sandstorm.sheetName': 'Sand and dust events',
  'sandstorm.layerProvinces': 'provinces (built in)',
  'sandstorm.level.floating-dust': 'Floating dust',
  'sandstorm.level.blowing-sand': 'Blowing sand',
  'sandstorm.level.sandstorm': 'Sandstorm',
  'sandstorm.level.severe-sandstorm': 'Severe sandstorm',
  'sandstorm.level.extreme-sandstorm': 'Extremely severe sandstorm',
  'sandstorm.col.location': 'Location',
  'sandstorm.col.time': 'Time (Beijing, UTC+8)',
  'sandstorm.col.level': 'Level',
  'sandstorm.col.regionCode': 'Region code',
  'sandstorm.col.regionName': 'Region',
  'sandstorm.col.lon': 'Longitude (°)',
  'sandstorm.col.lat': 'Latitude (°)',
  'sandstorm.col.duration': 'Duration (h)',
  'sandstorm.col.minVisibility': 'Min visibility (m)',
  'sandstorm.col.maxWindSpeed': 'Max wind speed (m/s)',
  'sandstorm.col.precipitation': 'Precipitation (mm)',
  'sandstorm.col.economicLoss': 'Economic loss (10⁴ CNY)',
  'sandstorm.col.housesCollapsed': 'Houses collapsed',
  'sandstorm.col.deaths': 'Deaths',
  'sandstorm.col.injured': 'Injured',
  'sandstorm.col.description': 'Description',
  'sandstorm.col.remark': 'Remark',
};

const es: Record<Key, string> = {
  'sandstorm.timeInFuture': 'no puede ser posterior a ahora',
  'sandstorm.notDustWeather':
    'una visibilidad mínima de {visibility} m no es inferior a 10 km: no es tiempo de arena o polvo según GB/T 20480',
  'sandstorm.levelNeedsWind':
    'con una visibilidad de {visibility} m (1–10 km) indique el nivel o la velocidad máxima del viento: por encima de 3 m/s es arena levantada, si no, polvo en suspensión',
  'sandstorm.levelContradicts':
    'el nivel «{level}» contradice la visibilidad mínima de {visibility} m: según GB/T 20480 esa visibilidad corresponde a «{expected}»',
  'sandstorm.unknownRegion': 'el código de región {code} no está en la tabla GB/T 2260',
  'sandstorm.pointOutsideRegion': 'la posición ({lon}, {lat}) no está dentro de la región elegida «{region}» (límite: {layer})',
  'sandstorm.importInvalid': 'El archivo tiene {count} errores; no se importó ningún registro. Fila {row}, {field}: {message}',
  'sandstorm.importUnreadable': 'No se puede leer el archivo: se necesita un libro .xlsx o texto CSV',
  'sandstorm.importNotNumber': 'no es un número: {value}',
  'sandstorm.importNotInteger': 'debe ser un número entero, 0 o mayor: {value}',
  'sandstorm.importTime': 'hora ilegible: {value} (p. ej. 2024-04-12 14:00 en hora de Pekín, o ISO 8601 con desfase)',
  'sandstorm.importLevel': 'nivel desconocido: {value}',
  'sandstorm.importEmpty': 'El archivo no tiene filas de datos',
  'sandstorm.importTooMany': 'El archivo tiene más filas de datos de las permitidas ({max})',
  'sandstorm.importMissingColumns': 'faltan columnas: {columns}',
  'sandstorm.importUnknownColumns': 'columnas desconocidas: {columns}',
  'sandstorm.sheetName': 'Eventos de arena y polvo',
  'sandstorm.layerProvinces': 'provincias (integradas)',
  'sandstorm.level.floating-dust': 'Polvo en suspensión',
  'sandstorm.level.blowing-sand': 'Arena levantada',
  'sandstorm.level.sandstorm': 'Tormenta de arena',
  'sandstorm.level.severe-sandstorm': 'Tormenta de arena fuerte',
  'sandstorm.level.extreme-sandstorm': 'Tormenta de arena muy fuerte',
  'sandstorm.col.location': 'Lugar',
  'sandstorm.col.time': 'Hora (Pekín, UTC+8)',
  'sandstorm.col.level': 'Nivel',
  'sandstorm.col.regionCode': 'Código de región',
  'sandstorm.col.regionName': 'Región',
  'sandstorm.col.lon': 'Longitud (°)',
  'sandstorm.col.lat': 'Latitud (°)',
  'sandstorm.col.duration': 'Duración (h)',
  'sandstorm.col.minVisibility': 'Visibilidad mínima (m)',
  'sandstorm.col.maxWindSpeed': 'Viento máximo (m/s)',
  'sandstorm.col.precipitation': 'Precipitación (mm)',
  'sandstorm.col.economicLoss': 'Pérdida económica (10⁴ CNY)',
  'sandstorm.col.housesCollapsed': 'Casas derrumbadas',
  'sandstorm.col.deaths': 'Muertos',
  'sandstorm.col.injured': 'Heridos',
  'sandstorm.col.description': 'Descripción',
  'sandstorm.col.remark': 'Observación',
};

export const disasterMessages: MessageTable<Key> = { zh, en, es };

declare module '../../core/messages.js' {
  interface FeatureMessages {
    disaster: Key;
  }
}
