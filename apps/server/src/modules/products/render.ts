import { createCanvas, loadImage, type SKRSContext2D } from '@napi-rs/canvas';
import type { GridGeometry, MultiPolygonGeometry, PolygonGeometry } from '@agromet/grid';
import { parseColor } from '@agromet/grid';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import { fontBytes, PRODUCT_FONT_FAMILY, productFonts } from './fonts.js';
import {
  classBBox,
  fitProjection,
  inside,
  labelPoint,
  pageLayout,
  placeWithoutOverlap,
  projectRings,
  type BBox,
  type Paper,
  type Projection,
  type Rect,
} from './layout.js';
import { scaleBar } from './product-rules.js';

export { classifyValues } from './product-rules.js';

// The map product renderer (docs/products.md#layout): a class grid drawn over a page with title, subtitle, the
// customer's name and logo, boundaries with names, stations with values, the legend with its unit, a scale bar, a
// north arrow, the issuer, the issue time and a footer. The page is composed once into a list of drawing operations
// in millimetres (text measured with the same font for both outputs), then painted twice: on a canvas for the PNG and
// with pdfkit for the PDF (vector text and lines, the font embedded as a subset, the class raster as an image).
// Risk maps use the same renderer with the four warning colours.

export interface MapLegendClass {
  /** '#rrggbb'; '#rrggbb00' (transparent): the class is drawn blank and left out of the legend. */
  color: string;
  label: string;
}

export type ProductLang = 'zh' | 'en' | 'es';
export type AreaGeometry = PolygonGeometry | MultiPolygonGeometry;

export interface MapProductInput {
  lang: ProductLang;
  paper: Paper;
  geometry: GridGeometry;
  /** One class index per cell (index into legend.classes); 255: no class (outside the region, no value). */
  classes: Uint8Array;
  /**
   * Optional continuous values behind the classes: each pixel is then classed from the values interpolated
   * bilinearly between the cells (smooth class edges, as filled contours read), where its cell has a class.
   */
  field?: { values: Float32Array; thresholds: readonly number[] };
  legend: { title: string; unit?: string; classes: MapLegendClass[] };
  title: string;
  subtitle?: string;
  issuer?: string;
  issueTime?: string;
  customerName?: string;
  /** PNG or JPEG bytes. */
  logo?: Buffer | null;
  footer?: string;
  boundaries?: Array<{ name?: string; geometry: AreaGeometry; level: 'province' | 'county' }>;
  /** Draw the names of the boundaries (default true). */
  boundaryLabels?: boolean;
  regionOutline?: AreaGeometry | null;
  /** The class raster is drawn only inside this shape (a boundary area: smooth edges along its outline). */
  clipRaster?: AreaGeometry | null;
  stations?: Array<{ name: string; lon: number; lat: number; value?: string }>;
  scaleBar?: boolean;
  northArrow?: boolean;
  bbox?: BBox;
}

export interface MapProductOutput {
  png: Buffer;
  pdf: Buffer | null;
  /** Pixels of the PNG. */
  width: number;
  height: number;
  /** Where the legend's swatches were drawn (mm from the top left), class by class: checked by the output test. */
  swatches: Array<{ classIndex: number; x: number; y: number; w: number; h: number }>;
  /** The paper millimetre → PNG pixel factor used. */
  pngScale: number;
}

// ---- drawing operations ------------------------------------------------------------------------

type Align = 'left' | 'center' | 'right';

type Op =
  | { k: 'rect'; x: number; y: number; w: number; h: number; fill?: string; stroke?: string; width?: number }
  | { k: 'path'; rings: number[][][]; closed: boolean; fill?: string; stroke?: string; width?: number; dash?: number[] }
  | { k: 'text'; s: string; x: number; y: number; size: number; bold?: boolean; color?: string; align?: Align; halo?: boolean }
  | { k: 'image'; data: Buffer; x: number; y: number; w: number; h: number }
  | { k: 'raster'; rgb: Buffer; pw: number; ph: number; x: number; y: number; w: number; h: number }
  | { k: 'clip'; x: number; y: number; w: number; h: number }
  | { k: 'clipPath'; rings: number[][][] }
  | { k: 'unclip' };

const INK = '#1f2328';
const GREY = '#57606a';
const RED = '#c8102e';

let measureCtx: SKRSContext2D | null = null;
const fontOf = (size: number, bold?: boolean) => `${bold ? 'bold ' : ''}${size}px ${PRODUCT_FONT_FAMILY}`;

/** Width in mm of a text at a size in mm (the canvas's metrics of the product font). */
export function measureText(s: string, size: number, bold = false): number {
  productFonts();
  if (!measureCtx) measureCtx = createCanvas(16, 16).getContext('2d');
  measureCtx.font = fontOf(100, bold);
  return (measureCtx.measureText(s).width * size) / 100;
}

