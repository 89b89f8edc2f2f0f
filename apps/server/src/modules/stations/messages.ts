import type { MessageTable } from '../../core/messages.js';

// Server messages of stations (modules/stations): station numbers and the CSV import. In zh, en and es;
// apps/server/src/messages.ts installs them into core's lookup.

const zh = {
  stationNumberFormat: '须为 1 到 16 位字母或数字',
  stationNumberTaken: '站号 {number} 已存在（{name}）',
  stationImportInvalid: 'CSV 中有 {count} 处错误，未导入任何站点。第 {row} 行 {field}：{message}',
  stationImportEmpty: 'CSV 文件没有数据行',
  stationImportTooMany: 'CSV 数据行超过上限（{max} 行）',
  stationImportMissingColumns: 'CSV 缺少列：{columns}',
  stationImportUnknownColumns: 'CSV 中有无法识别的列：{columns}',
  stationImportDuplicate: '站号 {number} 在文件中重复（第 {first} 行已出现）',
} as const;

type Key = keyof typeof zh;

const en: Record<Key, string> = {
  stationNumberFormat: 'must be 1 to 16 letters or digits',
  stationNumberTaken: 'Station number {number} already exists ({name})',
  stationImportInvalid: 'The CSV has {count} errors; no station was imported. Line {row}, {field}: {message}',
  stationImportEmpty: 'The CSV file has no data rows',
  stationImportTooMany: 'The CSV has more data rows than allowed ({max})',
  stationImportMissingColumns: 'The CSV lacks columns: {columns}',
  stationImportUnknownColumns: 'The CSV has unknown columns: {columns}',
  stationImportDuplicate: 'station number {number} appears twice in the file (first on line {first})',
};

const es: Record<Key, string> = {
  stationNumberFormat: 'debe tener de 1 a 16 letras o dígitos',
  stationNumberTaken: 'El número de estación {number} ya existe ({name})',
  stationImportInvalid: 'El CSV tiene {count} errores; no se importó ninguna estación. Línea {row}, {field}: {message}',
  stationImportEmpty: 'El archivo CSV no tiene filas de datos',
  stationImportTooMany: 'El CSV tiene más filas de datos de las permitidas ({max})',
  stationImportMissingColumns: 'Al CSV le faltan columnas: {columns}',
  stationImportUnknownColumns: 'El CSV tiene columnas desconocidas: {columns}',
  stationImportDuplicate: 'el número de estación {number} aparece dos veces en el archivo (primero en la línea {first})',
};

export const stationsMessages: MessageTable<Key> = { zh, en, es };

declare module '../../core/messages.js' {
  interface FeatureMessages {
    stations: Key;
  }
}
