import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import { issueLabel, type ArticleDetail } from '@agromet/contracts';
import { translate, type Lang } from '../../core/messages.js';
import { fontBytes, productFonts } from '../products/fonts.js';
import { bodyBlocks, type Block, type Run } from './sanitize.js';
import { longDate } from './service.js';

// The bulletin layout (docs/articles.md#pdf), A4 portrait: the series name in large red type, the issue line (issue
// number, approver), the unit and date, a red rule, the title, the body (headings, paragraphs, numbered and bulleted
// items, simple tables, embedded images) and on every page a footer with the unit and page number. Text uses the map
// products' Noto Sans SC, embedded as a subset of the glyphs used, so Chinese prints the same on any machine.

const RED = '#d40000';
const PAGE = { w: 595.28, h: 841.89 };
const M = { left: 68, right: 68, top: 64, bottom: 76 };
const WIDTH = PAGE.w - M.left - M.right;
const BODY_SIZE = 12;
const HEADING_SIZE: Record<number, number> = { 1: 17, 2: 15, 3: 13.5, 4: 12.5 };

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

export async function renderArticlePdf(a: ArticleDetail, images: ImageSource, lang: Lang): Promise<Buffer> {
  const fonts = productFonts();
  const doc = new PDFDocument({
    size: 'A4',
    margins: M,
    compress: true,
    bufferPages: true,
    lang: lang === 'zh' ? 'zh-CN' : lang,
    info: { Title: a.title, Author: a.unit, Creator: 'Agromet Console', Producer: 'Agromet Console' },
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

  // ---- masthead ----
  let series = 40;
  doc.font('bold');
  while (series > 20 && doc.fontSize(series).widthOfString(a.series, { characterSpacing: series * 0.15 }) > WIDTH) series -= 2;
  doc
    .fillColor(RED)
    .fontSize(series)
    .text(a.series, M.left, M.top, { width: WIDTH, align: 'center', characterSpacing: series * 0.15 });
  doc.moveDown(0.4);
  const issue =
    issueLabel(a.year, a.issueNo, lang) + (a.revision > 1 ? translate(lang, 'article.pdf.revision', { revision: a.revision - 1 }) : '');
  const y1 = doc.y;
  doc.font('regular').fillColor('#000000').fontSize(12).text(issue, M.left, y1, { width: WIDTH, align: 'center' });
  if (a.reviewerName)
    doc.text(translate(lang, 'article.pdf.signer', { name: a.reviewerName }), M.left, y1, { width: WIDTH, align: 'right' });
  if (a.state !== 'published')
    doc.fillColor('#888888').text(translate(lang, 'article.pdf.draft'), M.left, y1, { width: WIDTH, align: 'left' });
  doc.moveDown(0.3);
  const y2 = doc.y;
  doc.fillColor('#000000').text(a.unit, M.left, y2, { width: WIDTH, align: 'left' });
  doc.text(longDate(a.issuedAt ? new Date(a.issuedAt) : new Date(), lang), M.left, y2, { width: WIDTH, align: 'right' });
  const ruleY = doc.y + 6;
  doc
    .moveTo(M.left, ruleY)
    .lineTo(PAGE.w - M.right, ruleY)
    .lineWidth(2)
    .strokeColor(RED)
    .stroke();
  doc
    .moveTo(M.left, ruleY + 3.5)
    .lineTo(PAGE.w - M.right, ruleY + 3.5)
    .lineWidth(0.6)
    .stroke();
  doc.x = M.left;
  doc.y = ruleY + 20;

  // ---- title ----
  doc.font('bold').fillColor('#000000').fontSize(19).text(a.title, M.left, doc.y, { width: WIDTH, align: 'center' });
  doc.moveDown(0.8);

  // ---- body ----
  const runsText = (runs: Run[], x: number, width: number, size: number, opts: { bold?: boolean; indent?: number } = {}) => {
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
  };
  const ensure = (h: number) => {
    if (doc.y + h > PAGE.h - M.bottom) doc.addPage();
  };
  const text = (runs: Run[]) => runs.map((r) => r.text).join('');

  for (const b of bodyBlocks(a.body) as Block[]) {
    doc.fillColor('#000000');
    switch (b.k) {
      case 'heading': {
        const size = HEADING_SIZE[b.level] ?? 12;
        ensure(size * 3);
        doc.moveDown(0.3);
        runsText(b.runs, M.left, WIDTH, size, { bold: true });
        doc.moveDown(0.3);
        break;
      }
      case 'para':
        runsText(b.runs, M.left, WIDTH, BODY_SIZE, { indent: lang === 'zh' ? BODY_SIZE * 2 : 0 });
        doc.moveDown(0.4);
        break;
      case 'item': {
        const x = M.left + 18 + b.depth * 18;
        ensure(BODY_SIZE * 2);
        const y = doc.y;
        doc
          .font('regular')
          .fontSize(BODY_SIZE)
          .text(b.ordered ? `${b.n}.` : '•', x - 16, y, { width: 16, lineBreak: false });
        doc.y = y;
        runsText(b.runs, x, PAGE.w - M.right - x, BODY_SIZE);
        doc.moveDown(0.2);
        break;
      }
      case 'table': {
        const cols = Math.max(...b.rows.map((r) => r.length));
        const cw = WIDTH / cols;
        doc.moveDown(0.3);
        for (const row of b.rows) {
          // Pictures in a cell are scaled to its width (at most 160 pt high) and stacked below its text.
          const pics = await Promise.all(
            row.map(async (c) => {
              const list = [];
              for (const im of c.images) {
                const bytes = await images(im.src);
                const img = bytes ? await pdfImage(bytes) : null;
                if (!img) continue;
                let w = Math.min(cw - 8, img.w);
                let h = (w * img.h) / img.w;
                if (h > 160) {
                  h = 160;
                  w = (h * img.w) / img.h;
                }
                list.push({ png: img.png, w, h });
              }
              return list;
            }),
          );
          doc.fontSize(10.5);
          const heights = row.map((c, i) => {
            doc.font(c.header ? 'bold' : 'regular');
            const t = text(c.runs).trim();
            const th = t || !pics[i]!.length ? doc.heightOfString(t || ' ', { width: cw - 8 }) : 0;
            return th + pics[i]!.reduce((sum, p) => sum + p.h + 4, 0);
          });
          const h = Math.max(16, ...heights) + 8;
          ensure(h);
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
        break;
      }
      case 'image': {
        const bytes = await images(b.src);
        const img = bytes ? await pdfImage(bytes) : null;
        if (!img) break;
        const w = Math.min(WIDTH, img.w);
        let h = (w * img.h) / img.w;
        let fw = w;
        if (h > 480) {
          h = 480;
          fw = (h * img.w) / img.h;
        }
        ensure(h + 24);
        doc.image(img.png, M.left + (WIDTH - fw) / 2, doc.y, { width: fw, height: h });
        doc.y += h + 4;
        if (b.alt) {
          doc.font('regular').fontSize(10).fillColor('#333333').text(b.alt, M.left, doc.y, { width: WIDTH, align: 'center' });
        }
        doc.moveDown(0.6);
        break;
      }
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

  // ---- attachments ----
  if (a.attachments.length) {
    ensure(BODY_SIZE * 3);
    doc.moveDown(0.6);
    doc
      .font('regular')
      .fontSize(10.5)
      .fillColor('#000000')
      .text(
        translate(lang, 'article.pdf.attachments') + a.attachments.map((f, i) => `${i + 1}. ${f.name}`).join(lang === 'zh' ? '；' : '; '),
        M.left,
        doc.y,
        {
          width: WIDTH,
          lineGap: 3,
        },
      );
  }

  // ---- footers ----
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    doc.page.margins.bottom = 0;
    const fy = PAGE.h - M.bottom + 22;
    doc
      .moveTo(M.left, fy - 6)
      .lineTo(PAGE.w - M.right, fy - 6)
      .lineWidth(0.8)
      .strokeColor(RED)
      .stroke();
    doc
      .font('regular')
      .fontSize(9.5)
      .fillColor('#333333')
      .text(translate(lang, 'article.pdf.footer', { unit: a.unit, page: i + 1 }), M.left, fy, {
        width: WIDTH,
        align: 'center',
        lineBreak: false,
      });
  }
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}
