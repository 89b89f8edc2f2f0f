import sharp from 'sharp';
import type { Lang } from '../../core/messages.js';
import { BODY_SIZE, fitPicture, HEADING_SIZE, M, PAGE, WIDTH } from './pdf-layout.js';
import { bodyBlocks, type Block, type Run } from './sanitize.js';

// A document's body in the bulletin PDF (docs/articles.md#pdf): headings, paragraphs, numbered and bulleted items,
// simple tables with pictures in their cells, pictures with their caption, rules.

type Doc = PDFKit.PDFDocument;
type TableBlock = Extract<Block, { k: 'table' }>;
type ImageBlock = Extract<Block, { k: 'image' }>;

/** Fetches an embedded image's bytes (null: not the customer's, or gone; it is then left out). */
export type ImageSource = (src: string) => Promise<Buffer | null>;

async function pdfImage(data: Buffer): Promise<{ png: Buffer; w: number; h: number } | null> {
  try {
    const { data: png, info } = await sharp(data).png().toBuffer({ resolveWithObject: true });
    return { png, w: info.width, h: info.height };
  } catch {
    return null;
  }
}

/** A new page when `h` points no longer fit above the bottom margin. */
export function ensure(doc: Doc, h: number): void {
  if (doc.y + h > PAGE.h - M.bottom) doc.addPage();
}

const text = (runs: Run[]) => runs.map((r) => r.text).join('');

/** Runs of text (bold, italic, underlined) flowing as one paragraph from `x`. */
function runsText(doc: Doc, runs: Run[], x: number, width: number, size: number, opts: { bold?: boolean; indent?: number } = {}) {
  const list = runs.filter((r) => r.text.length > 0);
  if (!list.length) return;
  doc.fontSize(size);
  doc.x = x;
  list.forEach((r, i) => {
    doc.font(opts.bold || r.bold ? 'bold' : 'regular');
    const first = i === 0;
    const o = {
      width,
      continued: i < list.length - 1,
      underline: r.underline,
      // Noto Sans SC has no italic face: emphasis is the upright glyphs slanted by 12°.
      oblique: r.italic ? 12 : false,
      lineGap: 3,
      ...(first && opts.indent ? { indent: opts.indent } : {}),
    };
    // pdfkit drops the options when x is passed as undefined, so a continued run passes only its options.
    if (first) doc.text(r.text, x, doc.y, o);
    else doc.text(r.text, o);
  });
}

/** The pictures of each cell of a row, scaled to the cell's width (at most 160 pt high), to stack below its text. */
async function cellPictures(row: TableBlock['rows'][number], cw: number, images: ImageSource) {
  return Promise.all(
    row.map(async (c) => {
      const list = [];
      for (const im of c.images) {
        const bytes = await images(im.src);
        const img = bytes ? await pdfImage(bytes) : null;
        if (!img) continue;
        list.push({ png: img.png, ...fitPicture(img.w, img.h, cw - 8, 160) });
      }
      return list;
    }),
  );
}

async function drawTable(doc: Doc, b: TableBlock, images: ImageSource): Promise<void> {
  const cols = Math.max(...b.rows.map((r) => r.length));
  const cw = WIDTH / cols;
  doc.moveDown(0.3);
  for (const row of b.rows) {
    const pics = await cellPictures(row, cw, images);
    doc.fontSize(10.5);
    const heights = row.map((c, i) => {
      doc.font(c.header ? 'bold' : 'regular');
      const t = text(c.runs).trim();
      const th = t || !pics[i]!.length ? doc.heightOfString(t || ' ', { width: cw - 8 }) : 0;
      return th + pics[i]!.reduce((sum, p) => sum + p.h + 4, 0);
    });
    const h = Math.max(16, ...heights) + 8;
    ensure(doc, h);
    const y = doc.y;
    row.forEach((c, i) => {
      const x = M.left + i * cw;
      if (c.header) doc.rect(x, y, cw, h).fillColor('#f2f2f2').fill();
      doc.rect(x, y, cw, h).lineWidth(0.6).strokeColor('#555555').stroke();
      let cy = y + 4;
      const t = text(c.runs).trim();
      if (t || !pics[i]!.length) {
        doc
          .fillColor('#000000')
          .font(c.header ? 'bold' : 'regular')
          .fontSize(10.5)
          .text(t, x + 4, cy, { width: cw - 8, align: 'center', oblique: c.runs.some((r) => r.italic) ? 12 : false });
        cy = doc.y + 2;
      }
      for (const p of pics[i]!) {
        doc.image(p.png, x + (cw - p.w) / 2, cy, { width: p.w, height: p.h });
        cy += p.h + 4;
      }
    });
    doc.x = M.left;
    doc.y = y + h;
  }
  doc.moveDown(0.6);
}

async function drawImage(doc: Doc, b: ImageBlock, images: ImageSource): Promise<void> {
  const bytes = await images(b.src);
  const img = bytes ? await pdfImage(bytes) : null;
  if (!img) return;
  const { w: fw, h } = fitPicture(img.w, img.h, WIDTH, 480);
  ensure(doc, h + 24);
  doc.image(img.png, M.left + (WIDTH - fw) / 2, doc.y, { width: fw, height: h });
  doc.y += h + 4;
  if (b.alt) {
    doc.font('regular').fontSize(10).fillColor('#333333').text(b.alt, M.left, doc.y, { width: WIDTH, align: 'center' });
  }
  doc.moveDown(0.6);
}

/** Draws the body's blocks from the current position, adding pages as they fill. */
export async function drawBody(doc: Doc, body: string, lang: Lang, images: ImageSource): Promise<void> {
  for (const b of bodyBlocks(body) as Block[]) {
    doc.fillColor('#000000');
    switch (b.k) {
      case 'heading': {
        const size = HEADING_SIZE[b.level] ?? 12;
        ensure(doc, size * 3);
        doc.moveDown(0.3);
        runsText(doc, b.runs, M.left, WIDTH, size, { bold: true });
        doc.moveDown(0.3);
        break;
      }
      case 'para':
        runsText(doc, b.runs, M.left, WIDTH, BODY_SIZE, { indent: lang === 'zh' ? BODY_SIZE * 2 : 0 });
        doc.moveDown(0.4);
        break;
      case 'item': {
        const x = M.left + 18 + b.depth * 18;
        ensure(doc, BODY_SIZE * 2);
        const y = doc.y;
        doc
          .font('regular')
          .fontSize(BODY_SIZE)
          .text(b.ordered ? `${b.n}.` : '•', x - 16, y, { width: 16, lineBreak: false });
        doc.y = y;
        runsText(doc, b.runs, x, PAGE.w - M.right - x, BODY_SIZE);
        doc.moveDown(0.2);
        break;
      }
      case 'table':
        await drawTable(doc, b, images);
        break;
      case 'image':
        await drawImage(doc, b, images);
        break;
      case 'rule':
        doc
          .moveTo(M.left, doc.y + 4)
          .lineTo(PAGE.w - M.right, doc.y + 4)
          .lineWidth(0.5)
          .strokeColor('#999999')
          .stroke();
        doc.y += 10;
        break;
    }
  }
}