/** Cuts a text to fit `maxW` mm, ending with … */
function fitText(s: string, size: number, maxW: number, bold = false): string {
  if (measureText(s, size, bold) <= maxW) return s;
  let t = s;
  while (t.length > 1 && measureText(`${t}…`, size, bold) > maxW) t = t.slice(0, -1);
  return `${t}…`;
}

const NORTH: Record<ProductLang, string> = { zh: '北', en: 'N', es: 'N' };
const LEGEND: Record<ProductLang, string> = { zh: '图　例', en: 'Legend', es: 'Leyenda' };
const KM: Record<ProductLang, string> = { zh: '公里', en: 'km', es: 'km' };
const ISSUER: Record<ProductLang, string> = { zh: '发布单位：', en: 'Issued by: ', es: 'Emitido por: ' };
const ISSUED: Record<ProductLang, string> = { zh: '发布时间：', en: 'Issued: ', es: 'Emitido: ' };

/** RGB raster of the map frame at `scale` px/mm: each pixel the colour of the class of the cell under its centre. */
function mapRaster(input: MapProductInput, proj: Projection, frame: Rect, scale: number): { rgb: Buffer; pw: number; ph: number } {
  const g = input.geometry;
  const pw = Math.max(1, Math.round(frame.w * scale));
  const ph = Math.max(1, Math.round(frame.h * scale));
  const colors = input.legend.classes.map((c) => parseColor(c.color));
  const lut = new Uint8Array(256 * 3).fill(255);
  colors.forEach(([r, gr, b, a], k) => {
    if (a === 0) return;
    // Colours with partial alpha are laid over white, as on paper.
    const f = a / 255;
    lut[3 * k] = Math.round(r * f + 255 * (1 - f));
    lut[3 * k + 1] = Math.round(gr * f + 255 * (1 - f));
    lut[3 * k + 2] = Math.round(b * f + 255 * (1 - f));
  });
  const col = new Int32Array(pw);
  for (let px = 0; px < pw; px++) {
    const i = Math.round((proj.lon(frame.x + (px + 0.5) / scale) - g.lon0) / g.dx);
    col[px] = i >= 0 && i < g.nx ? i : -1;
  }
  const rgb = Buffer.alloc(pw * ph * 3, 255);
  const field = input.field;
  const t = field ? Float64Array.from(field.thresholds, (b) => Math.fround(b)) : null;
  // Fractional cell column of each pixel (bilinear weights).
  const fcol = new Float64Array(pw);
  for (let px = 0; px < pw; px++) fcol[px] = (proj.lon(frame.x + (px + 0.5) / scale) - g.lon0) / g.dx;
  for (let py = 0; py < ph; py++) {
    const fj = (proj.lat(frame.y + (py + 0.5) / scale) - g.lat0) / g.dy;
    const j = Math.round(fj);
    if (j < 0 || j >= g.ny) continue;
    const row = j * g.nx;
    let o = py * pw * 3;
    for (let px = 0; px < pw; px++, o += 3) {
      const i = col[px]!;
      if (i < 0) continue;
      let c = input.classes[row + i]!;
      if (c === 255) continue;
      if (field && t) {
        const v = bilinear(field.values, g, fcol[px]!, fj);
        if (!Number.isNaN(v)) {
          let lo = 0;
          let hi = t.length;
          while (lo < hi) {
            const mid = (lo + hi) >> 1;
            if (v >= t[mid]!) lo = mid + 1;
            else hi = mid;
          }
          c = lo;
        }
      }
      rgb[o] = lut[3 * c]!;
      rgb[o + 1] = lut[3 * c + 1]!;
      rgb[o + 2] = lut[3 * c + 2]!;
    }
  }
  return { rgb, pw, ph };
}

/** The value at a fractional cell position from the valid ones of its four cells (weights renormalised). */
function bilinear(values: Float32Array, g: GridGeometry, fi: number, fj: number): number {
  const i0 = Math.floor(fi);
  const j0 = Math.floor(fj);
  const a = fi - i0;
  const b = fj - j0;
  let sum = 0;
  let wsum = 0;
  for (let dj = 0; dj <= 1; dj++) {
    const j = j0 + dj;
    if (j < 0 || j >= g.ny) continue;
    for (let di = 0; di <= 1; di++) {
      const i = i0 + di;
      if (i < 0 || i >= g.nx) continue;
      const v = values[j * g.nx + i]!;
      if (Number.isNaN(v)) continue;
      const w = (di ? a : 1 - a) * (dj ? b : 1 - b);
      sum += w * v;
      wsum += w;
    }
  }
  return wsum > 0 ? sum / wsum : Number.NaN;
}

const isBlank = (color: string) => parseColor(color)[3] === 0;

