import PDFDocument from 'pdfkit';
import { fontBytes, productFonts } from './fonts.js';

/**
 * A PDF of the console (maps, articles): the product font registered as `regular` and `bold`, the language, title and
 * author in its properties (the title shown as the window's), and its bytes, answered once `doc.end()` is called.
 */
export function consolePdf(
  meta: { lang: string; title: string; author: string },
  page: Pick<PDFKit.PDFDocumentOptions, 'size' | 'margin' | 'margins' | 'bufferPages'>,
): { doc: PDFKit.PDFDocument; bytes: Promise<Buffer> } {
  const fonts = productFonts();
  const doc = new PDFDocument({
    ...page,
    compress: true,
    lang: meta.lang === 'zh' ? 'zh-CN' : meta.lang,
    info: { Title: meta.title, Author: meta.author, Creator: 'Agromet Console', Producer: 'Agromet Console' },
    displayTitle: true,
  });
  const chunks: Buffer[] = [];
  doc.on('data', (d: Buffer) => chunks.push(d));
  const bytes = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('regular', fontBytes(fonts.regular));
  doc.registerFont('bold', fontBytes(fonts.bold));
  return { doc, bytes };
}
