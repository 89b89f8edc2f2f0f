import { xmlDocument } from '../../core/xml.js';

/** What GetFeatureInfo answers about one pixel, in every INFO_FORMAT. */
export interface FeatureInfo {
  layer: string;
  name: string;
  unit: string;
  lon: number;
  lat: number;
  value: number | null;
  baseTime: string;
  validTime: string;
  lead: number;
  version: number;
}

const FIELDS: Array<keyof FeatureInfo> = ['layer', 'name', 'unit', 'lon', 'lat', 'value', 'baseTime', 'validTime', 'lead', 'version'];

/** An HTML page with one table row per field (written by an XML writer: every value is escaped). */
export function featureInfoHtml(info: FeatureInfo): string {
  const doc = xmlDocument().ele('html');
  doc.ele('head').ele('meta', { charset: 'utf-8' }).up().ele('title').txt(info.layer);
  const table = doc.ele('body').ele('table', { border: '1' });
  for (const f of FIELDS) {
    const v = info[f];
    table
      .ele('tr')
      .ele('th')
      .txt(f)
      .up()
      .ele('td')
      .txt(v === null ? 'missing' : String(v));
  }
  return `<!DOCTYPE html>\n${doc.end({ headless: true })}\n`;
}

/** An XML name from a layer name (letters, digits, `.`, `-`, `_`; not starting with a digit or punctuation). */
function xmlName(s: string): string {
  const n = s.replace(/[^A-Za-z0-9._-]/g, '_');
  return /^[A-Za-z_]/.test(n) ? n : `_${n}`;
}

/** GML 2 in the layout MapServer answers (`<layer>_layer` / `<layer>_feature`), the point as its geometry. */
export function featureInfoGml(info: FeatureInfo): string {
  const doc = xmlDocument({ version: '1.0', encoding: 'UTF-8' });
  const root = doc.ele('msGMLOutput', {
    'xmlns:gml': 'http://www.opengis.net/gml',
    'xmlns:xsi': 'http://www.w3.org/2001/XMLSchema-instance',
  });
  const name = xmlName(info.layer);
  const layer = root.ele(`${name}_layer`);
  layer.ele('gml:name').txt(info.layer);
  const feature = layer.ele(`${name}_feature`);
  feature
    .ele('gml:boundedBy')
    .ele('gml:Box', { srsName: 'EPSG:4326' })
    .ele('gml:coordinates')
    .txt(`${info.lon},${info.lat} ${info.lon},${info.lat}`);
  feature.ele('gml:pointProperty').ele('gml:Point', { srsName: 'EPSG:4326' }).ele('gml:coordinates').txt(`${info.lon},${info.lat}`);
  for (const f of FIELDS) {
    if (f === 'lon' || f === 'lat') continue;
    const v = info[f];
    feature.ele(f).txt(v === null ? '' : String(v));
  }
  return `${doc.end({ prettyPrint: true })}\n`;
}
