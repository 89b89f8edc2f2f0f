import type { ForecastTypeInfo } from '@agromet/contracts';
import type { WmsVersion } from './params.js';

export interface CapabilityLayer {
  name: string;
  title: string;
  bbox: { west: number; south: number; east: number; north: number };
  baseTimes: string[];
  leads: number[];
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * Layers with grids, each with its own times and leads: a layer's default (its first time and first lead) is always a
 * grid it has, whatever other factors of its type were imported since. Factors without any grid are not advertised.
 */
export function layersOf(types: ForecastTypeInfo[], bboxOf: (typeId: number) => CapabilityLayer['bbox'] | undefined): CapabilityLayer[] {
  const out: CapabilityLayer[] = [];
  for (const t of types) {
    const bbox = bboxOf(t.id);
    if (!bbox) continue;
    for (const f of t.factors) {
      if (f.baseTimes.length === 0 || f.leads.length === 0) continue;
      out.push({ name: f.layer, title: `${t.name} ${f.name}`, bbox, baseTimes: f.baseTimes, leads: f.leads });
    }
  }
  return out;
}

/** Degrees to 6 decimals (about 0.1 m): grid edges computed as lon0 − dx/2 carry float noise (31.575000000000003). */
export function roundDegrees(v: number): number {
  return Math.round(v * 1e6) / 1e6 || 0;
}

/** GetCapabilities for both versions: the 1.3.0 document uses CRS and EX_GeographicBoundingBox, 1.1.1 SRS and LatLonBoundingBox. */
export function capabilitiesXml(version: WmsVersion, serviceUrl: string, layers: CapabilityLayer[], tokenQuery: string): string {
  const url = esc(`${serviceUrl}?${tokenQuery}`);
  const v13 = version === '1.3.0';
  const crsTag = v13 ? 'CRS' : 'SRS';
  const online = `<OnlineResource xmlns:xlink="http://www.w3.org/1999/xlink" xlink:type="simple" xlink:href="${url}"/>`;
  const op = (name: string, formats: string[]) =>
    `<${name}>${formats.map((f) => `<Format>${f}</Format>`).join('')}<DCPType><HTTP><Get>${online}</Get></HTTP></DCPType></${name}>`;
  const layerXml = layers.map((l) => {
    const [west, south, east, north] = [l.bbox.west, l.bbox.south, l.bbox.east, l.bbox.north].map(roundDegrees);
    const geo = v13
      ? `<EX_GeographicBoundingBox><westBoundLongitude>${west}</westBoundLongitude><eastBoundLongitude>${east}</eastBoundLongitude><southBoundLatitude>${south}</southBoundLatitude><northBoundLatitude>${north}</northBoundLatitude></EX_GeographicBoundingBox>`
      : `<LatLonBoundingBox minx="${west}" miny="${south}" maxx="${east}" maxy="${north}"/>`;
    const bbox4326 = v13
      ? `<BoundingBox CRS="EPSG:4326" minx="${south}" miny="${west}" maxx="${north}" maxy="${east}"/>`
      : `<BoundingBox SRS="EPSG:4326" minx="${west}" miny="${south}" maxx="${east}" maxy="${north}"/>`;
    const times = l.baseTimes.join(',');
    const leads = l.leads.join(',');
    const dims = v13
      ? `<Dimension name="time" units="ISO8601" default="${l.baseTimes[0]}">${times}</Dimension><Dimension name="lead" units="hours" default="${l.leads[0] ?? 0}">${leads}</Dimension>`
      : `<Dimension name="time" units="ISO8601"/><Dimension name="lead" units="hours"/><Extent name="time" default="${l.baseTimes[0]}">${times}</Extent><Extent name="lead" default="${l.leads[0] ?? 0}">${leads}</Extent>`;
    const legend = esc(`${serviceUrl}?${tokenQuery}&SERVICE=WMS&REQUEST=GetLegendGraphic&VERSION=${version}&FORMAT=image/png&LAYER=${l.name}`);
    return `<Layer queryable="1" opaque="0"><Name>${esc(l.name)}</Name><Title>${esc(l.title)}</Title>`
      + `<${crsTag}>EPSG:4326</${crsTag}><${crsTag}>EPSG:3857</${crsTag}>${v13 ? '<CRS>CRS:84</CRS>' : ''}${geo}${bbox4326}${dims}`
      + `<Style><Name>default</Name><Title>default</Title><LegendURL width="90" height="240"><Format>image/png</Format><OnlineResource xmlns:xlink="http://www.w3.org/1999/xlink" xlink:type="simple" xlink:href="${legend}"/></LegendURL></Style></Layer>`;
  }).join('');
  const exceptions = v13 ? '<Exception><Format>XML</Format></Exception>' : '<Exception><Format>application/vnd.ogc.se_xml</Format></Exception>';
  const root = v13
    ? `<WMS_Capabilities version="1.3.0" xmlns="http://www.opengis.net/wms" xmlns:xlink="http://www.w3.org/1999/xlink">`
    : '<WMT_MS_Capabilities version="1.1.1">';
  const close = v13 ? '</WMS_Capabilities>' : '</WMT_MS_Capabilities>';
  return `<?xml version="1.0" encoding="UTF-8"?>\n${root}<Service><Name>${v13 ? 'WMS' : 'OGC:WMS'}</Name><Title>Agromet Console forecast grids</Title>${online}</Service>`
    + `<Capability><Request>${op('GetCapabilities', [v13 ? 'text/xml' : 'application/vnd.ogc.wms_xml'])}${op('GetMap', ['image/png'])}${op('GetFeatureInfo', ['application/json', 'text/plain'])}${op('GetLegendGraphic', ['image/png'])}</Request>`
    + `${exceptions}<Layer><Title>Agromet Console</Title><${crsTag}>EPSG:4326</${crsTag}><${crsTag}>EPSG:3857</${crsTag}>${layerXml}</Layer></Capability>${close}\n`;
}
