import { parseColor } from '@agromet/grid';
import sharp from 'sharp';
import { withTextChunks } from '../png-chunks.js';
import { xmlDocument, type XmlElement } from '../xml.js';
import { consolePdf } from './pdf-document.js';
import { INK, type Op } from './ops.js';
import { textPath } from './text-outline.js';
import type { MapLang } from './words.js';

// The painters of a composed map (docs/products.md#layout): the same operations written as one SVG document (text as
// the font's outlines, text-outline.ts) that sharp rasterises for the PNG, and painted with pdfkit for the PDF (vector
// text and lines, the font embedded as a subset, the class raster as an image).

export interface Composed {
  ops: Op[];
  page: { width: number; height: number };
}

/** Millimetres written with three decimals (a thousandth of a millimetre is far below a pixel). */
const mm = (v: number) => String(Math.round(v * 1000) / 1000);

function ringsPath(rings: number[][][], closed: boolean): string {
  let d = '';
  for (const ring of rings) {
    ring.forEach(([x, y], k) => (d += `${k === 0 ? 'M' : 'L'}${mm(x!)} ${mm(y!)}`));
    if (closed) d += 'Z';
  }
  return d;
}

const stroked = (stroke: string | undefined, width: number | undefined): Record<string, string> =>
  stroke ? { stroke, 'stroke-width': mm(width ?? 0.2) } : {};

/** The page as SVG in millimetres (viewBox), `width` × `height` px; images and the class raster as PNG data. */
async function pageSvg(c: Composed, scale: number, width: number, height: number): Promise<string> {
  const root = xmlDocument().ele('http://www.w3.org/2000/svg', 'svg', {
    width: String(width),
    height: String(height),
    // Exactly `scale` px per mm, as the PDF's page is exactly the paper.
    viewBox: `0 0 ${width / scale} ${height / scale}`,
    'stroke-linejoin': 'round',
  });
  // Clips nest as groups, closed again by unclip (the canvas's save and restore).
  let g: XmlElement = root;
  let clips = 0;
  const clipGroup = (shape: Record<string, string>, tag: 'rect' | 'path') => {
    const id = `c${clips++}`;
    g.ele('clipPath', { id }).ele(tag, shape);
    g = g.ele('g', { 'clip-path': `url(#${id})` });
  };
  for (const op of c.ops) {
    switch (op.k) {
      case 'rect':
        g.ele('rect', {
          x: mm(op.x),
          y: mm(op.y),
          width: mm(op.w),
          height: mm(op.h),
          fill: op.fill ?? 'none',
          ...stroked(op.stroke, op.width),
        });
        break;
      case 'path':
        g.ele('path', {
          d: ringsPath(op.rings, op.closed),
          fill: op.fill ?? 'none',
          'fill-rule': 'evenodd',
          ...stroked(op.stroke, op.width),
          ...(op.stroke && op.dash ? { 'stroke-dasharray': op.dash.map(mm).join(' ') } : {}),
        });
        break;
      case 'text': {
        const d = textPath(op.s, op.x, op.y, op.size, { bold: op.bold, align: op.align, decimals: 3 });
        if (!d) break;
        // The halo: the same outline stroked in white under the letters.
        if (op.halo) g.ele('path', { d, fill: 'none', stroke: '#ffffff', 'stroke-opacity': '0.9', 'stroke-width': mm(op.size * 0.22) });
        g.ele('path', { d, fill: op.color ?? INK });
        break;
      }
      case 'image':
        g.ele('image', { ...box(op), preserveAspectRatio: 'none', href: dataUri(await sharp(op.data).png().toBuffer()) });
        break;
      case 'raster': {
        // Drawn unsmoothed: scaled to its device pixels by nearest neighbour here, and by nearest again by librsvg
        // (optimizeSpeed) for the fraction of a pixel the page's position leaves; the class edges stay pure colours.
        const dw = Math.max(1, Math.round(op.w * scale));
        const dh = Math.max(1, Math.round(op.h * scale));
        let image = sharp(op.rgb, { raw: { width: op.pw, height: op.ph, channels: 3 } });
        if (dw !== op.pw || dh !== op.ph) image = image.resize(dw, dh, { kernel: 'nearest', fit: 'fill' });
        const png = await image.png({ compressionLevel: 1 }).toBuffer();
        g.ele('image', { ...box(op), preserveAspectRatio: 'none', 'image-rendering': 'optimizeSpeed', href: dataUri(png) });
        break;
      }
      case 'clipPath':
        clipGroup({ d: ringsPath(op.rings, true), 'clip-rule': 'evenodd' }, 'path');
        break;
      case 'clip':
        clipGroup(box(op), 'rect');
        break;
      case 'unclip':
        g = g.up();
        break;
    }
  }
  return root.end({ headless: true });
}

const box = (r: { x: number; y: number; w: number; h: number }) => ({ x: mm(r.x), y: mm(r.y), width: mm(r.w), height: mm(r.h) });
const dataUri = (png: Buffer) => `data:image/png;base64,${png.toString('base64')}`;

/** The map as PNG at `scale` px/mm, rasterised by sharp (librsvg) from its SVG. */
export async function paintPng(
  c: Composed,
  scale: number,
  meta: { title: string; author?: string },
): Promise<{ png: Buffer; width: number; height: number }> {
  const width = Math.round(c.page.width * scale);
  const height = Math.round(c.page.height * scale);
  const svg = await pageSvg(c, scale, width, height);
  // The document is ours (its images included): no size limit on its parse.
  const drawn = await sharp(Buffer.from(svg), { unlimited: true })
    .png({ compressionLevel: 6 })
    // pHYs at the drawing's resolution, so the PNG prints at the paper's size.
    .withMetadata({ density: scale * 25.4 })
    .toBuffer();
  // Title and author as text chunks (sharp writes none).
  const png = withTextChunks(drawn, { Title: meta.title, ...(meta.author ? { Author: meta.author } : {}), Software: 'Agromet Console' });
  return { png, width, height };
}

const PT_PER_MM = 72 / 25.4;

function pdfColor(c: string): [string, number] {
  const [r, g, b, a] = parseColor(c);
  return [`#${[r, g, b].map((v) => v.toString(16).padStart(2, '0')).join('')}`, a / 255];
}

export async function paintPdf(c: Composed, meta: { title: string; lang: MapLang; author?: string }): Promise<Buffer> {
  const { doc, bytes } = consolePdf(
    { lang: meta.lang, title: meta.title, author: meta.author ?? '' },
    { size: [c.page.width * PT_PER_MM, c.page.height * PT_PER_MM], margin: 0 },
  );
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
  return bytes;
}

/** pdfkit reads 8-bit PNG and baseline JPEG; anything else is re-encoded as PNG first. */
async function normalisedImage(data: Buffer): Promise<Buffer> {
  const meta = await sharp(data).metadata();
  if (meta.format === 'jpeg' && !meta.isProgressive) return data;
  return sharp(data).png().toBuffer();
}
