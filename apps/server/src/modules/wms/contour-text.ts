import sharp from 'sharp';
import { capHeight, textPath, textWidth } from '../../core/cartography/text-outline.js';

// The values of isolines written in the map font (the bundled Noto Sans SC the products use, as outlines from
// text-outline.ts) and rasterised by sharp: dark digits on a white halo, each text drawn once per thread and kept as
// RGBA pixels (a tile has a handful of distinct values; the cache holds the last few hundred).

/** Text size, px, and the halo's width around the glyphs. */
export const LABEL_FONT_PX = 11;
const HALO_PX = 3;
const INK = '#111111';
const PAD = 2;
const CACHE_SIZE = 256;

export interface LabelSprite {
  width: number;
  height: number;
  /** Straight (not premultiplied) RGBA. */
  rgba: Uint8ClampedArray;
}

// Promises, so that two tiles drawn at once in a thread draw a new text once.
const cache = new Map<string, Promise<LabelSprite>>();

/** A label's pixels: the text centred in a box with room for its halo. */
export function labelSprite(text: string): Promise<LabelSprite> {
  const hit = cache.get(text);
  if (hit) {
    // Most recently used last.
    cache.delete(text);
    cache.set(text, hit);
    return hit;
  }
  const drawn = drawLabel(text);
  cache.set(text, drawn);
  if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value!);
  return drawn;
}

/** The sprites of a drawing's label texts, by text. */
export async function labelSprites(texts: readonly string[]): Promise<Map<string, LabelSprite>> {
  const unique = [...new Set(texts)];
  const sprites = await Promise.all(unique.map(labelSprite));
  return new Map(unique.map((t, k) => [t, sprites[k]!]));
}

async function drawLabel(text: string): Promise<LabelSprite> {
  const width = Math.ceil(textWidth(text, LABEL_FONT_PX)) + 2 * PAD + HALO_PX - 1;
  // Digits of 11 px stand 8 px tall: a box of 15 px keeps their halo whole, the digits centred in it on a whole pixel
  // (their feet sharp).
  const height = LABEL_FONT_PX + PAD + HALO_PX - 1;
  const baseline = Math.round((height + capHeight() * LABEL_FONT_PX) / 2);
  const d = textPath(text, width / 2, baseline, LABEL_FONT_PX, { align: 'center' });
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    `<path d="${d}" fill="none" stroke="#ffffff" stroke-opacity="0.92" stroke-width="${HALO_PX}" stroke-linejoin="round"/>` +
    `<path d="${d}" fill="${INK}"/></svg>`;
  const { data, info } = await sharp(Buffer.from(svg)).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, rgba: new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength) };
}
