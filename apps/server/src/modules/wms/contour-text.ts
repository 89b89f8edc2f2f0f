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

function lookup(text: string): Promise<LabelSprite> | undefined {
  const hit = cache.get(text);
  if (hit) {
    // Most recently used last.
    cache.delete(text);
    cache.set(text, hit);
  }
  return hit;
}

function remember(text: string, sprite: Promise<LabelSprite>): Promise<LabelSprite> {
  cache.set(text, sprite);
  if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value!);
  // A failed drawing is not kept: the next tile tries again.
  sprite.catch(() => cache.get(text) === sprite && cache.delete(text));
  return sprite;
}

/**
 * The sprites of a drawing's label texts, by text: those not yet drawn in this thread are drawn together in one
 * sharp call (a call costs about 2 ms whatever it draws; a tile's new values then cost one).
 */
export async function labelSprites(texts: readonly string[]): Promise<Map<string, LabelSprite>> {
  const unique = [...new Set(texts)];
  const found = unique.map(lookup);
  const missing = unique.filter((_, k) => !found[k]);
  const drawn = missing.length > 0 ? drawLabels(missing) : null;
  const sprites = await Promise.all(
    unique.map(
      (t, k) =>
        found[k] ??
        remember(
          t,
          drawn!.then((all) => all[missing.indexOf(t)]!),
        ),
    ),
  );
  return new Map(unique.map((t, k) => [t, sprites[k]!]));
}

/** A label's pixels: the text centred in a box with room for its halo. */
export async function labelSprite(text: string): Promise<LabelSprite> {
  return (await labelSprites([text])).get(text)!;
}

/** Labels drawn one under the other in one SVG, then cut apart. */
async function drawLabels(texts: readonly string[]): Promise<LabelSprite[]> {
  // Digits of 11 px stand 8 px tall: a box of 15 px keeps their halo whole, the digits centred in it on a whole pixel
  // (their feet sharp).
  const height = LABEL_FONT_PX + PAD + HALO_PX - 1;
  const baseline = Math.round((height + capHeight() * LABEL_FONT_PX) / 2);
  const widths = texts.map((t) => Math.ceil(textWidth(t, LABEL_FONT_PX)) + 2 * PAD + HALO_PX - 1);
  const d = texts.map((t, k) => textPath(t, widths[k]! / 2, k * height + baseline, LABEL_FONT_PX, { align: 'center' })).join('');
  const sheetWidth = Math.max(...widths);
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${sheetWidth}" height="${height * texts.length}">` +
    `<path d="${d}" fill="none" stroke="#ffffff" stroke-opacity="0.92" stroke-width="${HALO_PX}" stroke-linejoin="round"/>` +
    `<path d="${d}" fill="${INK}"/></svg>`;
  const sheet = await sharp(Buffer.from(svg)).ensureAlpha().raw().toBuffer();
  return widths.map((width, k) => {
    const rgba = new Uint8ClampedArray(width * height * 4);
    for (let y = 0; y < height; y++) {
      const from = (k * height + y) * sheetWidth * 4;
      rgba.set(sheet.subarray(from, from + width * 4), y * width * 4);
    }
    return { width, height, rgba };
  });
}
