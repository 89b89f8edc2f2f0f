import type { GridGeometry } from '@agromet/grid';
import { footerLines, footerOps, frameOps, headerOps } from './frame.js';
import { furnitureBoxes, furnitureOps } from './furniture.js';
import type { MapInput, MapOutput } from './input.js';
import { classBBox, fitProjection, pageLayout, type BBox } from './layout.js';
import { legendLayout, legendOps } from './legend.js';
import { mapLayerOps } from './map-layer.js';
import type { Op } from './ops.js';
import { paintPdf, paintPng, type Composed } from './paint.js';
import { inputPlaces, labelOps } from './place-labels.js';
import type { PlaceRank } from './places.js';

// The one composition path of every map the console makes (docs/products.md#layout): map products, risk products and
// zoning maps. The page is composed once into drawing operations in millimetres — frame and layout, the map image,
// the legend, the labels, the furniture, each drawn by its own file — then painted twice: as SVG that sharp rasterises
// for the PNG, and with pdfkit for the PDF.

export interface ComposedMap extends Composed {
  swatches: MapOutput['swatches'];
  labels: MapOutput['labels'];
  dropped: string[];
}

function gridBox(g: GridGeometry): BBox {
  const lonA = g.lon0 - g.dx / 2;
  const lonB = g.lon0 + (g.nx - 0.5) * g.dx;
  const latA = g.lat0 - g.dy / 2;
  const latB = g.lat0 + (g.ny - 0.5) * g.dy;
  return { west: Math.min(lonA, lonB), east: Math.max(lonA, lonB), south: Math.min(latA, latB), north: Math.max(latA, latB) };
}

const RANKS: readonly PlaceRank[] = ['capital', 'prefecture', 'county'];

export function composeMap(input: MapInput, rasterScale: number): ComposedMap {
  const L = pageLayout(input.paper, footerLines(input));
  const u = L.unit;
  const frame = L.map;
  const proj = fitProjection(input.bbox ?? classBBox(input.geometry, input.classes) ?? gridBox(input.geometry), frame);
  const ops: Op[] = [{ k: 'rect', x: 0, y: 0, w: L.page.width, h: L.page.height, fill: '#ffffff' }];

  // The map image, clipped to the frame (the clip stays open for the labels).
  ops.push(...mapLayerOps(input, proj, frame, rasterScale, u));

  // The corners the legend, the north arrow and the scale bar hold: labels keep off them.
  const ranks = RANKS.filter((r) => inputPlaces(input).some((p) => p.rank === r));
  const legend = legendLayout(input, frame, u, ranks);
  const boxes = furnitureBoxes(frame, u);
  const blocked = [
    legend.box,
    ...(input.northArrow === false ? [] : [boxes.arrowBox]),
    ...(input.scaleBar === false ? [] : [boxes.scaleBox]),
  ];
  const { labels, dropped } = labelOps(input, proj, frame, u, blocked, ops);
  ops.push({ k: 'unclip' });

  const swatches = legendOps(input, legend, u, ranks, ops);
  furnitureOps(input, proj, boxes, u, ops);
  frameOps(L, ops);
  headerOps(input, L, ops);
  footerOps(input, L, ops);
  return { ops, page: L.page, swatches, labels, dropped };
}

/** Default PNG resolution: 6 px/mm (about 150 dpi), 1782 × 1260 px on A4 landscape. */
export const PRODUCT_PNG_SCALE = 6;
/** The page's preview: about 1000 px wide on A4 landscape. */
export const PREVIEW_PNG_SCALE = 3.4;

/** Renders a map as PNG (and PDF unless `pdf: false`). */
export async function renderMap(input: MapInput, options: { pngScale?: number; pdf?: boolean; author?: string } = {}): Promise<MapOutput> {
  const pngScale = options.pngScale ?? PRODUCT_PNG_SCALE;
  const composed = composeMap(input, pngScale);
  const { png, width, height } = await paintPng(composed, pngScale, { title: input.title, author: options.author });
  const pdf = options.pdf === false ? null : await paintPdf(composed, { title: input.title, lang: input.lang, author: options.author });
  return { png, pdf, width, height, swatches: composed.swatches, labels: composed.labels, dropped: composed.dropped, pngScale };
}
