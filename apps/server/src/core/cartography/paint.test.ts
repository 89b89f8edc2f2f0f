import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { composeMap, PRODUCT_PNG_SCALE } from './compose.js';
import { INK, type Op } from './ops.js';
import { paintPng, type Composed } from './paint.js';
import { textWidth } from './text-outline.js';

// The PNG painter read back: text where the operations put it, the class raster unsmoothed, its resolution and its
// text chunks.

const SCALE = 6.3;

async function pixels(png: Buffer) {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { at: (x: number, y: number) => [...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3)], info };
}

/** The PNG's chunks as [type, data]. */
function chunks(png: Buffer): Array<[string, Buffer]> {
  const out: Array<[string, Buffer]> = [];
  for (let o = 8; o < png.length;) {
    const n = png.readUInt32BE(o);
    out.push([png.toString('latin1', o + 4, o + 8), png.subarray(o + 8, o + 8 + n)]);
    o += 12 + n;
  }
  return out;
}

const page = (ops: Op[]): Composed => ({
  ops: [{ k: 'rect', x: 0, y: 0, w: 60, h: 30, fill: '#ffffff' }, ...ops],
  page: { width: 60, height: 30 },
});

describe('paintPng', () => {
  it('draws a title’s letters inside the box the layout measured for it, and nowhere else', async () => {
    const size = 5;
    const s = 'Señal 12';
    const w = textWidth(s, size, true);
    const { png } = await paintPng(page([{ k: 'text', s, x: 30, y: 15, size, bold: true, color: INK, align: 'center' }]), SCALE, {
      title: 't',
    });
    const { at, info } = await pixels(png);
    const [x0, x1] = [(30 - w / 2) * SCALE, (30 + w / 2) * SCALE];
    // Ñ's tilde reaches above the capitals; nothing goes below the descender.
    const [y0, y1] = [(15 - size * 1.05) * SCALE, (15 + size * 0.3) * SCALE];
    let inside = 0;
    let outside = 0;
    let [left, right] = [Infinity, -Infinity];
    for (let y = 0; y < info.height; y++) {
      for (let x = 0; x < info.width; x++) {
        if (at(x, y)[0]! > 128) continue;
        if (x >= x0 && x <= x1 && y >= y0 && y <= y1) inside += 1;
        else outside += 1;
        [left, right] = [Math.min(left, x), Math.max(right, x)];
      }
    }
    expect(inside).toBeGreaterThan(300);
    expect(outside).toBe(0);
    // The ink spans the text's measured width, less the first and last letters' side bearings.
    expect(left).toBeLessThan(x0 + 0.1 * size * SCALE);
    expect(right).toBeGreaterThan(x1 - 0.1 * size * SCALE);
  });

  it('draws the class raster unsmoothed: a class boundary has no blended colour, even off the pixel grid', async () => {
    // Two classes, 3 × 2 cells, drawn 10.3 mm wide from x = 1.37 mm: neither the size nor the place is whole pixels.
    const rgb = Buffer.from([200, 16, 46, 200, 16, 46, 0, 90, 200, 0, 90, 200, 200, 16, 46, 0, 90, 200]);
    const { png } = await paintPng(page([{ k: 'raster', rgb, pw: 3, ph: 2, x: 1.37, y: 2.11, w: 10.3, h: 7.9 }]), SCALE, { title: 't' });
    const { at } = await pixels(png);
    const colours = new Set<string>();
    for (let y = Math.ceil(2.11 * SCALE) + 1; y < Math.floor(10.01 * SCALE) - 1; y++)
      for (let x = Math.ceil(1.37 * SCALE) + 1; x < Math.floor(11.67 * SCALE) - 1; x++) colours.add(at(x, y).join(','));
    expect([...colours].sort()).toEqual(['0,90,200', '200,16,46']);
  });

  it('says its resolution (pHYs) and carries the title, author and software as text chunks', async () => {
    const { png } = await paintPng(page([]), SCALE, { title: '陕西省降水量预报', author: 'Centro Agrometeorológico' });
    expect(Math.round((await sharp(png).metadata()).density!)).toBe(Math.round(SCALE * 25.4));
    const all = chunks(png);
    const phys = all.find(([t]) => t === 'pHYs')![1];
    // Pixels per metre, the unit byte 1 (metre).
    expect(phys.readUInt32BE(0)).toBe(Math.round(SCALE * 1000));
    expect(phys[8]).toBe(1);
    const text = all.filter(([t]) => t === 'tEXt').map(([, d]) => d.toString('latin1').split('\0'));
    expect(text).toContainEqual(['Author', 'Centro Agrometeorológico']);
    expect(text).toContainEqual(['Software', 'Agromet Console']);
    // A Chinese title is UTF-8 in iTXt (tEXt is Latin-1 only).
    const intl = all.find(([t]) => t === 'iTXt')![1];
    expect(intl.subarray(0, 6).toString('latin1')).toBe('Title\0');
    expect(intl.subarray(10).toString('utf8')).toBe('陕西省降水量预报');
    expect(all.at(-1)![0]).toBe('IEND');
    // sharp reads the PNG back whole.
    expect((await sharp(png).stats()).channels.length).toBeGreaterThan(0);
  });

  it('draws a composed product’s title (Spanish, accents and ñ) where the layout put it', async () => {
    const G = { lon0: 107, lat0: 36, dx: 0.1, dy: -0.1, nx: 40, ny: 30 };
    const title = 'Pronóstico de heladas: Año de señal';
    const composed = composeMap(
      {
        lang: 'es',
        paper: { size: 'A4', orientation: 'landscape' },
        geometry: G,
        classes: new Uint8Array(G.nx * G.ny),
        legend: { title: 'Temperatura', unit: '°C', classes: [{ color: '#a6f28f', label: '< 0' }] },
        title,
      },
      PRODUCT_PNG_SCALE,
    );
    const op = composed.ops.find((o) => o.k === 'text' && o.s === title);
    if (op?.k !== 'text') throw new Error('no title drawn');
    const { png } = await paintPng(composed, PRODUCT_PNG_SCALE, { title });
    const { at } = await pixels(png);
    const w = textWidth(title, op.size, true);
    const box = { x0: op.x - w / 2, x1: op.x + w / 2, y0: op.y - op.size, y1: op.y + op.size * 0.25 };
    const ink = (x0: number, x1: number, y0: number, y1: number) => {
      let n = 0;
      for (let y = Math.round(y0 * PRODUCT_PNG_SCALE); y < Math.round(y1 * PRODUCT_PNG_SCALE); y++)
        for (let x = Math.round(x0 * PRODUCT_PNG_SCALE); x < Math.round(x1 * PRODUCT_PNG_SCALE); x++) if (at(x, y)[0]! < 100) n += 1;
      return n;
    };
    // Ink across the title's measured box, in each of its quarters; none in the same width just above it.
    const q = (box.x1 - box.x0) / 4;
    for (let k = 0; k < 4; k++) expect(ink(box.x0 + k * q, box.x0 + (k + 1) * q, box.y0, box.y1)).toBeGreaterThan(100);
    expect(ink(box.x0, box.x1, box.y0 - op.size * 0.6, box.y0 - op.size * 0.2)).toBe(0);
  });
});
