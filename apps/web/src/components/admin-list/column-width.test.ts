import { describe, expect, it } from 'vitest';
import {
  allocateWidths,
  CELL_PADDING_PX,
  columnNeed,
  CONTENT_MAX_PX,
  contentWidth,
  FREE_MIN_PX,
  TIMESTAMP_SAMPLE,
  valueText,
  type ColumnNeed,
  type Measure,
} from './column-width';

// 7 px a character, 8 px in a header, 6 px in a tag.
const measure: Measure = { text: (s) => s.length * 7, header: (s) => s.length * 8, tag: (s) => s.length * 6, button: 32 };
const PAD = CELL_PADDING_PX + 2;
type Row = { name?: string | null; mobile?: string | null };
const byName = (r: Row) => r.name;
const byMobile = (r: Row) => r.mobile;

describe('columnNeed', () => {
  it('a content column wants its widest cell or its header’s longest word, ideally its header on one line', () => {
    expect(columnNeed({ kind: 'content' }, 'Mobile', [{ mobile: '13800000000' }, { mobile: '1' }], measure, byMobile)).toEqual({
      want: 11 * 7 + PAD,
      min: 11 * 7 + PAD,
      free: false,
    });
    expect(columnNeed({ kind: 'content' }, 'Number of users', [{ mobile: '3' }], measure, byMobile)).toEqual({
      want: 6 * 8 + PAD,
      min: 6 * 8 + PAD,
      ideal: 15 * 8 + PAD,
      free: false,
    });
  });

  it('an empty column keeps only its header’s longest word (empty text, null, missing, no rows)', () => {
    for (const rows of [[{ mobile: '' }, { mobile: null }, {}], []] as Row[][])
      expect(columnNeed({ kind: 'content' }, 'Teléfono móvil', rows, measure, byMobile).want).toBe(8 * 8 + PAD);
  });

  it('a content column stops growing at its maximum (a long text wraps) but never below its header’s longest word', () => {
    const long = [{ mobile: 'x'.repeat(100) }];
    expect(columnNeed({ kind: 'content' }, 'M', long, measure, byMobile).want).toBe(CONTENT_MAX_PX);
    expect(columnNeed({ kind: 'content', max: 60 }, 'Supercalifragilistic', long, measure, byMobile).want).toBe(20 * 8 + PAD);
  });

  it('a time column is as wide as a date and time whatever the rows hold, or its header when that is wider', () => {
    const time = columnNeed({ kind: 'time' }, 'Created', [], measure, () => '');
    expect(time).toEqual({ want: TIMESTAMP_SAMPLE.length * 7 + PAD, min: TIMESTAMP_SAMPLE.length * 7 + PAD, free: false });
    expect(columnNeed({ kind: 'time' }, 'Fecha y hora de la creación', [], measure, () => '')).toMatchObject({
      want: TIMESTAMP_SAMPLE.length * 7 + PAD,
      ideal: 27 * 8 + PAD,
    });
  });

  it('a free column wants its longest text and may be squeezed to its minimum, never below its header', () => {
    const need = columnNeed({ kind: 'free' }, 'Name', [{ name: 'Shaanxi Agrometeorological Centre' }], measure, byName);
    expect(need).toEqual({ want: 33 * 7 + PAD, min: FREE_MIN_PX, free: true });
    expect(columnNeed({ kind: 'free' }, 'Name', [{ name: 'Ann' }], measure, byName)).toEqual({
      want: 4 * 8 + PAD,
      min: 4 * 8 + PAD,
      free: true,
    });
    expect(columnNeed({ kind: 'free' }, 'Supercalifragilistic name', [{ name: 'x'.repeat(40) }], measure, byName).min).toBe(20 * 8 + PAD);
    // Empty: its header's longest word.
    expect(columnNeed({ kind: 'free' }, 'Correo electrónico', [{ name: '' }], measure, byName)).toEqual({
      want: 11 * 8 + PAD,
      min: 11 * 8 + PAD,
      free: true,
    });
  });

  it('a squeezed free cell keeps its tags whole and a few characters of its text', () => {
    const rows = [{ name: 'Tianceyun platform' }];
    const need = columnNeed({ kind: 'free', cell: (r: Row) => ({ text: r.name, tags: ['Platform'] }) }, 'Name', rows, measure, byName);
    expect(need.min).toBe(8 * 6 + 16 + 6 + 4 * 7 + PAD);
  });

  it('measures what a cell shows when the column says so: text, tags and controls side by side', () => {
    expect(contentWidth({ tags: ['admin', 'ops'] }, measure)).toBe(5 * 6 + 16 + 3 * 6 + 16 + 8);
    expect(contentWidth({ text: 'Demo', tags: ['Platform'] }, measure)).toBe(4 * 7 + 6 + 8 * 6 + 16);
    expect(contentWidth({ px: 44 }, measure)).toBe(44);
    expect(contentWidth({ buttons: 3 }, measure)).toBe(96);
    expect(contentWidth(null, measure)).toBe(0);
    const need = columnNeed({ kind: 'content', cell: () => ({ px: 64 }) }, 'Do', [{}], measure, () => '');
    expect(need.want).toBe(64 + PAD);
  });

  it('counts 0 and false as content', () => {
    expect(valueText(0)).toBe('0');
    expect(valueText(false)).toBe('false');
    expect(valueText(null)).toBe('');
  });
});

