import sharp from 'sharp';
import { wrapText } from '../../core/cartography/ops.js';
import { appendText, textPath, textWidth } from '../../core/cartography/text-outline.js';
import type { XmlElement } from '../../core/xml.js';

// A legend's words in the map font (the bundled Noto Sans SC, as outlines from text-outline.ts): measured with the
// same font's advances they are drawn with, whatever fonts the machine has. A legend is then as wide as its words
// need, never cutting them at its edge.

/** The legends' text size, px. */
const FONT_PX = 11;
/** Distance between a wrapped title's baselines, and from the title's top to its first baseline, px. */
const LINE_PX = 14;
const ASCENT_PX = 11;
/** The widest a legend grows to keep a long word of its title whole; past it the word breaks. */
export const LEGEND_TITLE_MAX_WIDTH = 200;
/** Where the title's ink starts (px from the legend's top) and the room under it. */
export const LEGEND_TITLE_TOP = 5;
const TITLE_GAP = 9;
const TITLE_LEFT = 4;

/** A label of a legend (11 px, its outline in the legend's ink) with its baseline at y. */
export const legendLabel = (svg: XmlElement, text: string, x: number, y: number): void =>
  appendText(svg, text, x, y, FONT_PX, { decimals: 1 });

export interface LegendTitle {
  /** The title's lines as one outline path (placed at the legend's top left); empty for an empty title. */
  d: string;
  width: number;
  height: number;
  /** Where the legend's body (colour bar, classes, symbols) starts under it. */
  bodyTop: number;
}

const widest = (lines: readonly string[], bold: boolean) => Math.max(0, ...lines.map((l) => Math.ceil(textWidth(l, FONT_PX, bold))));

/**
 * A legend's title (bold), wrapped between words to `width` px. A word longer than that widens it rather than being
 * cut, up to LEGEND_TITLE_MAX_WIDTH, past which the word breaks; the legend is as wide as the title it gets.
 */
export function legendTitle(text: string, width: number): LegendTitle {
  if (!text.trim()) return { d: '', width: 0, height: 0, bodyTop: LEGEND_TITLE_TOP + 10 + TITLE_GAP };
  let lines = wrapText(text.trim(), FONT_PX, width, true);
  if (widest(lines, true) > LEGEND_TITLE_MAX_WIDTH) lines = wrapText(text.trim(), FONT_PX, LEGEND_TITLE_MAX_WIDTH, true, true);
  const d = lines
    .map((l, k) => textPath(l, TITLE_LEFT, LEGEND_TITLE_TOP + ASCENT_PX + k * LINE_PX, FONT_PX, { bold: true, decimals: 1 }))
    .join('');
  const height = lines.length * LINE_PX;
  return { d, width: widest(lines, true), height, bodyTop: LEGEND_TITLE_TOP + height + TITLE_GAP };
}

/** The width in px of the widest of some labels, as the legend draws them. */
export function widestLabel(labels: readonly string[]): number {
  return widest(
    labels.filter((l) => l.trim()),
    false,
  );
}

/** An SVG legend rasterised with its title at the top left. */
export function withTitle(svg: string, title: LegendTitle): Promise<Buffer> {
  const drawn = title.d ? svg.replace(/<\/svg>\s*$/, `<path d="${title.d}" fill="#222222"/></svg>`) : svg;
  return sharp(Buffer.from(drawn)).png().toBuffer();
}