interface Composed {
  ops: Op[];
  page: { width: number; height: number };
  swatches: MapProductOutput['swatches'];
}

function compose(input: MapProductInput, rasterScale: number): Composed {
  const L = pageLayout(input.paper);
  const u = L.unit;
  const ops: Op[] = [];
  const lang = input.lang;
  const frame = L.map;
  const bbox = input.bbox ?? classBBox(input.geometry, input.classes) ?? gridBox(input.geometry);
  const proj = fitProjection(bbox, frame);

  ops.push({ k: 'rect', x: 0, y: 0, w: L.page.width, h: L.page.height, fill: '#ffffff' });

  // Map: the classes, then boundaries, the region's outline, names and stations, all clipped to the frame.
  const raster = mapRaster(input, proj, frame, rasterScale);
  ops.push({ k: 'clip', ...frame });
  if (input.clipRaster) ops.push({ k: 'clipPath', rings: projectRings(input.clipRaster, proj, 0.05) });
  ops.push({ k: 'raster', ...raster, ...frame });
  if (input.clipRaster) ops.push({ k: 'unclip' });
  const bounds = input.boundaries ?? [];
  for (const level of ['county', 'province'] as const) {
    for (const b of bounds.filter((x) => x.level === level)) {
      const rings = projectRings(b.geometry, proj);
      if (rings.length) {
        ops.push({
          k: 'path',
          rings,
          closed: true,
          stroke: level === 'province' ? '#4a4a4a' : '#8c8c8c',
          width: (level === 'province' ? 0.35 : 0.18) * u,
          dash: level === 'county' ? [1.2 * u, 0.6 * u] : undefined,
        });
      }
    }
  }
  if (input.regionOutline) {
    ops.push({ k: 'path', rings: projectRings(input.regionOutline, proj, 0.1), closed: true, stroke: INK, width: 0.6 * u });
  }

  // Corners the legend, the north arrow and the scale bar hold: labels keep off them.
  const legendBox = legendRect(input, frame, u);
  const arrowBox: Rect = { x: frame.x + frame.w - 16 * u, y: frame.y + 3 * u, w: 13 * u, h: 19 * u };
  const scaleBox: Rect = { x: frame.x + frame.w - 62 * u, y: frame.y + frame.h - 14 * u, w: 59 * u, h: 11 * u };
  const blocked = [legendBox, ...(input.northArrow === false ? [] : [arrowBox]), ...(input.scaleBar === false ? [] : [scaleBox])];

  const labelOps: Op[] = [];
  const stationSize = 2.5 * u;
  const stationItems = (input.stations ?? [])
    .map((s) => {
      const x = proj.x(s.lon);
      const y = proj.y(s.lat);
      const text = s.value !== undefined ? `${s.name} ${s.value}` : s.name;
      const w = measureText(text, stationSize) + 1.6 * u;
      return { s, x, y, text, box: { x: x - 0.8 * u, y: y - stationSize * 0.9, w: w + 0.8 * u, h: stationSize * 1.25 } };
    })
    .filter((it) => inside(frame, it.x, it.y) && it.box.x + it.box.w <= frame.x + frame.w);
  const keptStations = placeWithoutOverlap(stationItems, blocked);
  const nameSize = (3 * u) as number;
  const nameItems =
    input.boundaryLabels === false
      ? []
      : bounds
          .filter((b) => b.name)
          .map((b) => {
            const p = labelPoint(b.geometry);
            if (!p) return null;
            const x = proj.x(p[0]);
            const y = proj.y(p[1]);
            const size = b.level === 'province' ? nameSize : nameSize * 0.85;
            const w = measureText(b.name!, size);
            return { b, x, y, size, box: { x: x - w / 2, y: y - size, w, h: size * 1.3 } };
          })
          .filter(
            (it): it is NonNullable<typeof it> =>
              it !== null && inside(frame, it.box.x, it.box.y) && inside(frame, it.box.x + it.box.w, it.box.y + it.box.h),
          );
  const keptNames = placeWithoutOverlap(nameItems, [...blocked, ...keptStations.map((s) => s.box)]);
  for (const n of keptNames) {
    labelOps.push({
      k: 'text',
      s: n.b.name!,
      x: n.x,
      y: n.y,
      size: n.size,
      color: n.b.level === 'province' ? '#3b3b3b' : '#5c5c5c',
      align: 'center',
      halo: true,
    });
  }
  for (const st of keptStations) {
    const r = 0.7 * u;
    labelOps.push({ k: 'path', rings: [circle(st.x, st.y, r)], closed: true, fill: INK, stroke: '#ffffff', width: 0.2 * u });
    if (st.s.value !== undefined) {
      const nameW = measureText(`${st.s.name} `, stationSize);
      labelOps.push({
        k: 'text',
        s: st.s.name,
        x: st.x + 1.4 * u,
        y: st.y + stationSize * 0.35,
        size: stationSize,
        color: INK,
        halo: true,
      });
      labelOps.push({
        k: 'text',
        s: st.s.value,
        x: st.x + 1.4 * u + nameW,
        y: st.y + stationSize * 0.35,
        size: stationSize,
        bold: true,
        color: '#0b3d91',
        halo: true,
      });
    } else {
      labelOps.push({
        k: 'text',
        s: st.s.name,
        x: st.x + 1.4 * u,
        y: st.y + stationSize * 0.35,
        size: stationSize,
        color: INK,
        halo: true,
      });
    }
  }
  ops.push(...labelOps);
  ops.push({ k: 'unclip' });

  // Legend.
  const swatches = legendOps(input, legendBox, u, ops);

  // North arrow.
  if (input.northArrow !== false) {
    const cx = arrowBox.x + arrowBox.w / 2;
    const top = arrowBox.y + 7 * u;
    const h = 12 * u;
    const w = 4.2 * u;
    ops.push({
      k: 'text',
      s: NORTH[lang],
      x: cx,
      y: arrowBox.y + 6 * u,
      size: 4.2 * u,
      bold: true,
      color: INK,
      align: 'center',
      halo: true,
    });
    ops.push({
      k: 'path',
      rings: [
        [
          [cx, top],
          [cx - w, top + h],
          [cx, top + h * 0.72],
        ],
      ],
      closed: true,
      fill: INK,
      stroke: INK,
      width: 0.2 * u,
    });
    ops.push({
      k: 'path',
      rings: [
        [
          [cx, top],
          [cx + w, top + h],
          [cx, top + h * 0.72],
        ],
      ],
      closed: true,
      fill: '#ffffff',
      stroke: INK,
      width: 0.2 * u,
    });
  }

  // Scale bar: four segments, alternately dark and white.
  if (input.scaleBar !== false) {
    const bar = scaleBar(proj.kmPerMm, 40 * u);
    const size = 2.6 * u;
    const endLabel = `${bar.km} ${KM[lang]}`;
    const endW = measureText(endLabel, size);
    const x0 = scaleBox.x + scaleBox.w - 3 * u - endW / 2 - bar.mm;
    const y0 = scaleBox.y + 6 * u;
    const segH = 1.6 * u;
    ops.push({ k: 'rect', x: x0 - 3 * u, y: scaleBox.y + 1 * u, w: bar.mm + endW / 2 + 5.5 * u, h: 8.5 * u, fill: '#ffffffd9' });
    for (let s = 0; s < 4; s++) {
      ops.push({
        k: 'rect',
        x: x0 + (s * bar.mm) / 4,
        y: y0,
        w: bar.mm / 4,
        h: segH,
        fill: s % 2 === 0 ? INK : '#ffffff',
        stroke: INK,
        width: 0.2 * u,
      });
    }
    ops.push({ k: 'text', s: '0', x: x0, y: y0 - 1 * u, size, color: INK, align: 'center' });
    ops.push({ k: 'text', s: String(bar.km / 2), x: x0 + bar.mm / 2, y: y0 - 1 * u, size, color: INK, align: 'center' });
    ops.push({ k: 'text', s: endLabel, x: x0 + bar.mm, y: y0 - 1 * u, size, color: INK, align: 'center' });
  }

  // Frames.
  ops.push({ k: 'rect', ...frame, stroke: INK, width: 0.35 * u });
  ops.push({ k: 'rect', ...L.outer, stroke: INK, width: 0.7 * u });

  // Header: logo and customer name at the left, the title and subtitle in the middle, a red rule under them. When
  // the title would not fit beside them (a long title on portrait paper), they go on a small line above it and the
  // title takes the whole width.
  const hd = L.header;
  const hasSub = !!input.subtitle;
  const fullSize = (input.paper.orientation === 'portrait' ? 6.4 : 7) * u;
  const custNameSize = 3.4 * u;
  const logoSize = input.logo ? imageSize(input.logo) : null;
  const logoW = (h: number) => (logoSize ? Math.min(30 * u, (h * logoSize.width) / logoSize.height) : h);
  const nameW = input.customerName ? Math.min(52 * u, measureText(input.customerName, custNameSize, true)) : 0;
  const besideReserved = 4 * u + (input.logo ? logoW(14 * u) + 3 * u : 0) + nameW + 3 * u;
  const besideMax = hd.w - 2 * besideReserved;
  const stacked = !!(input.logo || input.customerName) && measureText(input.title, fullSize * 0.85, true) > besideMax;
  let titleMax: number;
  let titleY: number;
  let subY: number;
  if (!stacked) {
    let x = hd.x + 4 * u;
    if (input.logo) {
      const h = 14 * u;
      ops.push({ k: 'image', data: input.logo, x, y: hd.y + (hd.h - h) / 2 - 1 * u, w: logoW(h), h });
      x += logoW(h) + 3 * u;
    }
    if (input.customerName) {
      const lines = wrapText(input.customerName, custNameSize, 52 * u, true).slice(0, 2);
      lines.forEach((line, k) => {
        const y = hd.y + hd.h / 2 + (k - (lines.length - 1) / 2) * custNameSize * 1.3 + custNameSize * 0.3;
        ops.push({ k: 'text', s: line, x, y, size: custNameSize, bold: true, color: RED });
      });
    }
    titleMax = besideMax;
    titleY = hd.y + (hasSub ? 11 : 14) * u;
    subY = hd.y + 18.2 * u;
  } else {
    let x = hd.x + 4 * u;
    const h = 5 * u;
    if (input.logo) {
      ops.push({ k: 'image', data: input.logo, x, y: hd.y + 1.6 * u, w: logoW(h), h });
      x += logoW(h) + 2 * u;
    }
    if (input.customerName) {
      const s2 = 2.9 * u;
      ops.push({
        k: 'text',
        s: fitText(input.customerName, s2, hd.w - (x - hd.x) - 4 * u, true),
        x,
        y: hd.y + 5.4 * u,
        size: s2,
        bold: true,
        color: RED,
      });
    }
    titleMax = hd.w - 8 * u;
    titleY = hd.y + (hasSub ? 13.4 : 15) * u;
    subY = hd.y + 19.6 * u;
  }
  // The title shrinks to fit (down to 70 %), then it is cut.
  let titleSize = stacked ? fullSize * 0.92 : fullSize;
  const natural = measureText(input.title, titleSize, true);
  if (natural > titleMax) titleSize = Math.max(titleSize * 0.7, (titleSize * titleMax) / natural);
  const title = fitText(input.title, titleSize, titleMax, true);
  ops.push({ k: 'text', s: title, x: hd.x + hd.w / 2, y: titleY, size: titleSize, bold: true, color: INK, align: 'center' });
  if (hasSub) {
    ops.push({
      k: 'text',
      s: fitText(input.subtitle!, 3.6 * u, titleMax),
      x: hd.x + hd.w / 2,
      y: subY,
      size: 3.6 * u,
      color: GREY,
      align: 'center',
    });
  }
  ops.push({
    k: 'path',
    rings: [
      [
        [hd.x + 3 * u, hd.y + hd.h - 2 * u],
        [hd.x + hd.w - 3 * u, hd.y + hd.h - 2 * u],
      ],
    ],
    closed: false,
    stroke: RED,
    width: 0.6 * u,
  });

  // Footer: issuer at the left, the issue time at the right, the note between them, or on a line of its own under
  // them when the room between is too small (portrait paper).
  const ft = L.footer;
  const fs = 3 * u;
  const issued = input.issueTime ? `${ISSUED[lang]}${input.issueTime}` : '';
  const issuedW = issued ? measureText(issued, fs) : 0;
  const issuerText = input.issuer ? `${ISSUER[lang]}${input.issuer}` : '';
  const noteW = input.footer ? measureText(input.footer, fs * 0.9) : 0;
  const oneLineIssuer = issuerText ? fitText(issuerText, fs, ft.w * 0.45 - issuedW / 2) : '';
  const room = ft.w - 16 * u - 2 * Math.max(oneLineIssuer ? measureText(oneLineIssuer, fs) : 0, issuedW);
  const twoLines = !!input.footer && (noteW > room || oneLineIssuer !== issuerText);
  const fy = twoLines ? ft.y + 4.4 * u : ft.y + ft.h / 2 + 1.2 * u;
  const issuer = twoLines && issuerText ? fitText(issuerText, fs, ft.w - issuedW - 14 * u) : oneLineIssuer;
  if (issuer) ops.push({ k: 'text', s: issuer, x: ft.x + 4 * u, y: fy, size: fs, color: INK });
  if (issued) ops.push({ k: 'text', s: issued, x: ft.x + ft.w - 4 * u, y: fy, size: fs, color: INK, align: 'right' });
  if (input.footer) {
    const s2 = fitText(input.footer, fs * 0.9, twoLines ? ft.w - 8 * u : room);
    ops.push({ k: 'text', s: s2, x: ft.x + ft.w / 2, y: twoLines ? ft.y + 8.8 * u : fy, size: fs * 0.9, color: GREY, align: 'center' });
  }
  return { ops, page: L.page, swatches };
}