const fixed = (want: number): ColumnNeed => ({ want, min: want, free: false });
const free = (want: number, min = 72): ColumnNeed => ({ want, min, free: true });
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

describe('allocateWidths', () => {
  it('gives each column what it wants before the table is laid out', () => {
    expect(allocateWidths([fixed(100), free(300)])).toEqual([100, 300]);
  });

  it('gives the spare width to the free columns by what they want, the table filled exactly', () => {
    const widths = allocateWidths([fixed(100), free(100), free(300), fixed(165)], 1000);
    expect(widths[0]).toBe(100);
    expect(widths[3]).toBe(165);
    expect(sum(widths)).toBe(1000);
    expect(widths[2]! - 300).toBeGreaterThan(widths[1]! - 100);
  });

  it('puts the fixed columns’ headers on one line before the free columns grow', () => {
    const header = (want: number, ideal: number): ColumnNeed => ({ want, min: want, ideal, free: false });
    expect(allocateWidths([header(50, 120), free(200)], 400)).toEqual([120, 280]);
    // Not room for all: each header gets the same share of what it lacks, the free column keeps what it wants.
    expect(allocateWidths([header(50, 150), header(50, 150), free(200)], 400)).toEqual([100, 100, 200]);
  });

  it('shares the spare width out over every column when none is free', () => {
    const widths = allocateWidths([fixed(100), fixed(100)], 300);
    expect(widths).toEqual([150, 150]);
  });

  it('keeps short free texts whole and cuts the longest first when they do not all fit', () => {
    // 700 px: 265 fixed, 435 for names wanting 100, 150 and 400.
    const widths = allocateWidths([fixed(100), free(100), free(150), free(400), fixed(165)], 700);
    expect(widths).toEqual([100, 100, 150, 185, 165]);
    // 600 px: 335 for them; the two longest share what the shortest leaves.
    expect(allocateWidths([fixed(100), free(100), free(150), free(400), fixed(165)], 600)).toEqual([100, 100, 118, 117, 165]);
  });

  it('caps the free columns at one width, each no narrower than its minimum', () => {
    const widths = allocateWidths([free(400), free(400, 150), fixed(50)], 400);
    expect(widths[1]).toBe(175);
    expect(widths[0]).toBe(175);
    expect(sum(widths)).toBe(400);
  });

  it('leaves the table wider than its box when even the minimums do not fit (it scrolls sideways)', () => {
    expect(allocateWidths([fixed(300), free(400, 100), free(200, 80)], 350)).toEqual([300, 100, 80]);
  });

  it('no column is wider than it wants while a free column is cut (random tables)', () => {
    let seed = 7;
    const rnd = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    for (let k = 0; k < 300; k += 1) {
      const needs = Array.from({ length: 2 + Math.floor(rnd() * 6) }, () =>
        rnd() < 0.5 ? fixed(40 + Math.floor(rnd() * 200)) : free(80 + Math.floor(rnd() * 400), 72),
      );
      const available = 200 + Math.floor(rnd() * 1200);
      const widths = allocateWidths(needs, available);
      const cut = needs.some((n, i) => widths[i]! < n.want);
      if (cut) needs.forEach((n, i) => expect(widths[i]).toBeLessThanOrEqual(n.want + needs.length));
      needs.forEach((n, i) => expect(widths[i]).toBeGreaterThanOrEqual(n.min));
      if (sum(needs.map((n) => n.min)) <= available) expect(sum(widths)).toBe(available);
    }
  });
});
