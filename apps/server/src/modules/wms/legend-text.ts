import sharp from 'sharp';

// A legend's words are measured (and its title drawn) by Pango, the text engine that also draws the SVG's labels
// through librsvg: the same font as the labels, whichever sans-serif the machine has, so that what is measured is
// what is drawn. A legend is then as wide as its words need, never cutting them at its edge.

/** The legends' font: 11 px sans-serif (Pango sizes in points; at 72 dpi a point is a pixel). */
const FONT = 'sans-serif';
const FONT_PX = 11;
/** The widest a legend grows to keep a long word of its title whole; past it the word breaks. */
export const LEGEND_TITLE_MAX_WIDTH = 200;
/** Where the title's ink starts (px from the legend's top) and the room under it. */
export const LEGEND_TITLE_TOP = 5;
const TITLE_GAP = 9;

/** Pango markup's specials escaped: a stored name is text, never markup. */
export function pangoText(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);
}

async function drawText(
  text: string,
  options: { bold?: boolean; width?: number; wrap?: 'word' | 'word-char' },
): Promise<{ png: Buffer; width: number; height: number }> {
  const { data, info } = await sharp({
    text: {
      text: `<span foreground="#222222">${pangoText(text)}</span>`,
      font: `${FONT}${options.bold ? ' bold' : ''} ${FONT_PX}`,
      dpi: 72,
      rgba: true,
      ...(options.width ? { width: options.width, wrap: options.wrap ?? 'word' } : {}),
    },
  })
    .png()
    .toBuffer({ resolveWithObject: true });
  return { png: data, width: info.width, height: info.height };
}

export interface LegendTitle {
  /** The title's ink as a transparent PNG; null for an empty title. */
  png: Buffer | null;
  width: number;
  height: number;
  /** Where the legend's body (colour bar, classes, symbols) starts under it. */
  bodyTop: number;
}

/**
 * A legend's title (bold), wrapped between words to `width` px. A word longer than that widens it rather than being
 * cut, up to LEGEND_TITLE_MAX_WIDTH, past which the word breaks; the legend is as wide as the title it gets.
 */
export async function legendTitle(text: string, width: number): Promise<LegendTitle> {
  if (!text.trim()) return { png: null, width: 0, height: 0, bodyTop: LEGEND_TITLE_TOP + 10 + TITLE_GAP };
  let drawn = await drawText(text, { bold: true, width });
  if (drawn.width > LEGEND_TITLE_MAX_WIDTH) drawn = await drawText(text, { bold: true, width: LEGEND_TITLE_MAX_WIDTH, wrap: 'word-char' });
  return { ...drawn, bodyTop: LEGEND_TITLE_TOP + drawn.height + TITLE_GAP };
}

/** The width in px of the widest of some labels, as the legend draws them (one Pango call for them all). */
export async function widestLabel(labels: readonly string[]): Promise<number> {
  const lines = labels.filter((l) => l.trim());
  if (lines.length === 0) return 0;
  return (await drawText(lines.join('\n'), {})).width;
}

/** An SVG legend rasterised with its title laid at the top left. */
export function withTitle(svg: string, title: LegendTitle): Promise<Buffer> {
  const image = sharp(Buffer.from(svg));
  return (title.png ? image.composite([{ input: title.png, left: 4, top: LEGEND_TITLE_TOP }]) : image).png().toBuffer();
}
