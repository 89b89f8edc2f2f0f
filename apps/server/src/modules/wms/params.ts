import { xmlDocument } from '../../core/xml.js';
/**
 * OGC WMS request parsing (1.1.1 and 1.3.0): case-insensitive keys, the 1.3.0 latitude-first axis order for EPSG:4326,
 * and service exceptions with the OGC codes for everything a client can get wrong.
 */
export type WmsVersion = '1.1.1' | '1.3.0';
export type Crs = 'EPSG:4326' | 'EPSG:3857' | 'CRS:84';
export const SUPPORTED_CRS: readonly Crs[] = ['EPSG:4326', 'EPSG:3857', 'CRS:84'];
/**
 * The largest WIDTH and HEIGHT of a map, stated in the capabilities (MaxWidth, MaxHeight); clients tile above it. The
 * console asks for images the size of its map times the screen's pixel ratio: 4096 covers a 4K screen.
 */
export const MAX_IMAGE_SIZE = 4096;
/**
 * How a layer is drawn: the nearest cell (the default, also named `default`), bilinear, or labelled isolines; wind
 * layers (speed, direction) also as arrows or barbs on a lattice.
 */
export type WmsStyle = 'nearest' | 'smooth' | 'contours' | 'arrows' | 'barbs';
export const WMS_STYLES: readonly WmsStyle[] = ['nearest', 'smooth', 'contours'];
/** The styles of wind layers only. */
export const WIND_STYLES: readonly WmsStyle[] = ['arrows', 'barbs'];
export type MapFormat = 'image/png' | 'image/jpeg';
export type InfoFormat = 'application/json' | 'text/plain' | 'text/html' | 'application/vnd.ogc.gml';
export const INFO_FORMATS: readonly InfoFormat[] = ['application/json', 'text/plain', 'text/html', 'application/vnd.ogc.gml'];

export class WmsException extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly locator?: string,
  ) {
    super(message);
  }
}

/** Bounding box in the request CRS, always as minX (lon or easting), minY, maxX, maxY. */
export interface BBox {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

export interface MapRequest {
  version: WmsVersion;
  layers: string[];
  styles: string[];
  /** The one layer's style (an empty or `default` STYLES is `nearest`). */
  style: WmsStyle;
  crs: Crs;
  bbox: BBox;
  width: number;
  height: number;
  format: MapFormat;
  transparent: boolean;
  /** TIME: the valid time. */
  time?: string;
  /** DIM_REFERENCE_TIME: the issue (base) time of the run. */
  referenceTime?: string;
  /** DIM_LEAD: hours from the run to the valid time (an alias for TIME given the run). */
  lead?: number;
}

export type WmsRequest =
  | { request: 'GetCapabilities'; version: WmsVersion }
  | ({ request: 'GetMap' } & MapRequest)
  | ({ request: 'GetFeatureInfo' } & MapRequest & {
        queryLayers: string[];
        i: number;
        j: number;
        infoFormat: InfoFormat;
      })
  | {
      request: 'GetLegendGraphic';
      version: WmsVersion;
      layer: string;
      style?: WmsStyle;
      format: 'image/png';
      width: number;
      height: number;
    };

export function lowerKeys(query: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(query)) out[k.toLowerCase()] = Array.isArray(v) ? String(v[0]) : String(v ?? '');
  return out;
}

function required(q: Record<string, string>, key: string): string {
  const v = q[key];
  if (v === undefined || v === '')
    throw new WmsException('MissingParameterValue', `missing parameter ${key.toUpperCase()}`, key.toUpperCase());
  return v;
}

function positiveInt(q: Record<string, string>, key: string, max: number): number {
  const raw = required(q, key);
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > max) {
    throw new WmsException('InvalidParameterValue', `${key.toUpperCase()} must be a whole number from 1 to ${max}`, key.toUpperCase());
  }
  return n;
}

function parseVersion(q: Record<string, string>): WmsVersion {
  const v = q.version || q.wmtver || '1.3.0';
  if (v === '1.1.1' || v === '1.1.0') return '1.1.1';
  if (v === '1.3.0') return '1.3.0';
  throw new WmsException('InvalidParameterValue', `unsupported VERSION ${v} (1.1.1 or 1.3.0)`, 'VERSION');
}

function parseCrs(q: Record<string, string>, version: WmsVersion): Crs {
  const key = version === '1.3.0' ? 'crs' : 'srs';
  const raw = (q[key] || q.crs || q.srs || '').toUpperCase();
  if (!raw) throw new WmsException('MissingParameterValue', `missing parameter ${key.toUpperCase()}`, key.toUpperCase());
  const crs = raw === 'EPSG:900913' ? 'EPSG:3857' : raw;
  if (!SUPPORTED_CRS.includes(crs as Crs)) {
    throw new WmsException(version === '1.3.0' ? 'InvalidCRS' : 'InvalidSRS', `unsupported ${key.toUpperCase()} ${raw}`, key.toUpperCase());
  }
  return crs as Crs;
}

