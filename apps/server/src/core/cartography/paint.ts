import { createCanvas, loadImage } from '@napi-rs/canvas';
import { parseColor } from '@agromet/grid';
import sharp from 'sharp';
import { productFonts } from './fonts.js';
import { consolePdf } from './pdf-document.js';
import { fontOf, INK, type Op } from './ops.js';
import type { MapLang } from './words.js';

// The painters of a composed map (docs/products.md#layout): the same operations painted on a canvas for the PNG and
// with pdfkit for the PDF (vector text and lines, the font embedded as a subset, the class raster as an image).

export interface Composed {
  ops: Op[];
  page: { width: number; height: number };
}

export async function paintCanvas(
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
