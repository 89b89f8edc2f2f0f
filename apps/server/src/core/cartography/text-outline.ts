import { create, type Font } from 'fontkit';
import type { XmlElement } from '../xml.js';
import { fontBytes, productFonts } from './fonts.js';

// Text on the console's maps as glyph outlines of the bundled font (fonts.ts), laid out by fontkit (kerning and
// shaping, the same fontkit that lays out the PDFs' text): its width, and an SVG path of its glyphs that the PNG
// painters fill. Nothing depends on the fonts of the machine, and what is measured is what is drawn.

export type Align = 'left' | 'center' | 'right';

interface Face {
  font: Font;
  /** Laid-out strings (most recently used last): advance and glyph origins, in font units. */
  runs: Map<string, Run>;
  /** Each glyph's outline once, as flat commands in font units (y up). */
  outlines: Map<number, Outline>;
}

interface Run {
  advance: number;
  glyphs: Array<{ id: number; x: number; y: number }>;
}

type Outline = Array<{ c: 'M' | 'L' | 'Q' | 'C' | 'Z'; p: number[] }>;

// fitText and wrapText measure many prefixes of the same strings; a few thousand runs cover a map.
const RUN_CACHE = 4096;
const COMMAND = { moveTo: 'M', lineTo: 'L', quadraticCurveTo: 'Q', bezierCurveTo: 'C', closePath: 'Z' } as const;

const faces: { regular?: Face; bold?: Face } = {};

function face(bold: boolean): Face {
  const key = bold ? 'bold' : 'regular';
  let f = faces[key];
  if (!f) {
    const font = create(fontBytes(productFonts()[key])) as Font;
    f = { font, runs: new Map(), outlines: new Map() };
    faces[key] = f;
  }
  return f;
}

function run(f: Face, s: string): Run {
  const hit = f.runs.get(s);
  if (hit) {
    f.runs.delete(s);
    f.runs.set(s, hit);
    return hit;
  }
  const laid = f.font.layout(s);
  const glyphs: Run['glyphs'] = [];
  let x = 0;
  laid.glyphs.forEach((g, k) => {
    const p = laid.positions[k]!;
    glyphs.push({ id: g.id, x: x + p.xOffset, y: p.yOffset });
    x += p.xAdvance;
  });
  const r = { advance: x, glyphs };
  f.runs.set(s, r);
  if (f.runs.size > RUN_CACHE) f.runs.delete(f.runs.keys().next().value!);
  return r;
}

function outline(f: Face, id: number): Outline {
  let o = f.outlines.get(id);
  if (!o) {
    o = f.font.getGlyph(id).path.commands.map((cmd) => ({ c: COMMAND[cmd.command], p: cmd.args }));
    f.outlines.set(id, o);
  }
  return o;
}

/** The font's units per em (the same for both weights). */
export function unitsPerEm(bold = false): number {
  return face(bold).font.unitsPerEm;
}

/** Height of the capitals and digits above the baseline, as a fraction of the size. */
export function capHeight(bold = false): number {
  const { font } = face(bold);
  return font.capHeight / font.unitsPerEm;
}

/** Advance width of a text at `size` (in the size's units: mm on the products, px on the WMS images). */
export function textWidth(s: string, size: number, bold = false): number {
  const f = face(bold);
  return (run(f, s).advance * size) / f.font.unitsPerEm;
}

export interface OutlineOptions {
  bold?: boolean;
  /** Where x is: the text's start, middle or end (canvas's textAlign). */
  align?: Align;
  /** Decimals kept in the path's numbers. */
  decimals?: number;
}

/** The glyphs of a text as one SVG path, its baseline at y; empty for blank text. */
export function textPath(s: string, x: number, y: number, size: number, options: OutlineOptions = {}): string {
  const f = face(options.bold ?? false);
  const r = run(f, s);
  const k = size / f.font.unitsPerEm;
  const x0 = x - (options.align === 'center' ? r.advance * k * 0.5 : options.align === 'right' ? r.advance * k : 0);
  const q = 10 ** (options.decimals ?? 2);
  const n = (v: number) => String(Math.round(v * q) / q);
  const parts: string[] = [];
  for (const g of r.glyphs) {
    const gx = x0 + g.x * k;
    const gy = y - g.y * k;
    for (const { c, p } of outline(f, g.id)) {
      let part: string = c;
      // Font units are y up; the page's y runs down.
      for (let i = 0; i < p.length; i += 2) part += `${i ? ' ' : ''}${n(gx + p[i]! * k)} ${n(gy - p[i + 1]! * k)}`;
      parts.push(part);
    }
  }
  return parts.join('');
}

/** A text's outline added to an SVG element as a path in its inherited fill (nothing for blank text). */
export function appendText(parent: XmlElement, s: string, x: number, y: number, size: number, options: OutlineOptions = {}): void {
  const d = textPath(s, x, y, size, options);
  if (d) parent.ele('path', { d });
}
