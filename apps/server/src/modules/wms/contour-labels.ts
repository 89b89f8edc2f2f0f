// Where the values of isolines are written (docs/wms.md#contour-lines): upright, centred on the line, in a gap cut in
// it. A pure function of the lines in pixels, so that its rules are tested as properties: labels keep a minimum gap
// between them, stay clear of the lines' ends and of the other lines, sit on a nearly straight stretch of their own
// line and stay inside the image with a margin of half the gap (so that labels of neighbouring tiles keep it too).

export interface LabelLine {
  /** x0, y0, x1, y1, … in pixels (y down). A closed line does not repeat its first point. */
  points: readonly number[];
  closed: boolean;
  /** The label's box, in pixels. */
  width: number;
  height: number;
}

export interface PlacedLabel {
  /** Index of the line in the input. */
  line: number;
  /** Centre of the box, whole pixels. */
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface LabelRules {
  imageWidth: number;
  imageHeight: number;
  /** Least distance between two labels' boxes, px. */
  gap: number;
  /** Least distance from a label's box to the end of an open line, px. */
  endClearance: number;
  /** Roughly one label per this length of line, px. */
  spacing: number;
  /** Candidate positions along a line, every this many px. */
  step: number;
}

export const CONTOUR_LABEL_RULES: Omit<LabelRules, 'imageWidth' | 'imageHeight'> = { gap: 24, endClearance: 8, spacing: 200, step: 4 };

interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** Distance between two boxes (0 when they overlap). */
export function boxDistance(a: Box, b: Box): number {
  const dx = Math.max(0, a.x0 - b.x1, b.x0 - a.x1);
  const dy = Math.max(0, a.y0 - b.y1, b.y0 - a.y1);
  return Math.hypot(dx, dy);
}

/** Distance from a point to a box (0 inside). */
export function pointBoxDistance(x: number, y: number, b: Box): number {
  return Math.hypot(Math.max(0, b.x0 - x, x - b.x1), Math.max(0, b.y0 - y, y - b.y1));
}

/** Whether segment (ax, ay)–(bx, by) meets a box (Liang–Barsky clipping). */
export function segmentMeetsBox(ax: number, ay: number, bx: number, by: number, b: Box): boolean {
  const dx = bx - ax;
  const dy = by - ay;
  let t0 = 0;
  let t1 = 1;
  // The four sides as p·t ≤ q.
  for (let side = 0; side < 4; side++) {
    const p = side === 0 ? -dx : side === 1 ? dx : side === 2 ? -dy : dy;
    const q = side === 0 ? ax - b.x0 : side === 1 ? b.x1 - ax : side === 2 ? ay - b.y0 : b.y1 - ay;
    if (p === 0) {
      if (q < 0) return false;
      continue;
    }
    const r = q / p;
    if (p < 0) {
      if (r > t1) return false;
      if (r > t0) t0 = r;
    } else {
      if (r < t0) return false;
      if (r < t1) t1 = r;
    }
  }
  return t0 <= t1;
}

export const boxOf = (l: Pick<PlacedLabel, 'x' | 'y' | 'width' | 'height'>): Box => ({
  x0: l.x - l.width / 2,
  y0: l.y - l.height / 2,
  x1: l.x + l.width / 2,
  y1: l.y + l.height / 2,
});

/** Segments bucketed by the BUCKET-px squares their boxes overlap, to find those near a label quickly. */
const BUCKET = 16;

/**
 * Labels for isolines: for each line (longest first), a label about every `spacing` px of its length, at the candidate
 * nearest the middle of each stretch that keeps every rule. A line shorter than three labels' widths gets none.
 */
export function placeContourLabels(lines: readonly LabelLine[], rules: LabelRules): PlacedLabel[] {
  const { imageWidth, imageHeight, gap, endClearance, spacing, step } = rules;
  const margin = gap / 2;
  // Every segment, bucketed; every end of an open line.
  const segLine: number[] = [];
  const segAt: number[] = [];
  const buckets = new Map<number, number[]>();
  const ends: number[] = [];
  const cols = Math.ceil(imageWidth / BUCKET) + 2;
  lines.forEach((l, li) => {
    const n = l.points.length / 2;
    if (n < 2) return;
    if (!l.closed) {
      // Only the ends that a label inside the image could come near.
      for (const k of [0, 2 * n - 2]) {
        const [x, y] = [l.points[k]!, l.points[k + 1]!];
        if (x > -endClearance && y > -endClearance && x < imageWidth + endClearance && y < imageHeight + endClearance) ends.push(x, y);
      }
    }
    const count = l.closed ? n : n - 1;
    for (let k = 0; k < count; k++) {
      const [ax, ay, bx, by] = segment(l, k);
      const s = segLine.length;
      segLine.push(li);
      segAt.push(k);
      for (let gy = bucketOf(Math.min(ay, by)); gy <= bucketOf(Math.max(ay, by)); gy++) {
        if (gy < -1 || gy > imageHeight / BUCKET + 1) continue;
        for (let gx = bucketOf(Math.min(ax, bx)); gx <= bucketOf(Math.max(ax, bx)); gx++) {
          if (gx < -1 || gx > imageWidth / BUCKET + 1) continue;
          const key = (gy + 1) * cols + gx + 1;
          const list = buckets.get(key);
          if (list) list.push(s);
          else buckets.set(key, [s]);
        }
      }
    }
  });

  // Which candidate last looked at a segment (a segment spans several buckets).
  const seenBy = new Int32Array(segLine.length).fill(-1);
  let candidate = 0;
  const placed: PlacedLabel[] = [];
  const lengths = lines.map(lineLength);
  const order = lines.map((_, k) => k).sort((a, b) => lengths[b]! - lengths[a]! || a - b);
  for (const li of order) {
    const line = lines[li]!;
    const total = lengths[li]!;
    if (total < 3 * line.width) continue;
    const stretches = Math.max(1, Math.round(total / spacing));
    const stretch = total / stretches;
    for (let s = 0; s < stretches; s++) {
      const middle = (s + 0.5) * stretch;
      // Candidates from the middle of the stretch outwards.
      for (let d = 0; d <= stretch / 2; d += step) {
        let done = false;
        for (const at of d === 0 ? [middle] : [middle - d, middle + d]) {
          const label = tryAt(line, li, total, at);
          if (label) {
            placed.push(label);
            done = true;
            break;
          }
        }
        if (done) break;
      }
    }
  }
  return placed;

  function tryAt(line: LabelLine, li: number, total: number, at: number): PlacedLabel | null {
    if (!line.closed && (at < 0 || at > total)) return null;
    const p = pointAt(line, ((at % total) + total) % total);
    if (!p) return null;
    const label = { line: li, x: Math.round(p.x), y: Math.round(p.y), width: line.width, height: line.height };
    const box = boxOf(label);
    if (box.x0 < margin || box.y0 < margin || box.x1 > imageWidth - margin || box.y1 > imageHeight - margin) return null;
    for (const other of placed) if (boxDistance(box, boxOf(other)) < gap) return null;
    for (let k = 0; k < ends.length; k += 2) if (pointBoxDistance(ends[k]!, ends[k + 1]!, box) < endClearance) return null;
    candidate += 1;
    // No other line touches the box, and its own line only around the anchor (within 0.65 of the box's diagonal
    // along the line): a line that turns back into the box elsewhere would be hidden by it.
    const reach = Math.hypot(line.width, line.height) * 0.65;
    for (let gy = bucketOf(box.y0); gy <= bucketOf(box.y1); gy++) {
      for (let gx = bucketOf(box.x0); gx <= bucketOf(box.x1); gx++) {
        for (const s of buckets.get((gy + 1) * cols + gx + 1) ?? []) {
          if (seenBy[s] === candidate) continue;
          seenBy[s] = candidate;
          const [ax, ay, bx, by] = segment(lines[segLine[s]!]!, segAt[s]!);
          if (!segmentMeetsBox(ax, ay, bx, by, box)) continue;
          if (segLine[s] !== li) return null;
          // A segment of its own line: it must lie within `reach` of the anchor along the line.
          const from = arcAt(line, segAt[s]!);
          const to = from + Math.hypot(bx - ax, by - ay);
          if (!withinArc(from, to, at, reach, total, line.closed)) return null;
        }
      }
    }
    return label;
  }
}

function bucketOf(v: number): number {
  return Math.floor(v / BUCKET);
}

function segment(l: LabelLine, k: number): [number, number, number, number] {
  const n = l.points.length / 2;
  const b = ((k + 1) % n) * 2;
  return [l.points[2 * k]!, l.points[2 * k + 1]!, l.points[b]!, l.points[b + 1]!];
}

function lineLength(l: LabelLine): number {
  const n = l.points.length / 2;
  let total = 0;
  for (let k = 0; k < (l.closed ? n : n - 1); k++) {
    const [ax, ay, bx, by] = segment(l, k);
    total += Math.hypot(bx - ax, by - ay);
  }
  return total;
}

// Cumulative lengths, computed once per line.
const arcCache = new WeakMap<LabelLine, Float64Array>();
function arcs(l: LabelLine): Float64Array {
  let a = arcCache.get(l);
  if (a) return a;
  const n = l.points.length / 2;
  a = new Float64Array(n + 1);
  for (let k = 0; k < n; k++) {
    if (!l.closed && k === n - 1) {
      a[k + 1] = a[k]!;
      continue;
    }
    const [ax, ay, bx, by] = segment(l, k);
    a[k + 1] = a[k]! + Math.hypot(bx - ax, by - ay);
  }
  arcCache.set(l, a);
  return a;
}

function arcAt(l: LabelLine, k: number): number {
  return arcs(l)[k]!;
}

function pointAt(l: LabelLine, at: number): { x: number; y: number } | null {
  const a = arcs(l);
  const n = l.points.length / 2;
  const count = l.closed ? n : n - 1;
  let lo = 0;
  let hi = count - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (a[mid]! <= at) lo = mid;
    else hi = mid - 1;
  }
  const [ax, ay, bx, by] = segment(l, lo);
  const len = a[lo + 1]! - a[lo]!;
  const t = len > 0 ? Math.min(1, Math.max(0, (at - a[lo]!) / len)) : 0;
  return { x: ax + t * (bx - ax), y: ay + t * (by - ay) };
}

/** Whether some of the arc [from, to] lies within `reach` of `at` along the line (around a closed line's seam too). */
function withinArc(from: number, to: number, at: number, reach: number, total: number, closed: boolean): boolean {
  for (const a of closed ? [at - total, at, at + total] : [at]) {
    const d = a < from ? from - a : a > to ? a - to : 0;
    if (d <= reach) return true;
  }
  return false;
}