function gridBox(g: GridGeometry): BBox {
  const lonA = g.lon0 - g.dx / 2;
  const lonB = g.lon0 + (g.nx - 0.5) * g.dx;
  const latA = g.lat0 - g.dy / 2;
  const latB = g.lat0 + (g.ny - 0.5) * g.dy;
  return { west: Math.min(lonA, lonB), east: Math.max(lonA, lonB), south: Math.min(latA, latB), north: Math.max(latA, latB) };
}

function circle(x: number, y: number, r: number): number[][] {
  const pts: number[][] = [];
  for (let k = 0; k < 16; k++) pts.push([x + r * Math.cos((k * Math.PI) / 8), y + r * Math.sin((k * Math.PI) / 8)]);
  return pts;
}

function wrapText(s: string, size: number, maxW: number, bold = false): string[] {
  if (measureText(s, size, bold) <= maxW) return [s];
  // Latin words stay whole; CJK text breaks between any two characters.
  const tokens = s.match(/[A-Za-zÀ-ÿ0-9'’.,()-]+\s*|\s+|./gu) ?? [s];
  const lines: string[] = [];
  let line = '';
  for (const tok of tokens) {
    if (line && measureText(line + tok.trimEnd(), size, bold) > maxW) {
      lines.push(line.trimEnd());
      line = tok.trimStart();
    } else line += tok;
  }
  if (line.trim()) lines.push(line.trimEnd());
  return lines;
}

/** Pixel size of a PNG or JPEG from its header (no decoding). */
export function imageSize(b: Buffer): { width: number; height: number } | null {
  if (b.length > 24 && b.readUInt32BE(0) === 0x89504e47) return { width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
  if (b.length > 4 && b[0] === 0xff && b[1] === 0xd8) {
    let o = 2;
    while (o + 9 < b.length) {
      if (b[o] !== 0xff) return null;
      const marker = b[o + 1]!;
      const len = b.readUInt16BE(o + 2);
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
        return { height: b.readUInt16BE(o + 5), width: b.readUInt16BE(o + 7) };
      }
      o += 2 + len;
    }
  }
  return null;
}

const legendEntries = (input: MapProductInput) =>
  input.legend.classes.map((c, classIndex) => ({ ...c, classIndex })).filter((c) => !isBlank(c.color));

function legendRect(input: MapProductInput, frame: Rect, u: number): Rect {
  const entries = legendEntries(input);
  const titleSize = 3.2 * u;
  const labelSize = 2.9 * u;
  const rowH = Math.min(5.6 * u, (frame.h * 0.62) / Math.max(entries.length, 1));
  const title = legendTitle(input);
  const w =
    Math.max(
      measureText(LEGEND[input.lang], titleSize, true),
      measureText(title, labelSize),
      ...entries.map((e) => 9 * u + measureText(e.label, labelSize)),
    ) +
    6 * u;
  const h = 13 * u + rowH * entries.length + 2 * u;
  return { x: frame.x + 3 * u, y: frame.y + frame.h - h - 3 * u, w, h };
}

const legendTitle = (input: MapProductInput) =>
  (input.legend.unit ? `${input.legend.title}（${input.legend.unit}）` : input.legend.title).replace(
    /（(.*)）/,
    input.lang === 'zh' ? '（$1）' : ' ($1)',
  );

function legendOps(input: MapProductInput, box: Rect, u: number, ops: Op[]): MapProductOutput['swatches'] {
  const entries = legendEntries(input);
  const titleSize = 3.2 * u;
  const labelSize = 2.9 * u;
  const rowH = Math.min(5.6 * u, ((box.h - 15 * u) / Math.max(entries.length, 1)) * 1);
  ops.push({ k: 'rect', ...box, fill: '#ffffff', stroke: INK, width: 0.25 * u });
  ops.push({
    k: 'text',
    s: LEGEND[input.lang],
    x: box.x + box.w / 2,
    y: box.y + 5 * u,
    size: titleSize,
    bold: true,
    color: INK,
    align: 'center',
  });
  ops.push({ k: 'text', s: legendTitle(input), x: box.x + 3 * u, y: box.y + 10.5 * u, size: labelSize, color: GREY });
  const swatches: MapProductOutput['swatches'] = [];
  entries.forEach((e, k) => {
    const y = box.y + 13 * u + k * rowH;
    const sw = { x: box.x + 3 * u, y: y + rowH * 0.12, w: 7 * u, h: rowH * 0.76 };
    ops.push({ k: 'rect', ...sw, fill: e.color.slice(0, 7), stroke: '#6e7781', width: 0.15 * u });
    ops.push({ k: 'text', s: e.label, x: sw.x + sw.w + 2 * u, y: y + rowH * 0.5 + labelSize * 0.36, size: labelSize, color: INK });
    swatches.push({ classIndex: e.classIndex, ...sw });
  });
  return swatches;
}

// ---- painting -----------------------------------------------------------------------------------

async function paintCanvas(
  c: Composed,
  scale: number,
  meta: { title: string; author?: string },
): Promise<{ png: Buffer; width: number; height: number }> {
  productFonts();
  const width = Math.round(c.page.width * scale);
  const height = Math.round(c.page.height * scale);
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.scale(scale, scale);
  ctx.lineJoin = 'round';
  for (const op of c.ops) {
    switch (op.k) {
      case 'rect':
        if (op.fill) {
          ctx.fillStyle = op.fill;
          ctx.fillRect(op.x, op.y, op.w, op.h);
        }
        if (op.stroke) {
          ctx.strokeStyle = op.stroke;
          ctx.lineWidth = op.width ?? 0.2;
          ctx.strokeRect(op.x, op.y, op.w, op.h);
        }
        break;
      case 'path':
        ctx.beginPath();
        for (const ring of op.rings) {
          ring.forEach(([x, y], k) => (k === 0 ? ctx.moveTo(x!, y!) : ctx.lineTo(x!, y!)));
          if (op.closed) ctx.closePath();
        }
        if (op.fill) {
          ctx.fillStyle = op.fill;
          ctx.fill('evenodd');
        }
        if (op.stroke) {
          ctx.strokeStyle = op.stroke;
          ctx.lineWidth = op.width ?? 0.2;
          ctx.setLineDash(op.dash ?? []);
          ctx.stroke();
          ctx.setLineDash([]);
        }
        break;
      case 'text': {
        ctx.font = fontOf(op.size, op.bold);
        ctx.textAlign = op.align ?? 'left';
        ctx.textBaseline = 'alphabetic';
        if (op.halo) {
          ctx.strokeStyle = 'rgba(255,255,255,0.9)';
          ctx.lineWidth = op.size * 0.22;
          ctx.strokeText(op.s, op.x, op.y);
        }
        ctx.fillStyle = op.color ?? INK;
        ctx.fillText(op.s, op.x, op.y);
        break;
      }
      case 'image': {
        const img = await loadImage(op.data);
        ctx.drawImage(img, op.x, op.y, op.w, op.h);
        break;
      }
      case 'raster': {
        const rgba = new Uint8ClampedArray(op.pw * op.ph * 4);
        for (let s = 0, d = 0; s < op.rgb.length; s += 3, d += 4) {
          rgba[d] = op.rgb[s]!;
          rgba[d + 1] = op.rgb[s + 1]!;
          rgba[d + 2] = op.rgb[s + 2]!;
          rgba[d + 3] = 255;
        }
        const tmp = createCanvas(op.pw, op.ph);
        const tctx = tmp.getContext('2d');
        const data = tctx.createImageData(op.pw, op.ph);
        data.data.set(rgba);
        tctx.putImageData(data, 0, 0);
        ctx.imageSmoothingEnabled = false;
        ctx.drawImage(tmp, op.x, op.y, op.w, op.h);
        ctx.imageSmoothingEnabled = true;
        break;
      }
      case 'clipPath':
        ctx.save();
        ctx.beginPath();
        for (const ring of op.rings) {
          ring.forEach(([x, y], k) => (k === 0 ? ctx.moveTo(x!, y!) : ctx.lineTo(x!, y!)));
          ctx.closePath();
        }
        ctx.clip('evenodd');
        break;
      case 'clip':
        ctx.save();
        ctx.beginPath();
        ctx.rect(op.x, op.y, op.w, op.h);
        ctx.clip();
        break;
      case 'unclip':
        ctx.restore();
        break;
    }
  }
  // pHYs at the drawing's resolution, so the PNG prints at the paper's size; title and author as text chunks.
  const png = await canvas.encode('png', {
    resolution: Math.round(scale * 25.4),
    title: meta.title,
    ...(meta.author ? { author: meta.author } : {}),
    software: 'Agromet Console',
  });
  return { png, width, height };
}

const PT_PER_MM = 72 / 25.4;

function pdfColor(c: string): [string, number] {
  const [r, g, b, a] = parseColor(c);
  return [`#${[r, g, b].map((v) => v.toString(16).padStart(2, '0')).join('')}`, a / 255];
}

async function paintPdf(c: Composed, meta: { title: string; lang: ProductLang; author?: string }): Promise<Buffer> {
  const fonts = productFonts();
  const doc = new PDFDocument({
    size: [c.page.width * PT_PER_MM, c.page.height * PT_PER_MM],
    margin: 0,
    compress: true,
    lang: meta.lang === 'zh' ? 'zh-CN' : meta.lang,
    info: { Title: meta.title, Author: meta.author ?? '', Creator: 'Agromet Console', Producer: 'Agromet Console' },
    displayTitle: true,
  });
  const chunks: Buffer[] = [];
  doc.on('data', (d: Buffer) => chunks.push(d));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', () => resolve());
    doc.on('error', reject);
  });
  doc.registerFont('regular', fontBytes(fonts.regular));
  doc.registerFont('bold', fontBytes(fonts.bold));
  doc.scale(PT_PER_MM);
  const fill = (color: string) => {
    const [hex, a] = pdfColor(color);
    doc.fillColor(hex, a);
  };
  const stroke = (color: string) => {
    const [hex, a] = pdfColor(color);
    doc.strokeColor(hex, a);
  };
  for (const op of c.ops) {
    switch (op.k) {
      case 'rect':
        doc.rect(op.x, op.y, op.w, op.h);
        if (op.fill && op.stroke) {
          fill(op.fill);
          stroke(op.stroke);
          doc.lineWidth(op.width ?? 0.2).fillAndStroke();
        } else if (op.fill) {
          fill(op.fill);
          doc.fill();
        } else if (op.stroke) {
          stroke(op.stroke);
          doc.lineWidth(op.width ?? 0.2).stroke();
        }
        break;
      case 'path': {
        for (const ring of op.rings) {
          ring.forEach(([x, y], k) => (k === 0 ? doc.moveTo(x!, y!) : doc.lineTo(x!, y!)));
          if (op.closed) doc.closePath();
        }
        doc.lineJoin('round');
        if (op.dash) doc.dash(op.dash[0]!, { space: op.dash[1]! });
        else doc.undash();
        if (op.fill && op.stroke) {
          fill(op.fill);
          stroke(op.stroke);
          doc.lineWidth(op.width ?? 0.2).fillAndStroke(op.fill, op.stroke, 'even-odd');
        } else if (op.fill) {
          fill(op.fill);
          doc.fill('even-odd');
        } else if (op.stroke) {
          stroke(op.stroke);
          doc.lineWidth(op.width ?? 0.2).stroke();
        }
        doc.undash();
        break;
      }
      case 'text': {
        doc.font(op.bold ? 'bold' : 'regular').fontSize(op.size);
        const w = doc.widthOfString(op.s);
        const x = op.align === 'center' ? op.x - w / 2 : op.align === 'right' ? op.x - w : op.x;
        if (op.halo) {
          doc.save();
          doc
            .lineWidth(op.size * 0.22)
            .strokeColor('#ffffff', 0.9)
            .lineJoin('round');
          doc.text(op.s, x, op.y, { lineBreak: false, baseline: 'alphabetic', stroke: true, fill: false });
          doc.restore();
        }
        fill(op.color ?? INK);
        doc.text(op.s, x, op.y, { lineBreak: false, baseline: 'alphabetic' });
        break;
      }
      case 'image':
        doc.image(await normalisedImage(op.data), op.x, op.y, { width: op.w, height: op.h });
        break;
      case 'raster': {
        const png = await sharp(op.rgb, { raw: { width: op.pw, height: op.ph, channels: 3 } })
          .png({ compressionLevel: 6, palette: false })
          .toBuffer();
        doc.image(png, op.x, op.y, { width: op.w, height: op.h });
        break;
      }
      case 'clipPath':
        doc.save();
        for (const ring of op.rings) {
          ring.forEach(([x, y], k) => (k === 0 ? doc.moveTo(x!, y!) : doc.lineTo(x!, y!)));
          doc.closePath();
        }
        doc.clip('even-odd');
        break;
      case 'clip':
        doc.save();
        doc.rect(op.x, op.y, op.w, op.h).clip();
        break;
      case 'unclip':
        doc.restore();
        break;
    }
  }
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}

