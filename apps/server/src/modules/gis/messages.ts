import type { MessageTable } from '../../core/messages.js';

// Server messages of boundary layers (modules/gis/boundary-geojson.ts): the GeoJSON upload. In zh, en and es;
// apps/server/src/messages.ts installs them into core's lookup.

const zh = {
  boundaryNotJson: '文件不是有效的 JSON（需要 UTF-8 编码的 GeoJSON）',
  boundaryNotGeoJson: '文件不是 GeoJSON：需要 FeatureCollection、Feature 或 Polygon/MultiPolygon 几何',
  boundaryEmpty: 'GeoJSON 中没有要素',
  boundaryTooManyFeatures: '要素过多：{count} 个（上限 {max} 个）',
  boundaryTooManyPositions: '坐标点过多：超过 {max} 个（请先简化边界）',
  boundaryNotFeature: '要素 {feature} 不是 GeoJSON Feature',
  boundaryGeometryType: '要素 {feature} 的几何类型为 {type}，只支持 Polygon 和 MultiPolygon',
  boundaryCoordinates: '要素 {feature} 的坐标格式不正确（需要 [经度, 纬度] 数值）',
  boundaryOutOfRange: '要素 {feature} 的坐标 [{lon}, {lat}] 超出范围（经度 −180…180，纬度 −90…90；需要 WGS84 经纬度）',
  boundaryRingTooShort: '要素 {feature} 的环少于 4 个坐标',
  boundaryRingNotClosed: '要素 {feature} 的环没有闭合（首尾坐标不同）',
} as const;

type Key = keyof typeof zh;

const en: Record<Key, string> = {
  boundaryNotJson: 'the file is not valid JSON (GeoJSON in UTF-8 is needed)',
  boundaryNotGeoJson: 'the file is not GeoJSON: a FeatureCollection, a Feature or a Polygon/MultiPolygon geometry is needed',
  boundaryEmpty: 'the GeoJSON has no features',
  boundaryTooManyFeatures: 'too many features: {count} (at most {max})',
  boundaryTooManyPositions: 'too many positions: more than {max} (simplify the boundary first)',
  boundaryNotFeature: 'feature {feature} is not a GeoJSON Feature',
  boundaryGeometryType: 'feature {feature} has a {type} geometry; only Polygon and MultiPolygon are accepted',
  boundaryCoordinates: 'feature {feature} has malformed coordinates ([longitude, latitude] numbers are needed)',
  boundaryOutOfRange:
    'feature {feature} has position [{lon}, {lat}] out of range (longitude −180…180, latitude −90…90; WGS84 lon/lat is needed)',
  boundaryRingTooShort: 'feature {feature} has a ring with fewer than 4 positions',
  boundaryRingNotClosed: 'feature {feature} has a ring that is not closed (last position differs from the first)',
};

const es: Record<Key, string> = {
  boundaryNotJson: 'el archivo no es JSON válido (se necesita GeoJSON en UTF-8)',
  boundaryNotGeoJson: 'el archivo no es GeoJSON: se necesita una FeatureCollection, una Feature o una geometría Polygon/MultiPolygon',
  boundaryEmpty: 'el GeoJSON no tiene elementos',
  boundaryTooManyFeatures: 'demasiados elementos: {count} (como máximo {max})',
  boundaryTooManyPositions: 'demasiados puntos: más de {max} (simplifique el límite primero)',
  boundaryNotFeature: 'el elemento {feature} no es una Feature de GeoJSON',
  boundaryGeometryType: 'el elemento {feature} tiene una geometría {type}; solo se aceptan Polygon y MultiPolygon',
  boundaryCoordinates: 'el elemento {feature} tiene coordenadas mal formadas (se necesitan números [longitud, latitud])',
  boundaryOutOfRange:
    'el elemento {feature} tiene la posición [{lon}, {lat}] fuera de rango (longitud −180…180, latitud −90…90; se necesita lon/lat WGS84)',
  boundaryRingTooShort: 'el elemento {feature} tiene un anillo con menos de 4 posiciones',
  boundaryRingNotClosed: 'el elemento {feature} tiene un anillo sin cerrar (la última posición difiere de la primera)',
};

export const gisMessages: MessageTable<Key> = { zh, en, es };

declare module '../../core/messages.js' {
  interface FeatureMessages {
    gis: Key;
  }
}
