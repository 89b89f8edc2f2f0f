import { createRequire } from 'node:module';
import path from 'node:path';
import { createCanvas, GlobalFonts } from '@napi-rs/canvas';

// The values of isolines written in Noto Sans SC (the font the map products embed, from @expo-google-fonts/noto-sans-sc)
// by Skia through @napi-rs/canvas: dark digits on a white halo, each text drawn once per thread and kept as RGBA
// pixels (a tile has a handful of distinct values; the cache holds the last few hundred).

const FAMILY = 'AgrometContourSans';
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

let registered = false;
function registerFont() {
  if (registered) return;
  const require = createRequire(import.meta.url);
  const dir = path.dirname(require.resolve('@expo-google-fonts/noto-sans-sc/package.json'));
  GlobalFonts.registerFromPath(path.join(dir, '400Regular', 'NotoSansSC_400Regular.ttf'), FAMILY);
  registered = true;
}

const cache = new Map<string, LabelSprite>();

/** A label's pixels: the text centred in a box with room for its halo. */
export function labelSprite(text: string): LabelSprite {
  const hit = cache.get(text);
  if (hit) {
    // Most recently used last.
    cache.delete(text);
    cache.set(text, hit);
    return hit;
  }
  registerFont();
  const font = `${LABEL_FONT_PX}px ${FAMILY}`;
  const probe = createCanvas(8, 8).getContext('2d');
  probe.font = font;
  const textWidth = Math.ceil(probe.measureText(text).width);
  // Digits of Noto Sans SC at 11 px: 8 px above the baseline; a box of 15 px keeps the halo whole.
  const width = textWidth + 2 * PAD + HALO_PX - 1;
  const height = LABEL_FONT_PX + PAD + HALO_PX - 1;
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.font = font;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.lineJoin = 'round';
  ctx.lineWidth = HALO_PX;
  ctx.strokeStyle = 'rgba(255,255,255,0.92)';
  ctx.strokeText(text, width / 2, height / 2);
  ctx.fillStyle = INK;
  ctx.fillText(text, width / 2, height / 2);
  const sprite = { width, height, rgba: new Uint8ClampedArray(ctx.getImageData(0, 0, width, height).data) };
  cache.set(text, sprite);
  if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value!);
  return sprite;
}
