import type { LegendEntry } from '@agromet/grid';
import sharp from 'sharp';
import { xmlDocument } from '../xml.js';

// The WMS legend of a product's class layer (risk levels, zoning classes): a bold title, then one box and name per
// class from the top, as the rows are given. One drawing for both (docs/wms.md#zoning-products, docs/risk.md#on-the-map).

const ROW = 26;
const TOP = 26;

/** PNG of a class legend, 140 px wide and at least `height` tall (as tall as its rows need). */
export function classLegendPng(title: string, rows: readonly LegendEntry[], height = 240): Promise<Buffer> {
  const svg = xmlDocument().ele('http://www.w3.org/2000/svg', 'svg', {
    width: '140',
    height: String(Math.max(height, TOP + rows.length * ROW + 6)),
    'font-family': "'Noto Sans CJK SC', sans-serif",
    'font-size': '12',
    fill: '#222',
  });
  svg.ele('rect', { width: '100%', height: '100%', fill: '#ffffff', 'fill-opacity': '0.85' });
  svg.ele('text', { x: '4', y: '16', 'font-weight': 'bold' }).txt(title);
  rows.forEach((r, n) => {
    const y = TOP + n * ROW;
    svg.ele('rect', { x: '4', y: String(y), width: '22', height: '18', fill: r.color, stroke: '#555' });
    svg.ele('text', { x: '32', y: String(y + 13) }).txt(r.label);
  });
  return sharp(Buffer.from(svg.end({ headless: true })))
    .png()
    .toBuffer();
}
