import { isCategoryFactor, type ForecastTypeInfo } from '@agromet/contracts';
import { xmlDocument } from '../../core/xml.js';
import type { Lang } from '../../core/messages.js';
import type { LayerAxis } from '../grids/layer-times.js';
import { INFO_FORMATS, MAX_IMAGE_SIZE, WIND_STYLES, WMS_STYLES, type WmsStyle, type WmsVersion } from './params.js';

export interface CapabilityLayer {
  name: string;
  title: string;
  bbox: { west: number; south: number; east: number; north: number };
  /** Runs and valid times (see layerAxis): TIME, DIM_REFERENCE_TIME and DIM_LEAD with defaults that render. None: a layer without time (a zoning product). */
  axis?: LayerAxis;
  /** A grid of classes (a zoning product, a weather code): drawn by class colour only, so its one style is nearest. */
  classes?: boolean;
  /** A wind layer (speed or direction, with the other stored or derived): offers the arrows and barbs styles. */
  wind?: boolean;
}

/** The factors drawn as wind symbols, each with the one it needs beside it. */
export const WIND_PARTNER: Record<string, string> = { wsp: 'wdir', wdir: 'wsp' };

/** Style titles and abstracts in the console's languages. */
export const STYLE_TITLES: Record<Lang, Record<WmsStyle, string>> = {
  zh: {
    nearest: '格点（最近格点着色）',
    smooth: '平滑（双线性插值着色）',
    contours: '等值线（带数值标注）',
    arrows: '风矢（箭头指向风的去向）',
    barbs: '风羽（长杆 4 m/s，短杆 2 m/s，三角 20 m/s）',
  },
  en: {
    nearest: 'Cells (nearest cell colour)',
    smooth: 'Smooth (bilinear colour)',
    contours: 'Isolines (labelled)',
    arrows: 'Wind arrows (pointing where the wind goes)',
    barbs: 'Wind barbs (full 4 m/s, half 2 m/s, pennant 20 m/s)',
  },
  es: {
    nearest: 'Celdas (color de la celda más cercana)',
    smooth: 'Suave (color bilineal)',
    contours: 'Isolíneas (con etiquetas)',
    arrows: 'Flechas de viento (hacia donde va el viento)',
    barbs: 'Barbas de viento (entera 4 m/s, media 2 m/s, banderín 20 m/s)',
  },
};

const WMS_NS = 'http://www.opengis.net/wms';
const XLINK = 'http://www.w3.org/1999/xlink';

/**
 * Layers with grids, each with its own time axis: a layer's defaults are always a grid it has, whatever other factors
 * of its type were imported since. Factors without any grid are not advertised.
 */
export function layersOf(
  types: ForecastTypeInfo[],
  bboxOf: (typeId: number) => CapabilityLayer['bbox'] | undefined,
  axisOf: (factorId: number) => LayerAxis | undefined,
): CapabilityLayer[] {
  const out: CapabilityLayer[] = [];
  for (const t of types) {
    const bbox = bboxOf(t.id);
    if (!bbox) continue;
    for (const f of t.factors) {
      const axis = axisOf(f.id);
      if (!axis) continue;
      const partner = WIND_PARTNER[f.code];
      const wind = partner !== undefined && t.factors.some((p) => p.code === partner && axisOf(p.id) !== undefined);
      // A code element (the weather code) is a grid of classes: drawn cell by cell only.
      const classes = isCategoryFactor(f.code);
      out.push({ name: f.layer, title: `${t.name} ${f.name}`, bbox, axis, ...(wind ? { wind } : {}), ...(classes ? { classes } : {}) });
    }
  }
  return out;
}

/** Degrees to 6 decimals (about 0.1 m): grid edges computed as lon0 − dx/2 carry float noise (31.575000000000003). */
export function roundDegrees(v: number): number {
  return Math.round(v * 1e6) / 1e6 || 0;
}

