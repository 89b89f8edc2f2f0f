import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { placeLabels, pointCandidates, type LabelItem } from './labels.js';
import { overlaps, type Rect } from './layout.js';

const anyOverlap = (a: readonly Rect[], b: readonly Rect[]) => a.some((r) => b.some((q) => overlaps(r, q)));

describe('placeLabels', () => {
  it('draws the capital first: Xi’an with Wugong 0.71° west of it (the demo map at 1:3 500 000) keeps its label', () => {
    // The demo's Shaanxi map on A4 landscape draws 18.6 mm per degree of latitude and 18.6 × cos 34.1° = 15.4 mm per
    // degree of longitude: Wugong (108.22° E, 34.25° N) lies (108.93 − 108.22) × 15.4 = 11 mm west of Xi'an (108.93° E,
    // 34.30° N) and 0.9 mm lower. "武功 12.3" is 13 mm wide at 2.5 mm: to the right of Wugong it would cover Xi'an's
    // symbol. Listed Wugong first, as the station table lists them.
    const wugong: LabelItem<string> = { priority: 3, candidates: pointCandidates(100, 60.9, 0.8, 13, 3.1, 0.6), data: '武功' };
    const xian: LabelItem<string> = { priority: 0, force: true, candidates: pointCandidates(111, 60, 1.4, 13, 3.6, 0.6), data: '西安' };
    const { placed, dropped } = placeLabels([wugong, xian]);
    expect(placed.map((p) => p.item.data)).toEqual(['西安', '武功']);
    expect(dropped).toEqual([]);
    // Xi'an's text sits at its first choice (to the right); Wugong's right side would touch Xi'an's symbol, so it goes
    // to its second choice, the left.
    expect(placed[0]!.at).toBe(0);
    expect(placed[1]!.at).toBe(1);
  });

  it('places a forced label over furniture, never over another label', () => {
    const legend: Rect = { x: 0, y: 0, w: 50, h: 50 };
    const capital: LabelItem<string> = { priority: 0, force: true, candidates: [[{ x: 10, y: 10, w: 5, h: 5 }]], data: 'c' };
    expect(placeLabels([capital], [legend]).placed.map((p) => p.item.data)).toEqual(['c']);
    const plain = { ...capital, force: false };
    expect(placeLabels([plain], [legend]).dropped.map((d) => d.data)).toEqual(['c']);
  });

  const rect = fc.record({
    x: fc.double({ min: 0, max: 100, noNaN: true }),
    y: fc.double({ min: 0, max: 100, noNaN: true }),
    w: fc.double({ min: 0.5, max: 30, noNaN: true }),
    h: fc.double({ min: 0.5, max: 10, noNaN: true }),
  });
  const item = fc.record({
    priority: fc.integer({ min: 0, max: 4 }),
    candidates: fc.array(fc.array(rect, { minLength: 1, maxLength: 2 }), { minLength: 1, maxLength: 4 }),
    force: fc.boolean(),
    data: fc.constant(null),
  });
  const input = fc.record({ items: fc.array(item, { maxLength: 25 }), blocked: fc.array(rect, { maxLength: 3 }) });

  it('never overlaps two placed labels, and places each at one of its own positions (property)', () => {
    fc.assert(
      fc.property(input, ({ items, blocked }) => {
        const { placed, dropped } = placeLabels(items, blocked);
        expect(placed.length + dropped.length).toBe(items.length);
        for (const p of placed) expect(p.rects).toBe(p.item.candidates[p.at]);
        for (let a = 0; a < placed.length; a++)
          for (let b = a + 1; b < placed.length; b++) expect(anyOverlap(placed[a]!.rects, placed[b]!.rects)).toBe(false);
        // Only forced labels may cover furniture.
        for (const p of placed) if (!p.item.force) expect(anyOverlap(p.rects, blocked)).toBe(false);
      }),
      { numRuns: 300 },
    );
  });

  it('never drops a label that outranks a placed label colliding with any of its positions (property)', () => {
    fc.assert(
      fc.property(input, ({ items, blocked }) => {
        const { placed, dropped } = placeLabels(items, blocked);
        for (const d of dropped)
          for (const p of placed) {
            if (d.priority < p.item.priority) expect(d.candidates.some((c) => anyOverlap(c, p.rects))).toBe(false);
          }
      }),
      { numRuns: 300 },
    );
  });

  it('always places the most important label when it is forced and alone at its priority (property)', () => {
    fc.assert(
      fc.property(input, item, ({ items, blocked }, top) => {
        const first = { ...top, priority: -1, force: true };
        expect(placeLabels([...items, first], blocked).placed.some((p) => p.item === first)).toBe(true);
      }),
    );
  });
});
