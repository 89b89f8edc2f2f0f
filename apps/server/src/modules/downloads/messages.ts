import type { MessageTable } from '../../core/messages.js';

// Server messages of the downloads library (docs/downloads.md) and of the station tables it writes. In zh, en and es;
// apps/server/src/messages.ts installs them into core's lookup.

const zh = {
  'download.badId': '不是下载项编号（lib-、issue- 或 zoning- 加数字）',
  'download.noPreview': '该文件没有预览',
  'download.notDeletable': '已签发的预报文件和区划产品请在各自的页面管理，不能在下载库中删除',
  'download.notYours': '只能删除自己制作的文件（{name}）；管理员可以删除本客户的任何文件',
  'download.zipTooLarge': '打包的文件合计超过 {limit} MB，请少选几个',
  'download.tableStation': '站号',
  'download.tableName': '站名',
  'download.tableLon': '经度',
  'download.tableLat': '纬度',
  'download.tableLead': '{lead} 小时（{time}）',
  'download.tableTitle': '{type} {factor}（{unit}） 起报 {baseTime}',
  'download.tableFile': '站点预报_{type}_{factor}_{baseTime}',
  'download.tableSheet': '站点预报',
} as const;

type Key = keyof typeof zh;

const en: Record<Key, string> = {
  'download.badId': 'Not a library item id (lib-, issue- or zoning- and a number)',
  'download.noPreview': 'This file has no preview',
  'download.notDeletable':
    'Issued forecast files and zoning products are managed on their own pages and cannot be deleted from the library',
  'download.notYours': 'You can delete only files you made ({name}); an administrator can delete any file of the customer',
  'download.zipTooLarge': 'The chosen files add up to more than {limit} MB; choose fewer',
  'download.tableStation': 'Station',
  'download.tableName': 'Name',
  'download.tableLon': 'Longitude',
  'download.tableLat': 'Latitude',
  'download.tableLead': '{lead} h ({time})',
  'download.tableTitle': '{type} {factor} ({unit}), run {baseTime}',
  'download.tableFile': 'station-forecast_{type}_{factor}_{baseTime}',
  'download.tableSheet': 'Station forecast',
};

const es: Record<Key, string> = {
  'download.badId': 'No es un identificador de la biblioteca (lib-, issue- o zoning- y un número)',
  'download.noPreview': 'Este archivo no tiene vista previa',
  'download.notDeletable':
    'Los archivos de pronóstico emitidos y los productos de zonificación se gestionan en sus propias páginas y no se pueden eliminar desde la biblioteca',
  'download.notYours':
    'Solo puede eliminar los archivos que usted hizo ({name}); un administrador puede eliminar cualquier archivo del cliente',
  'download.zipTooLarge': 'Los archivos elegidos suman más de {limit} MB; elija menos',
  'download.tableStation': 'Estación',
  'download.tableName': 'Nombre',
  'download.tableLon': 'Longitud',
  'download.tableLat': 'Latitud',
  'download.tableLead': '{lead} h ({time})',
  'download.tableTitle': '{type} {factor} ({unit}), pasada {baseTime}',
  'download.tableFile': 'pronostico-estaciones_{type}_{factor}_{baseTime}',
  'download.tableSheet': 'Pronóstico por estación',
};

export const downloadsMessages: MessageTable<Key> = { zh, en, es };

declare module '../../core/messages.js' {
  interface FeatureMessages {
    downloads: Key;
  }
}
