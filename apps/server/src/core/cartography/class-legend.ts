import type { LegendEntry } from '@agromet/grid';
import sharp from 'sharp';
import { xmlDocument } from '../xml.js';
import { appendText } from './text-outline.js';

// The WMS legend of a product's class layer (risk levels, zoning classes): a bold title, then one box and name per
// class from the top, as the rows are given, written in the map font's outlines (text-outline.ts). One drawing for both
// (docs/wms.md#zoning-products, docs/risk.md#on-the-map).

const ROW = 26;
const FONT_PX = 12;
const TOP = 26;

/** PNG of a class legend, 140 px wide and at least `height` tall (as tall as its rows need). */
export function classLegendPng(title: string, rows: readonly LegendEntry[], height = 240): Promise<Buffer> {
  const svg = xmlDocument().ele('http://www.w3.org/2000/svg', 'svg', {
    width: '140',
    height: String(Math.max(height, TOP + rows.length * ROW + 6)),
    fill: '#222',
  });
  svg.ele('rect', { width: '100%', height: '100%', fill: '#ffffff', 'fill-opacity': '0.85' });
  appendText(svg, title, 4, 16, FONT_PX, { bold: true, decimals: 1 });
  rows.forEach((r, n) => {
    const y = TOP + n * ROW;
    svg.ele('rect', { x: '4', y: String(y), width: '22', height: '18', fill: r.color, stroke: '#555' });
    appendText(svg, r.label, 32, y + 13, FONT_PX, { decimals: 1 });
  });
  return sharp(Buffer.from(svg.end({ headless: true })))
    .png()
    .toBuffer();
}
