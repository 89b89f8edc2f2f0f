// The colour-and-legend path on random colour maps: a legend lists one row per colour of the map, each row's colour
// is the colour the map paints for the values the row names; class colour maps and paper tables agree with them.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { colorOf, parseColor, TRANSPARENT, type ColorMap } from './colormap.js';
import { classColorMap, classColorTable, legendEntries } from './legend.js';

const hex = fc
  .tuple(
    fc.integer({ min: 0, max: 255 }),
    fc.integer({ min: 0, max: 255 }),
    fc.integer({ min: 0, max: 255 }),
    fc.integer({ min: 0, max: 255 }),
  )
  .map((c) => `#${c.map((x) => x.toString(16).padStart(2, '0')).join('')}`);

const increasing = (min: number, max: number) =>
  fc
    .uniqueArray(fc.integer({ min: -500, max: 500 }), { minLength: min, maxLength: max })
    .map((xs) => [...xs].sort((a, b) => a - b).map((x) => x / 4));

const colormapArb: fc.Arbitrary<ColorMap> = fc.oneof(
  increasing(1, 6).chain((values) =>
    fc
      .array(hex, { minLength: values.length, maxLength: values.length })
      .map((colors): ColorMap => ({ type: 'ramp', stops: values.map((value, k) => ({ value, color: colors[k]! })) })),
  ),
  increasing(1, 6).chain((thresholds) =>
    fc
      .array(hex, { minLength: thresholds.length + 1, maxLength: thresholds.length + 1 })
      .map((colors): ColorMap => ({ type: 'intervals', thresholds, colors })),
  ),
  increasing(1, 6).chain((values) =>
    fc
      .array(hex, { minLength: values.length, maxLength: values.length })
      .map((colors): ColorMap => ({ type: 'values', entries: values.map((value, k) => ({ value, color: colors[k]! })) })),
  ),
);

describe('legend entries', () => {
  it('one row per colour of the map, in its order, each the colour the map paints for what the row names', () => {
    fc.assert(
      fc.property(colormapArb, (map) => {
        const rows = legendEntries(map, (v) => `class ${v}`);
        if (map.type === 'ramp') {
          expect(rows.map((r) => r.label)).toEqual(map.stops.map((s) => String(s.value)));
          map.stops.forEach((s, k) => expect(colorOf(s.value, map)).toEqual(parseColor(rows[k]!.color)));
        } else if (map.type === 'intervals') {
          const t = map.thresholds;
          expect(rows).toHaveLength(t.length + 1);
          expect(rows[0]!.label).toBe(`< ${t[0]}`);
          expect(rows[t.length]!.label).toBe(`≥ ${t[t.length - 1]}`);
          // A class holds its lower threshold (and, the first, everything below the first threshold).
          rows.forEach((r, k) => expect(colorOf(k === 0 ? t[0]! - 1 : t[k - 1]!, map)).toEqual(parseColor(r.color)));
        } else {
          expect(rows.map((r) => r.label)).toEqual(map.entries.map((e) => `${e.value} class ${e.value}`));
          map.entries.forEach((e, k) => expect(colorOf(e.value, map)).toEqual(parseColor(rows[k]!.color)));
        }
      }),
    );
  });

  it('a class colour map paints index first + k in colour k and nothing else', () => {
    fc.assert(
      fc.property(fc.array(hex, { minLength: 1, maxLength: 8 }), fc.integer({ min: 0, max: 3 }), (colors, first) => {
        const map = classColorMap(colors, first);
        colors.forEach((c, k) => expect(colorOf(first + k, map)).toEqual(parseColor(c)));
        expect(colorOf(first + colors.length, map)).toEqual(TRANSPARENT);
        expect(colorOf(first - 1, map)).toEqual(TRANSPARENT);
        expect(colorOf(Number.NaN, map)).toEqual(TRANSPARENT);
        expect(legendEntries(map).map((r) => r.color)).toEqual(colors);
      }),
    );
  });

  it('on paper: opaque colours as they are, transparent ones and unnamed indices the paper, the rest in between', () => {
    fc.assert(
      fc.property(fc.array(hex, { minLength: 1, maxLength: 8 }), fc.tuple(fc.nat(255), fc.nat(255), fc.nat(255)), (colors, paper) => {
        const table = classColorTable(colors, paper);
        expect(table).toHaveLength(256 * 3);
        for (let k = 0; k < 256; k++) {
          const rgb = [...table.subarray(3 * k, 3 * k + 3)];
          const c = k < colors.length ? parseColor(colors[k]!) : null;
          if (!c || c[3] === 0) expect(rgb).toEqual(paper);
          else if (c[3] === 255) expect(rgb).toEqual(c.slice(0, 3));
          else for (let ch = 0; ch < 3; ch++) expect(rgb[ch]).toBeGreaterThanOrEqual(Math.min(c[ch]!, paper[ch]!));
        }
      }),
    );
  });
});
