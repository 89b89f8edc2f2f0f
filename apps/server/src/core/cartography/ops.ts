import { textWidth, type Align } from './text-outline.js';

// The drawing operations a map is composed into (docs/products.md#layout), in millimetres from the page's top left,
// and the text measures the composition uses (the map font's advances as fontkit lays it out, the same for PNG and PDF).

export type { Align };

export type Op =
  | { k: 'rect'; x: number; y: number; w: number; h: number; fill?: string; stroke?: string; width?: number }
  | { k: 'path'; rings: number[][][]; closed: boolean; fill?: string; stroke?: string; width?: number; dash?: number[] }
  | { k: 'text'; s: string; x: number; y: number; size: number; bold?: boolean; color?: string; align?: Align; halo?: boolean }
  | { k: 'image'; data: Buffer; x: number; y: number; w: number; h: number }
  | { k: 'raster'; rgb: Buffer; pw: number; ph: number; x: number; y: number; w: number; h: number }
  | { k: 'clip'; x: number; y: number; w: number; h: number }
  | { k: 'clipPath'; rings: number[][][] }
  | { k: 'unclip' };

export const INK = '#1f2328';
export const GREY = '#57606a';
export const RED = '#c8102e';

/** Width in mm of a text at a size in mm. */
export const measureText = (s: string, size: number, bold = false): number => textWidth(s, size, bold);

/** Cuts a text to fit `maxW` mm, ending with … */
export function fitText(s: string, size: number, maxW: number, bold = false): string {
  // A text sized to fit exactly (the title shrunk to its room) fits, whatever the last bit of the product says.
  if (measureText(s, size, bold) <= maxW + 1e-9) return s;
  let t = s;
  while (t.length > 1 && measureText(`${t}…`, size, bold) > maxW) t = t.slice(0, -1);
  return `${t}…`;
}

/**
 * Breaks a text into lines of at most `maxW` mm (or px: any unit of the size). A word longer than that stays whole on
 * a line of its own, or with `breakWords` is broken between its letters.
 */
export function wrapText(s: string, size: number, maxW: number, bold = false, breakWords = false): string[] {
  if (measureText(s, size, bold) <= maxW) return [s];
  // Latin words (any run without spaces: "(°C)" too) stay whole; CJK text breaks between any two characters.
  const words = s.match(/[^\s\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef]+\s*|\s+|./gu) ?? [s];
  const tokens = breakWords ? words.flatMap((w) => (measureText(w.trimEnd(), size, bold) > maxW ? [...w] : [w])) : words;
  const lines: string[] = [];
  let line = '';
  for (const tok of tokens) {
    if (line && measureText(line + tok.trimEnd(), size, bold) > maxW) {
      lines.push(line.trimEnd());
      line = tok.trimStart();
    } else line += tok;
  }
  if (line.trim()) lines.push(line.trimEnd());
  return lines;
}

/** Pixel size of a PNG or JPEG from its header (no decoding). */
export function imageSize(b: Buffer): { width: number; height: number } | null {
  if (b.length > 24 && b.readUInt32BE(0) === 0x89504e47) return { width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
  if (b.length > 4 && b[0] === 0xff && b[1] === 0xd8) {
    let o = 2;
    while (o + 9 < b.length) {
      if (b[o] !== 0xff) return null;
      const marker = b[o + 1]!;
      const len = b.readUInt16BE(o + 2);
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
        return { height: b.readUInt16BE(o + 5), width: b.readUInt16BE(o + 7) };
      }
      o += 2 + len;
    }
  }
  return null;
}

/** A closed polygon approximating a circle (16 points). */
export function circle(x: number, y: number, r: number): number[][] {
  const pts: number[][] = [];
  for (let k = 0; k < 16; k++) pts.push([x + r * Math.cos((k * Math.PI) / 8), y + r * Math.sin((k * Math.PI) / 8)]);
  return pts;
}

/** A five-pointed star of outer radius r, one point up. */
export function star(x: number, y: number, r: number): number[][] {
  const pts: number[][] = [];
  for (let k = 0; k < 10; k++) {
    const a = -Math.PI / 2 + (k * Math.PI) / 5;
    const rr = k % 2 === 0 ? r : r * 0.4;
    pts.push([x + rr * Math.cos(a), y + rr * Math.sin(a)]);
  }
  return pts;
}