/** GetCapabilities for both versions: the 1.3.0 document uses CRS and EX_GeographicBoundingBox, 1.1.1 SRS and LatLonBoundingBox. */
export function capabilitiesXml(
  version: WmsVersion,
  serviceUrl: string,
  layers: CapabilityLayer[],
  tokenQuery: string,
  lang: Lang = 'zh',
): string {
  const v13 = version === '1.3.0';
  const crsTag = v13 ? 'CRS' : 'SRS';
  const href = (query = '') => ({ 'xmlns:xlink': XLINK, 'xlink:type': 'simple', 'xlink:href': `${serviceUrl}?${tokenQuery}${query}` });
  const doc = xmlDocument({ version: '1.0', encoding: 'UTF-8' });
  const root = v13
    ? doc.ele(WMS_NS, 'WMS_Capabilities', { version: '1.3.0', 'xmlns:xlink': XLINK })
    : doc.ele('WMT_MS_Capabilities', { version: '1.1.1' });
  const service = root.ele('Service');
  service.ele('Name').txt(v13 ? 'WMS' : 'OGC:WMS');
  service.ele('Title').txt('Agromet Console forecast grids');
  service.ele('OnlineResource', href());
  // 1.3.0 states its limits (1.1.1 has no place for them): one layer per GetMap, images of at most MAX_IMAGE_SIZE.
  if (v13) {
    service.ele('LayerLimit').txt('1');
    service.ele('MaxWidth').txt(String(MAX_IMAGE_SIZE));
    service.ele('MaxHeight').txt(String(MAX_IMAGE_SIZE));
  }
  const capability = root.ele('Capability');
  const request = capability.ele('Request');
  const operations: Array<[string, string[]]> = [
    ['GetCapabilities', [v13 ? 'text/xml' : 'application/vnd.ogc.wms_xml']],
    ['GetMap', ['image/png', 'image/jpeg']],
    ['GetFeatureInfo', [...INFO_FORMATS]],
    ['GetLegendGraphic', ['image/png']],
  ];
  for (const [name, formats] of operations) {
    const op = request.ele(name);
    for (const f of formats) op.ele('Format').txt(f);
    op.ele('DCPType').ele('HTTP').ele('Get').ele('OnlineResource', href());
  }
  capability
    .ele('Exception')
    .ele('Format')
    .txt(v13 ? 'XML' : 'application/vnd.ogc.se_xml');
  const top = capability.ele('Layer');
  top.ele('Title').txt('Agromet Console');
  top.ele(crsTag).txt('EPSG:4326').up().ele(crsTag).txt('EPSG:3857');
  for (const l of layers) {
    const [west, south, east, north] = [l.bbox.west, l.bbox.south, l.bbox.east, l.bbox.north].map((v) => String(roundDegrees(v)));
    const layer = top.ele('Layer', { queryable: '1', opaque: '0' });
    layer.ele('Name').txt(l.name).up().ele('Title').txt(l.title);
    layer.ele(crsTag).txt('EPSG:4326').up().ele(crsTag).txt('EPSG:3857');
    if (v13) {
      layer.ele('CRS').txt('CRS:84');
      layer
        .ele('EX_GeographicBoundingBox')
        .ele('westBoundLongitude')
        .txt(west!)
        .up()
        .ele('eastBoundLongitude')
        .txt(east!)
        .up()
        .ele('southBoundLatitude')
        .txt(south!)
        .up()
        .ele('northBoundLatitude')
        .txt(north!);
      // EPSG:4326 in WMS 1.3.0 is latitude first.
      layer.ele('BoundingBox', { CRS: 'EPSG:4326', minx: south!, miny: west!, maxx: north!, maxy: east! });
    } else {
      layer.ele('LatLonBoundingBox', { minx: west!, miny: south!, maxx: east!, maxy: north! });
      layer.ele('BoundingBox', { SRS: 'EPSG:4326', minx: west!, miny: south!, maxx: east!, maxy: north! });
    }
    const { axis } = l;
    const defaultRun = axis?.runs.find((r) => r.baseTime === axis.defaultRun);
    // TIME is the valid time, reference_time the run (issue time), lead the hours between (of the default run).
    const dimensions: Array<[string, string, string, string]> =
      axis && defaultRun
        ? [
            ['time', 'ISO8601', axis.defaultTime, axis.validTimes.join(',')],
            ['reference_time', 'ISO8601', axis.defaultRun, axis.runs.map((r) => r.baseTime).join(',')],
            ['lead', 'hours', String(axis.defaultLead), defaultRun.leads.join(',')],
          ]
        : [];
    if (v13) {
      for (const [name, units, def, values] of dimensions) layer.ele('Dimension', { name, units, default: def }).txt(values);
    } else {
      for (const [name, units] of dimensions) layer.ele('Dimension', { name, units });
      for (const [name, , def, values] of dimensions) layer.ele('Extent', { name, default: def }).txt(values);
    }
    // The first style is the default (an empty STYLES draws it).
    const styles: readonly WmsStyle[] = l.classes ? ['nearest'] : l.wind ? [...WMS_STYLES, ...WIND_STYLES] : WMS_STYLES;
    for (const style of styles) {
      layer
        .ele('Style')
        .ele('Name')
        .txt(style)
        .up()
        .ele('Title')
        .txt(STYLE_TITLES[lang][style])
        .up()
        .ele('LegendURL', { width: '90', height: '240' })
        .ele('Format')
        .txt('image/png')
        .up()
        .ele(
          'OnlineResource',
          href(`&SERVICE=WMS&REQUEST=GetLegendGraphic&VERSION=${version}&FORMAT=image/png&LAYER=${l.name}&STYLE=${style}`),
        );
    }
  }
  return `${doc.end({ headless: false })}\n`;
}
