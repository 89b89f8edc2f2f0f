import { issueLabel, type ArticleDetail } from '@agromet/contracts';
import { translate, type Lang } from '../../core/messages.js';
import { consolePdf } from '../../core/cartography/pdf-document.js';
import { longDate } from './dates.js';
import { drawBody, ensure, type ImageSource } from './pdf-blocks.js';
import { BODY_SIZE, M, PAGE, RED, WIDTH } from './pdf-layout.js';

// The bulletin layout (docs/articles.md#pdf), A4 portrait: the series name in large red type, the issue line (issue
// number, approver), the unit and date, a red rule, the title, the body (headings, paragraphs, numbered and bulleted
// items, simple tables, embedded images) and on every page a footer with the unit and page number. Text uses the map
// products' Noto Sans SC, embedded as a subset of the glyphs used, so Chinese prints the same on any machine.

type Doc = PDFKit.PDFDocument;

/** The series name in large red type, the issue line (issue number, approver), the unit and date, a red double rule. */
function masthead(doc: Doc, a: ArticleDetail, lang: Lang): void {
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
}

/** The attachments' names in one line below the body. */
function attachmentLine(doc: Doc, a: ArticleDetail, lang: Lang): void {
  if (!a.attachments.length) return;
  ensure(doc, BODY_SIZE * 3);
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

/** On every page: a red rule, the unit and the page number. */
function footers(doc: Doc, a: ArticleDetail, lang: Lang): void {
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
}

export async function renderArticlePdf(a: ArticleDetail, images: ImageSource, lang: Lang): Promise<Buffer> {
  const { doc, bytes } = consolePdf({ lang, title: a.title, author: a.unit }, { size: 'A4', margins: M, bufferPages: true });
  masthead(doc, a, lang);
  doc.font('bold').fillColor('#000000').fontSize(19).text(a.title, M.left, doc.y, { width: WIDTH, align: 'center' });
  doc.moveDown(0.8);
  await drawBody(doc, a.body, lang, images);
  attachmentLine(doc, a, lang);
  footers(doc, a, lang);
  doc.end();
  return bytes;
}