/** pdfkit reads 8-bit PNG and baseline JPEG; anything else is re-encoded as PNG first. */
async function normalisedImage(data: Buffer): Promise<Buffer> {
  const meta = await sharp(data).metadata();
  if (meta.format === 'jpeg' && !meta.isProgressive) return data;
  return sharp(data).png().toBuffer();
}

/** Default PNG resolution: 6 px/mm (about 150 dpi), 1782 × 1260 px on A4 landscape. */
export const PRODUCT_PNG_SCALE = 6;
/** The page's preview: about 1000 px wide on A4 landscape. */
export const PREVIEW_PNG_SCALE = 3.4;

/** Renders a map product as PNG (and PDF unless `pdf: false`). */
export async function renderMapProduct(
  input: MapProductInput,
  options: { pngScale?: number; pdf?: boolean; author?: string } = {},
): Promise<MapProductOutput> {
  const pngScale = options.pngScale ?? PRODUCT_PNG_SCALE;
  const composed = compose(input, pngScale);
  const { png, width, height } = await paintCanvas(composed, pngScale, { title: input.title, author: options.author });
  const pdf = options.pdf === false ? null : await paintPdf(composed, { title: input.title, lang: input.lang, author: options.author });
  return { png, pdf, width, height, swatches: composed.swatches, pngScale };
}
