import { cellAt, pointInArea, type GridGeometry, type MultiPolygonGeometry, type PolygonGeometry } from '@agromet/grid';
import { placeName } from '../place-names.js';
import type { MapLang } from './words.js';

// The places a map names (docs/products.md#labels): the provincial capitals (a built-in list, with their names in
// each language) and the office's stations ranked as prefecture seats or other places. The capital is drawn with a
// star, a prefecture seat with a double circle, another place with a dot. Pure.

export type PlaceRank = 'capital' | 'prefecture' | 'county';

export interface MapPlace {
  name: string;
  lon: number;
  lat: number;
  rank: PlaceRank;
  /** A value written after the name (a station's forecast value). */
  value?: string;
}

interface Capital {
  /** The province as the built-in provinces layer names it. */
  province: string;
  zh: string;
  en: string;
  lon: number;
  lat: number;
}

/**
 * The capitals of China's provincial-level divisions (GB/T 2260 provinces; the seat of each capital's government, to
 * about 0.01°), English and Spanish names in Hanyu Pinyin as the State Council's place-name rules write them.
 */
export const CAPITALS: readonly Capital[] = [
  { province: '北京', zh: '北京', en: 'Beijing', lon: 116.4, lat: 39.9 },
  { province: '天津', zh: '天津', en: 'Tianjin', lon: 117.2, lat: 39.13 },
  { province: '河北', zh: '石家庄', en: 'Shijiazhuang', lon: 114.51, lat: 38.04 },
  { province: '山西', zh: '太原', en: 'Taiyuan', lon: 112.55, lat: 37.87 },
  { province: '内蒙古', zh: '呼和浩特', en: 'Hohhot', lon: 111.75, lat: 40.84 },
  { province: '辽宁', zh: '沈阳', en: 'Shenyang', lon: 123.43, lat: 41.8 },
  { province: '吉林', zh: '长春', en: 'Changchun', lon: 125.32, lat: 43.82 },
  { province: '黑龙江', zh: '哈尔滨', en: 'Harbin', lon: 126.53, lat: 45.8 },
  { province: '上海', zh: '上海', en: 'Shanghai', lon: 121.47, lat: 31.23 },
  { province: '江苏', zh: '南京', en: 'Nanjing', lon: 118.8, lat: 32.06 },
  { province: '浙江', zh: '杭州', en: 'Hangzhou', lon: 120.16, lat: 30.27 },
  { province: '安徽', zh: '合肥', en: 'Hefei', lon: 117.23, lat: 31.82 },
  { province: '福建', zh: '福州', en: 'Fuzhou', lon: 119.3, lat: 26.08 },
  { province: '江西', zh: '南昌', en: 'Nanchang', lon: 115.86, lat: 28.68 },
  { province: '山东', zh: '济南', en: 'Jinan', lon: 117.12, lat: 36.65 },
  { province: '河南', zh: '郑州', en: 'Zhengzhou', lon: 113.63, lat: 34.75 },
  { province: '湖北', zh: '武汉', en: 'Wuhan', lon: 114.31, lat: 30.59 },
  { province: '湖南', zh: '长沙', en: 'Changsha', lon: 112.94, lat: 28.23 },
  { province: '广东', zh: '广州', en: 'Guangzhou', lon: 113.26, lat: 23.13 },
  { province: '广西', zh: '南宁', en: 'Nanning', lon: 108.37, lat: 22.82 },
  { province: '海南', zh: '海口', en: 'Haikou', lon: 110.2, lat: 20.04 },
  { province: '重庆', zh: '重庆', en: 'Chongqing', lon: 106.55, lat: 29.56 },
  { province: '四川', zh: '成都', en: 'Chengdu', lon: 104.07, lat: 30.57 },
  { province: '贵州', zh: '贵阳', en: 'Guiyang', lon: 106.63, lat: 26.65 },
  { province: '云南', zh: '昆明', en: 'Kunming', lon: 102.83, lat: 24.88 },
  { province: '西藏', zh: '拉萨', en: 'Lhasa', lon: 91.14, lat: 29.65 },
  { province: '陕西', zh: '西安', en: "Xi'an", lon: 108.94, lat: 34.34 },
  { province: '甘肃', zh: '兰州', en: 'Lanzhou', lon: 103.83, lat: 36.06 },
  { province: '青海', zh: '西宁', en: 'Xining', lon: 101.78, lat: 36.62 },
  { province: '宁夏', zh: '银川', en: 'Yinchuan', lon: 106.23, lat: 38.49 },
  { province: '新疆', zh: '乌鲁木齐', en: 'Urumqi', lon: 87.62, lat: 43.83 },
  { province: '台湾', zh: '台北', en: 'Taipei', lon: 121.56, lat: 25.04 },
  { province: '香港', zh: '香港', en: 'Hong Kong', lon: 114.17, lat: 22.28 },
  { province: '澳门', zh: '澳门', en: 'Macao', lon: 113.54, lat: 22.19 },
];

