import type { MapInput } from './input.js';
import { FOOTER_LINE, type PageLayout } from './layout.js';
import { fitText, GREY, imageSize, INK, measureText, RED, wrapText, type Op } from './ops.js';
import { MAP_WORDS } from './words.js';

// The page around the map (docs/products.md#furniture): the header (logo and issuing office at the left, the title
// with element and valid period and the subtitle in the middle, a red rule under them), the footer (issuing unit and
// issue time, data source, notes) and the frames.

/** The footer's lines: issuer and issue time, the data source, then each note on a line of its own. */
export function footerLines(input: MapInput): number {
  const notes = [input.footer, ...(input.notes ?? [])].filter((s) => !!s).length;
  return (input.issuer || input.issueTime ? 1 : 0) + (input.source ? 1 : 0) + notes;
}

export function headerOps(input: MapInput, L: PageLayout, ops: Op[]): void {
  const u = L.unit;
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
}

export function footerOps(input: MapInput, L: PageLayout, ops: Op[]): void {
  const u = L.unit;
  const lang = input.lang;
  const ft = L.footer;
  const fs = 3 * u;
  let y = ft.y + 1.3 * u + FOOTER_LINE * u * 0.75;
  const line = FOOTER_LINE * u;
  if (input.issuer || input.issueTime) {
    const issued = input.issueTime ? `${MAP_WORDS.issued[lang]}${input.issueTime}` : '';
    const issuedW = issued ? measureText(issued, fs) : 0;
    if (input.issuer) {
      ops.push({
        k: 'text',
        s: fitText(`${MAP_WORDS.issuer[lang]}${input.issuer}`, fs, ft.w - issuedW - 14 * u),
        x: ft.x + 4 * u,
        y,
        size: fs,
        color: INK,
      });
    }
    if (issued) ops.push({ k: 'text', s: issued, x: ft.x + ft.w - 4 * u, y, size: fs, color: INK, align: 'right' });
    y += line;
  }
  if (input.source) {
    ops.push({
      k: 'text',
      s: fitText(`${MAP_WORDS.source[lang]}${input.source}`, fs * 0.9, ft.w - 8 * u),
      x: ft.x + 4 * u,
      y,
      size: fs * 0.9,
      color: GREY,
    });
    y += line;
  }
  for (const note of [input.footer, ...(input.notes ?? [])]) {
    if (!note) continue;
    ops.push({ k: 'text', s: fitText(note, fs * 0.9, ft.w - 8 * u), x: ft.x + ft.w / 2, y, size: fs * 0.9, color: GREY, align: 'center' });
    y += line;
  }
}

export function frameOps(L: PageLayout, ops: Op[]): void {
  const u = L.unit;
  ops.push({ k: 'rect', ...L.map, stroke: INK, width: 0.35 * u });
  ops.push({ k: 'rect', ...L.outer, stroke: INK, width: 0.7 * u });
}