export function parseBBox(raw: string, crs: Crs, version: WmsVersion): BBox {
  const parts = raw.split(',').map((p) => Number(p.trim()));
  if (parts.length !== 4 || parts.some((n) => !Number.isFinite(n))) {
    throw new WmsException('InvalidParameterValue', 'BBOX must be four numbers: minx,miny,maxx,maxy', 'BBOX');
  }
  let [a, b, c, d] = parts as [number, number, number, number];
  // WMS 1.3.0 with EPSG:4326 is latitude first.
  if (version === '1.3.0' && crs === 'EPSG:4326') [a, b, c, d] = [b, a, d, c];
  if (!(c > a && d > b)) throw new WmsException('InvalidParameterValue', 'BBOX minimum must be below maximum', 'BBOX');
  if (crs !== 'EPSG:3857' && (b < -90 || d > 90))
    throw new WmsException('InvalidParameterValue', 'BBOX latitudes must lie within -90 to 90', 'BBOX');
  return { minX: a, minY: b, maxX: c, maxY: d };
}

/** A style name; empty and `default` are `nearest`; anything else is StyleNotDefined. */
function parseStyle(s: string, locator: string): WmsStyle {
  const name = s.trim().toLowerCase();
  if (name === '' || name === 'default') return 'nearest';
  if ((WMS_STYLES as readonly string[]).includes(name) || (WIND_STYLES as readonly string[]).includes(name)) return name as WmsStyle;
  throw new WmsException('StyleNotDefined', `unknown style ${s} (${[...WMS_STYLES, ...WIND_STYLES].join(', ')})`, locator);
}

function parseMap(q: Record<string, string>, version: WmsVersion): MapRequest {
  const layers = required(q, 'layers').split(',').filter(Boolean);
  const crs = parseCrs(q, version);
  const formatRaw = (q.format || 'image/png').toLowerCase();
  const format: MapFormat | undefined =
    formatRaw === 'image/png' || formatRaw === 'png'
      ? 'image/png'
      : formatRaw === 'image/jpeg' || formatRaw === 'jpeg' || formatRaw === 'image/jpg'
        ? 'image/jpeg'
        : undefined;
  if (!format) throw new WmsException('InvalidFormat', `unsupported FORMAT ${q.format} (image/png, image/jpeg)`, 'FORMAT');
  const styles = (q.styles ?? '').split(',');
  const styleOf = (s: string) => parseStyle(s, 'STYLES');
  const style = styleOf(styles[0] ?? '');
  for (const s of styles.slice(1)) styleOf(s);
  const leadRaw = q.dim_lead ?? q.dim_lead_time;
  let lead: number | undefined;
  if (leadRaw !== undefined && leadRaw !== '') {
    lead = Number(leadRaw);
    if (!Number.isInteger(lead) || lead < 0 || lead > 10_000)
      throw new WmsException('InvalidDimensionValue', 'DIM_LEAD must be whole hours', 'DIM_LEAD');
  }
  const time = q.time || undefined;
  if (time !== undefined && Number.isNaN(Date.parse(time)))
    throw new WmsException('InvalidDimensionValue', 'TIME must be an ISO 8601 time', 'TIME');
  const referenceTime = q.dim_reference_time || undefined;
  if (referenceTime !== undefined && Number.isNaN(Date.parse(referenceTime)))
    throw new WmsException('InvalidDimensionValue', 'DIM_REFERENCE_TIME must be an ISO 8601 time', 'DIM_REFERENCE_TIME');
  return {
    version,
    layers,
    styles,
    style,
    crs,
    bbox: parseBBox(required(q, 'bbox'), crs, version),
    width: positiveInt(q, 'width', MAX_IMAGE_SIZE),
    height: positiveInt(q, 'height', MAX_IMAGE_SIZE),
    format,
    transparent: (q.transparent ?? '').toUpperCase() === 'TRUE',
    time,
    referenceTime,
    lead,
  };
}