export const capitalName = (c: Capital, lang: MapLang) => (lang === 'zh' ? c.zh : c.en);

export interface StationPlace {
  name: string;
  city?: string;
  district?: string;
  lon: number;
  lat: number;
  value?: string;
}

/**
 * A station's rank: a prefecture seat when it is named after its prefecture-level city (宝鸡 in 宝鸡市) or stands in one
 * of its urban districts (区, as 商州 in 商洛市商州区); any other station is a county-level place.
 */
export function stationRank(s: Pick<StationPlace, 'name' | 'city' | 'district'>): Exclude<PlaceRank, 'capital'> {
  const city = s.city ?? '';
  const prefectureCity = /(市|州|盟|地区)$/.test(city);
  if (prefectureCity && (`${s.name}市` === city || /区$/.test(s.district ?? ''))) return 'prefecture';
  return 'county';
}

/** Kilometres between two points (spherical, mean Earth radius). */
function km(lon1: number, lat1: number, lon2: number, lat2: number): number {
  const r = Math.PI / 180;
  const a = Math.sin(((lat2 - lat1) * r) / 2) ** 2 + Math.cos(lat1 * r) * Math.cos(lat2 * r) * Math.sin(((lon2 - lon1) * r) / 2) ** 2;
  return 2 * 6371.0088 * Math.asin(Math.min(1, Math.sqrt(a)));
}

export interface PlaceArea {
  geometry: GridGeometry;
  /** One class per cell, 255 where nothing is mapped. */
  classes: Uint8Array;
  /** The mapped region's outline, when the map shows one area. */
  outline?: PolygonGeometry | MultiPolygonGeometry | null;
}

/** Whether a point lies in the mapped region: inside its outline if it has one, else on a cell with a class. */
export function inMappedRegion(area: PlaceArea, lon: number, lat: number): boolean {
  if (area.outline) return pointInArea(lon, lat, area.outline);
  const cell = cellAt(area.geometry, lon, lat);
  return cell !== null && area.classes[cell.j * area.geometry.nx + cell.i] !== 255;
}

/**
 * The places of a map: the capitals inside the mapped region and the stations given, ranked. A station within 15 km of
 * a capital, or named as it, is that capital (its value kept, the capital's name in the map's language).
 */
export function mapPlaces(area: PlaceArea, stations: readonly StationPlace[], lang: MapLang): MapPlace[] {
  const capitals = CAPITALS.filter((c) => inMappedRegion(area, c.lon, c.lat));
  const out: MapPlace[] = [];
  const taken = new Set<Capital>();
  for (const s of stations) {
    const c = capitals.find((cap) => !taken.has(cap) && (cap.zh === s.name || km(cap.lon, cap.lat, s.lon, s.lat) < 15));
    if (c) {
      taken.add(c);
      out.push({
        name: capitalName(c, lang),
        lon: s.lon,
        lat: s.lat,
        rank: 'capital',
        ...(s.value !== undefined ? { value: s.value } : {}),
      });
    } else
      out.push({
        name: placeName(s.name, lang, 'county'),
        lon: s.lon,
        lat: s.lat,
        rank: stationRank(s),
        ...(s.value !== undefined ? { value: s.value } : {}),
      });
  }
  for (const c of capitals) if (!taken.has(c)) out.push({ name: capitalName(c, lang), lon: c.lon, lat: c.lat, rank: 'capital' });
  return out;
}
