import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  boxDistance,
  boxOf,
  CONTOUR_LABEL_RULES,
  placeContourLabels,
  pointBoxDistance,
  segmentMeetsBox,
  type LabelLine,
  type LabelRules,
} from './contour-labels.js';

const RULES: LabelRules = { ...CONTOUR_LABEL_RULES, imageWidth: 256, imageHeight: 256 };

/** A random polyline: a start and a few steps of 5 to 60 px. */
const lineArb = fc
  .record({
    x: fc.double({ min: -20, max: 276, noNaN: true }),
    y: fc.double({ min: -20, max: 276, noNaN: true }),
    steps: fc.array(fc.tuple(fc.double({ min: 0, max: 2 * Math.PI, noNaN: true }), fc.double({ min: 5, max: 60, noNaN: true })), {
      minLength: 1,
      maxLength: 25,
    }),
    closed: fc.boolean(),
    width: fc.integer({ min: 8, max: 40 }),
  })
  .map(({ x, y, steps, closed, width }): LabelLine => {
    const points = [x, y];
    let [px, py, heading] = [x, y, 0];
    for (const [turn, len] of steps) {
      heading += (turn - Math.PI) / 3;
      px += Math.cos(heading) * len;
      py += Math.sin(heading) * len;
      points.push(px, py);
    }
    return { points, closed: closed && points.length >= 6, width, height: 13 };
  });

function segments(l: LabelLine): Array<[number, number, number, number]> {
  const n = l.points.length / 2;
  const out: Array<[number, number, number, number]> = [];
  for (let k = 0; k < (l.closed ? n : n - 1); k++) {
    const b = ((k + 1) % n) * 2;
    out.push([l.points[2 * k]!, l.points[2 * k + 1]!, l.points[b]!, l.points[b + 1]!]);
  }
  return out;
}

describe('placeContourLabels', () => {
  it('keeps every rule: gap between labels, clear of line ends and of other lines, inside the image (property)', () => {
    fc.assert(
      fc.property(fc.array(lineArb, { minLength: 1, maxLength: 12 }), (lines) => {
        const labels = placeContourLabels(lines, RULES);
        for (let a = 0; a < labels.length; a++) {
          const box = boxOf(labels[a]!);
          expect(box.x0).toBeGreaterThanOrEqual(RULES.gap / 2);
          expect(box.y0).toBeGreaterThanOrEqual(RULES.gap / 2);
          expect(box.x1).toBeLessThanOrEqual(256 - RULES.gap / 2);
          expect(box.y1).toBeLessThanOrEqual(256 - RULES.gap / 2);
          for (let b = a + 1; b < labels.length; b++) expect(boxDistance(box, boxOf(labels[b]!))).toBeGreaterThanOrEqual(RULES.gap);
          lines.forEach((l, li) => {
            if (!l.closed) {
              const n = l.points.length;
              expect(pointBoxDistance(l.points[0]!, l.points[1]!, box)).toBeGreaterThanOrEqual(RULES.endClearance);
              expect(pointBoxDistance(l.points[n - 2]!, l.points[n - 1]!, box)).toBeGreaterThanOrEqual(RULES.endClearance);
            }
            if (li !== labels[a]!.line) for (const s of segments(l)) expect(segmentMeetsBox(...s, box)).toBe(false);
          });
          // The label sits on its line: the line passes through its box.
          expect(segments(lines[labels[a]!.line]!).some((s) => segmentMeetsBox(...s, box))).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('labels a long straight line about every 200 px, none on a short line', () => {
    const long: LabelLine = { points: [-10, 128, 600, 128], closed: false, width: 20, height: 13 };
    const labels = placeContourLabels([long], { ...RULES, imageWidth: 600, imageHeight: 256 });
    expect(labels.length).toBeGreaterThanOrEqual(2);
    for (const l of labels) expect(l.y).toBe(128);
    const short: LabelLine = { points: [100, 100, 140, 100], closed: false, width: 20, height: 13 };
    expect(placeContourLabels([short], RULES)).toEqual([]);
  });

  it('keeps a label off a line end nearby and off a crossing line', () => {
    // A horizontal line ending at x = 200 and a vertical line at x = 128: the label goes on the horizontal line, away
    // from both the end and the other line.
    const h: LabelLine = { points: [0, 100, 200, 100], closed: false, width: 20, height: 13 };
    const v: LabelLine = { points: [128, 0, 128, 256], closed: false, width: 20, height: 13 };
    const labels = placeContourLabels([h, v], RULES).filter((l) => l.line === 0);
    expect(labels).toHaveLength(1);
    const box = boxOf(labels[0]!);
    expect(box.x1 < 128 || box.x0 > 128).toBe(true);
    expect(200 - box.x1).toBeGreaterThanOrEqual(RULES.endClearance);
  });

  it('geometry helpers: box distance, point distance, segment against box', () => {
    const a = { x0: 0, y0: 0, x1: 10, y1: 10 };
    expect(boxDistance(a, { x0: 13, y0: 14, x1: 20, y1: 20 })).toBe(5);
    expect(pointBoxDistance(5, 5, a)).toBe(0);
    expect(segmentMeetsBox(-5, 5, 15, 5, a)).toBe(true);
    expect(segmentMeetsBox(-5, -5, -1, 20, a)).toBe(false);
    expect(segmentMeetsBox(11, -5, 30, 5, a)).toBe(false);
  });
});