export function parseWmsRequest(query: Record<string, unknown>): WmsRequest {
  const q = lowerKeys(query);
  if (q.service && q.service.toUpperCase() !== 'WMS') throw new WmsException('InvalidParameterValue', 'SERVICE must be WMS', 'SERVICE');
  const request = required(q, 'request').toLowerCase();
  const version = parseVersion(q);
  switch (request) {
    case 'getcapabilities':
      return { request: 'GetCapabilities', version };
    case 'getmap':
      return { request: 'GetMap', ...parseMap(q, version) };
    case 'getfeatureinfo': {
      const map = parseMap(q, version);
      const iKey = version === '1.3.0' ? 'i' : 'x';
      const jKey = version === '1.3.0' ? 'j' : 'y';
      const i = Number(required(q, iKey));
      const j = Number(required(q, jKey));
      if (!Number.isInteger(i) || i < 0 || i >= map.width)
        throw new WmsException('InvalidPoint', `${iKey.toUpperCase()} outside the image`, iKey.toUpperCase());
      if (!Number.isInteger(j) || j < 0 || j >= map.height)
        throw new WmsException('InvalidPoint', `${jKey.toUpperCase()} outside the image`, jKey.toUpperCase());
      const infoFormat = (q.info_format || 'application/json').toLowerCase() as InfoFormat;
      if (!INFO_FORMATS.includes(infoFormat)) {
        throw new WmsException('InvalidFormat', `unsupported INFO_FORMAT ${infoFormat} (${INFO_FORMATS.join(', ')})`, 'INFO_FORMAT');
      }
      const queryLayers = required(q, 'query_layers').split(',').filter(Boolean);
      // Only layers of the map can be queried (a layer outside LAYERS is not queryable in this map).
      for (const l of queryLayers) {
        if (!map.layers.includes(l)) throw new WmsException('LayerNotQueryable', `${l} is not one of LAYERS`, 'QUERY_LAYERS');
      }
      return { request: 'GetFeatureInfo', ...map, queryLayers, i, j, infoFormat };
    }
    case 'getlegendgraphic':
      return {
        request: 'GetLegendGraphic',
        version,
        layer: required(q, 'layer'),
        style: q.style ? parseStyle(q.style, 'STYLE') : undefined,
        format: 'image/png',
        width: q.width ? positiveInt(q, 'width', 1024) : 40,
        height: q.height ? positiveInt(q, 'height', 1024) : 240,
      };
    default:
      throw new WmsException('OperationNotSupported', `unsupported REQUEST ${q.request}`, 'REQUEST');
  }
}

const R = 6378137;

/** Web Mercator metres → longitude/latitude degrees. */
export function mercatorToLonLat(x: number, y: number): [number, number] {
  return [(x / R) * (180 / Math.PI), Math.atan(Math.sinh(y / R)) * (180 / Math.PI)];
}

export function lonLatToMercator(lon: number, lat: number): [number, number] {
  const clamped = Math.max(-85.05112878, Math.min(85.05112878, lat));
  return [(lon * Math.PI * R) / 180, R * Math.log(Math.tan(Math.PI / 4 + (clamped * Math.PI) / 360))];
}

/** Longitude/latitude of the centre of output pixel (col, row). */
export function pixelToLonLat(req: Pick<MapRequest, 'bbox' | 'crs' | 'width' | 'height'>, col: number, row: number): [number, number] {
  const { bbox, width, height } = req;
  const x = bbox.minX + ((col + 0.5) / width) * (bbox.maxX - bbox.minX);
  const y = bbox.maxY - ((row + 0.5) / height) * (bbox.maxY - bbox.minY);
  return req.crs === 'EPSG:3857' ? mercatorToLonLat(x, y) : [x, y];
}

/** The pixel centres of a map request as the grid sampler's lattice: one longitude per column, one latitude per row. */
export function requestLattice(req: Pick<MapRequest, 'bbox' | 'crs' | 'width' | 'height'>): { lons: Float64Array; lats: Float64Array } {
  return {
    lons: Float64Array.from({ length: req.width }, (_, c) => pixelToLonLat(req, c, 0)[0]),
    lats: Float64Array.from({ length: req.height }, (_, r) => pixelToLonLat(req, 0, r)[1]),
  };
}

export function exceptionXml(e: WmsException, version: WmsVersion): string {
  const doc = xmlDocument({ version: '1.0', encoding: 'UTF-8' });
  const report =
    version === '1.3.0'
      ? doc.ele('http://www.opengis.net/ogc', 'ServiceExceptionReport', {
          version,
          'xmlns:xsi': 'http://www.w3.org/2001/XMLSchema-instance',
          'xsi:schemaLocation': 'http://www.opengis.net/ogc http://schemas.opengis.net/wms/1.3.0/exceptions_1_3_0.xsd',
        })
      : doc.ele('ServiceExceptionReport', { version });
  report.ele('ServiceException', { code: e.code, ...(e.locator ? { locator: e.locator } : {}) }).txt(e.message);
  return `${doc.end({ prettyPrint: true })}\n`;
}
