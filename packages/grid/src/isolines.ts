import { orient2d } from 'robust-predicates';

// Isolines (等值线) of a grid, as vector lines (docs/wms.md#contour-lines): marching squares over the squares whose
// corners are four neighbouring cell centres, the crossing on each square's side found by linear interpolation
// between its two corners, the segments joined into polylines; then lightly smoothed by Chaikin's corner cutting,
// kept only where it makes no two lines cross. Coordinates are grid indices (i along a row, j across rows, cell
// centres at whole numbers), so a point georeferences as lon = lon0 + i·dx, lat = lat0 + j·dy.

export interface Isoline {
  level: number;
  /** x0, y0, x1, y1, … in grid indices (x = i, y = j). A closed line does not repeat its first point. */
  points: number[];
  closed: boolean;
}

/** The part of a grid to trace: columns i0…i1 and rows j0…j1 (inclusive), every `step`-th cell. */
export interface IsolineWindow {
  i0: number;
  j0: number;
  i1: number;
  j1: number;
  step: number;
}

// Segments of each marching-squares case, oriented so that the side at or above the level lies on the left when
// walking from the first side to the second. Corners: 0 (i, j), 1 (i+1, j), 2 (i+1, j+1), 3 (i, j+1); the case's bit k
// is set when corner k is at or above the level. Sides: 0 (corners 0–1), 1 (1–2), 2 (3–2), 3 (0–3). The saddles (5
// and 10) have two entries: when the mean of the four corners is below the level, then at or above it.
const CASES: ReadonlyArray<readonly number[]> = [
  [],
  [0, 3],
  [1, 0],
  [1, 3],
  [2, 1],
  [], // saddle
  [2, 0],
  [2, 3],
  [3, 2],
  [0, 2],
  [], // saddle
  [1, 2],
  [3, 1],
  [0, 1],
  [3, 0],
  [],
];
// Saddle 5 (corners 0 and 2 high): a low centre keeps the high corners apart, a high one the low corners (1 and 3).
const SADDLE5_LOW = [0, 3, 2, 1];
const SADDLE5_HIGH = [0, 1, 2, 3];
// Saddle 10 (corners 1 and 3 high).
const SADDLE10_LOW = [1, 0, 3, 2];
const SADDLE10_HIGH = [3, 0, 1, 2];

/** Crossings stay this far (in cells) from a square's corners. */
const EDGE_EPSILON = 1e-6;

/** The points without consecutive repeats (and, closed, without the first repeated at the end). */
function withoutRepeats(p: number[], closed: boolean): number[] {
  const out: number[] = [];
  for (let k = 0; k < p.length; k += 2) {
    const n = out.length;
    if (n >= 2 && out[n - 2] === p[k] && out[n - 1] === p[k + 1]) continue;
    out.push(p[k]!, p[k + 1]!);
  }
  if (closed && out.length >= 4 && out[0] === out[out.length - 2] && out[1] === out[out.length - 1]) out.length -= 2;
  return out;
}

/**
 * The isolines of `levels` (ascending) over a window of a grid of `nx × ny` values (row-major, NaN where missing). No
 * line enters a square with a missing corner. A value equal to a level counts as above it (the level is the lower
 * bound of the band above, as the colour classes read).
 */
export function isolines(
  values: ArrayLike<number>,
  nx: number,
  ny: number,
  levels: readonly number[],
  window: IsolineWindow = { i0: 0, j0: 0, i1: nx - 1, j1: ny - 1, step: 1 },
): Isoline[] {
  const step = Math.max(1, Math.floor(window.step));
  const i0 = Math.max(0, window.i0);
  const j0 = Math.max(0, window.j0);
  const na = Math.floor((Math.min(nx - 1, window.i1) - i0) / step) + 1;
  const nb = Math.floor((Math.min(ny - 1, window.j1) - j0) / step) + 1;
  if (na < 2 || nb < 2 || levels.length === 0) return [];
  const { sub, below } = windowValues(values, nx, levels, { i0, j0, step, na, nb });
  const nLevels = levels.length;
  // The segments, each from one side crossing to another (keys: one per side of the lattice and level), with their
  // points; joined afterwards by walking from a segment to the one starting where it ends.
  const from: number[] = [];
  const to: number[] = [];
  const pts: number[] = [];
  const levelIndex: number[] = [];

  let v0 = 0;
  let v1 = 0;
  let v2 = 0;
  let v3 = 0;
  let sa = 0;
  let sb = 0;
  let level = 0;
  // Where the level lies between two corners (0 at the first, 1 at the second), kept a hair inside the side: a value
  // equal to the level (common with rounded data) would otherwise put the crossings of neighbouring squares, or of
  // two lines, on the same corner.
  const along = (a: number, b: number): number => Math.min(1 - EDGE_EPSILON, Math.max(EDGE_EPSILON, (level - a) / (b - a)));
  const sideKey = (s: number, li: number): number => {
    // Horizontal sides (0: bottom, 2: top) and vertical ones (3: left, 1: right), each keyed by its lower or left end.
    const k =
      s === 0 ? 2 * (sb * na + sa) : s === 2 ? 2 * ((sb + 1) * na + sa) : s === 3 ? 2 * (sb * na + sa) + 1 : 2 * (sb * na + sa + 1) + 1;
    return k * nLevels + li;
  };
  // The crossing on side s, always interpolated from the side's lower or left corner, so that both squares sharing a
  // side compute the same point (the lines join exactly), in the whole grid's indices.
  const pushCrossing = (s: number) => {
    const x = s === 0 || s === 2 ? sa + (s === 0 ? along(v0, v1) : along(v3, v2)) : s === 1 ? sa + 1 : sa;
    const y = s === 1 || s === 3 ? sb + (s === 1 ? along(v1, v2) : along(v0, v3)) : s === 2 ? sb + 1 : sb;
    pts.push(i0 + x * step, j0 + y * step);
  };

  for (sb = 0; sb < nb - 1; sb++) {
    for (sa = 0; sa < na - 1; sa++) {
      const k = sb * na + sa;
      const [c0, c1, c2, c3] = [below[k]!, below[k + 1]!, below[k + na + 1]!, below[k + na]!];
      if (c0 === c1 && c1 === c2 && c2 === c3) continue;
      if (c0 < 0 || c1 < 0 || c2 < 0 || c3 < 0) continue;
      v0 = sub[k]!;
      v1 = sub[k + 1]!;
      v3 = sub[k + na]!;
      v2 = sub[k + na + 1]!;
      // The levels crossing this square: lo < level ≤ hi, lo and hi its least and greatest corner.
      const last = Math.max(c0, c1, c2, c3);
      for (let li = Math.min(c0, c1, c2, c3); li < last; li++) {
        level = levels[li]!;
        const c = (v0 >= level ? 1 : 0) | (v1 >= level ? 2 : 0) | (v2 >= level ? 4 : 0) | (v3 >= level ? 8 : 0);
        let sides: readonly number[];
        if (c === 5 || c === 10) {
          const high = (v0 + v1 + v2 + v3) / 4 >= level;
          sides = c === 5 ? (high ? SADDLE5_HIGH : SADDLE5_LOW) : high ? SADDLE10_HIGH : SADDLE10_LOW;
        } else sides = CASES[c]!;
        for (let s = 0; s < sides.length; s += 2) {
          from.push(sideKey(sides[s]!, li));
          to.push(sideKey(sides[s + 1]!, li));
          pushCrossing(sides[s]!);
          pushCrossing(sides[s + 1]!);
          levelIndex.push(li);
        }
      }
    }
  }

  // Each side crossing starts at most one segment and ends at most one.
  const startingAt = new KeyIndex(from);
  const endingAt = new KeyIndex(to);
  const out: Isoline[] = [];
  const done = new Uint8Array(from.length);
  for (let first = 0; first < from.length; first++) {
    if (done[first]) continue;
    // Back to the line's first segment, or round a closed line to this one.
    let s = first;
    let closed = false;
    for (;;) {
      const prev = endingAt.get(from[s]!);
      if (prev === undefined) break;
      if (prev === first) {
        closed = true;
        break;
      }
      s = prev;
    }
    if (closed) s = first;
    const start = s;
    const points: number[] = [pts[4 * s]!, pts[4 * s + 1]!];
    for (;;) {
      done[s] = 1;
      const next = startingAt.get(to[s]!);
      if (next === undefined || next === start) {
        if (next === undefined) points.push(pts[4 * s + 2]!, pts[4 * s + 3]!);
        break;
      }
      points.push(pts[4 * s + 2]!, pts[4 * s + 3]!);
      s = next;
    }
    const clean = withoutRepeats(points, closed);
    if (clean.length >= (closed ? 6 : 4)) out.push({ level: levels[levelIndex[start]!]!, points: clean, closed });
  }
  return out;
}

/**
 * The window's values, sampled every `step` cells, and how many levels lie at or below each (−1 where missing): a
 * square is crossed by the levels from its corners' least count to their greatest, so that most squares, their four
 * counts equal, are passed at once.
 */
function windowValues(
  values: ArrayLike<number>,
  nx: number,
  levels: readonly number[],
  w: { i0: number; j0: number; step: number; na: number; nb: number },
): { sub: Float64Array; below: Int32Array } {
  const { i0, j0, step, na, nb } = w;
  const sub = new Float64Array(na * nb);
  for (let b = 0; b < nb; b++) {
    const row = (j0 + b * step) * nx + i0;
    for (let a = 0; a < na; a++) sub[b * na + a] = values[row + a * step]!;
  }
  const below = new Int32Array(na * nb);
  for (let k = 0; k < below.length; k++) below[k] = Number.isNaN(sub[k]!) ? -1 : upperBound(levels, sub[k]!);
  return { sub, below };
}

/** Segment by side key (each key once): open addressing in typed arrays, a few times faster than a Map here. */
class KeyIndex {
  private readonly keys: Float64Array;
  private readonly values: Int32Array;
  private readonly mask: number;
  constructor(keys: readonly number[]) {
    let size = 16;
    while (size < keys.length * 2) size *= 2;
    this.mask = size - 1;
    this.keys = new Float64Array(size).fill(-1);
    this.values = new Int32Array(size);
    keys.forEach((k, v) => {
      let h = this.hash(k);
      while (this.keys[h] !== -1) h = (h + 1) & this.mask;
      this.keys[h] = k;
      this.values[h] = v;
    });
  }
  private hash(k: number): number {
    return (Math.imul(k | 0, 0x9e3779b1) ^ Math.imul(Math.floor(k / 4294967296), 0x85ebca6b)) & this.mask;
  }
  get(k: number): number | undefined {
    for (let h = this.hash(k); ; h = (h + 1) & this.mask) {
      const at = this.keys[h]!;
      if (at === k) return this.values[h];
      if (at === -1) return undefined;
    }
  }
}

/** The index of the first level greater than v. */
function upperBound(levels: readonly number[], v: number): number {
  let lo = 0;
  let hi = levels.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (levels[mid]! <= v) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Chaikin's corner cutting (Chaikin 1974), `iterations` times: each segment PQ is replaced by the points at ¼ and ¾
 * of it, so corners are rounded and straight runs stay straight. An open line keeps its two ends.
 */
export function chaikin(points: readonly number[], closed: boolean, iterations = 2): number[] {
  let p = points as number[];
  for (let it = 0; it < iterations; it++) {
    const n = p.length / 2;
    if (n < 3) return [...p];
    const q: number[] = [];
    if (!closed) q.push(p[0]!, p[1]!);
    const segments = closed ? n : n - 1;
    for (let k = 0; k < segments; k++) {
      const ax = p[2 * k]!;
      const ay = p[2 * k + 1]!;
      const b = ((k + 1) % n) * 2;
      const bx = p[b]!;
      const by = p[b + 1]!;
      const firstOpen = !closed && k === 0;
      const lastOpen = !closed && k === segments - 1;
      if (!firstOpen) q.push(0.75 * ax + 0.25 * bx, 0.75 * ay + 0.25 * by);
      if (!lastOpen) q.push(0.25 * ax + 0.75 * bx, 0.25 * ay + 0.75 * by);
    }
    if (!closed) q.push(p[2 * (n - 1)]!, p[2 * (n - 1) + 1]!);
    p = q;
  }
  return p === points ? [...p] : p;
}

/**
 * The lines smoothed by Chaikin's corner cutting where that keeps them apart: a smoothed line that would cross or touch
 * another line (or itself) is kept as traced. Traced isolines of one field never cross, so neither do the lines
 * returned (checked until no crossing is left). `cell`: the traced squares' size (the window's step).
 */
export function smoothIsolines(lines: readonly Isoline[], iterations = 2, cell = 1): Isoline[] {
  const smoothed = lines.map((l) => chaikin(l.points, l.closed, iterations));
  const useSmooth = lines.map(() => true);
  const closed = lines.map((l) => l.closed);
  for (let round = 0; round < 8; round++) {
    const current = lines.map((l, k) => (useSmooth[k] ? smoothed[k]! : l.points));
    let changed = false;
    for (const k of crossingLines(current, closed, cell)) {
      if (useSmooth[k]) {
        useSmooth[k] = false;
        changed = true;
      }
    }
    if (!changed) break;
  }
  return lines.map((l, k) => ({ ...l, points: useSmooth[k] ? smoothed[k]! : [...l.points] }));
}

/**
 * The indices of the lines that cross or touch another line or themselves (segments sharing a point other than two
 * consecutive segments of one line). Segments are bucketed by the `cell`-sized squares their boxes overlap.
 */
export function crossingLines(lines: ReadonlyArray<readonly number[]>, closed: readonly boolean[], cell = 1): Set<number> {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  let segments = 0;
  lines.forEach((p, l) => {
    for (let k = 0; k < p.length; k += 2) {
      if (p[k]! < minX) minX = p[k]!;
      if (p[k]! > maxX) maxX = p[k]!;
      if (p[k + 1]! < minY) minY = p[k + 1]!;
      if (p[k + 1]! > maxY) maxY = p[k + 1]!;
    }
    segments += closed[l] ? p.length / 2 : p.length / 2 - 1;
  });
  const out = new Set<number>();
  if (segments <= 0) return out;
  const cols = Math.floor((maxX - minX) / cell) + 1;
  const rows = Math.floor((maxY - minY) / cell) + 1;
  // Buckets as linked lists in flat arrays: head per bucket, then (segment, next) per entry.
  const head = new Int32Array(cols * rows).fill(-1);
  let entrySeg = new Int32Array(segments * 2);
  let entryNext = new Int32Array(segments * 2);
  let entries = 0;
  const segLine = new Int32Array(segments);
  const segAt = new Int32Array(segments);
  const segBox = new Int32Array(segments * 4);
  let s = 0;
  lines.forEach((p, l) => {
    const n = p.length / 2;
    const count = closed[l] ? n : n - 1;
    for (let k = 0; k < count; k++) {
      const a = 2 * k;
      const b = 2 * ((k + 1) % n);
      segLine[s] = l;
      segAt[s] = k;
      const x0 = Math.floor((Math.min(p[a]!, p[b]!) - minX) / cell);
      const x1 = Math.floor((Math.max(p[a]!, p[b]!) - minX) / cell);
      const y0 = Math.floor((Math.min(p[a + 1]!, p[b + 1]!) - minY) / cell);
      const y1 = Math.floor((Math.max(p[a + 1]!, p[b + 1]!) - minY) / cell);
      segBox[4 * s] = x0;
      segBox[4 * s + 1] = y0;
      for (let y = y0; y <= y1; y++) {
        for (let x = x0; x <= x1; x++) {
          if (entries === entrySeg.length) {
            const grow = (arr: Int32Array) => {
              const next = new Int32Array(arr.length * 2);
              next.set(arr);
              return next;
            };
            entrySeg = grow(entrySeg);
            entryNext = grow(entryNext);
          }
          const bucket = y * cols + x;
          entrySeg[entries] = s;
          entryNext[entries] = head[bucket]!;
          head[bucket] = entries++;
        }
      }
      s++;
    }
  });
  for (let bucket = 0; bucket < head.length; bucket++) {
    const bx = bucket % cols;
    const by = (bucket - bx) / cols;
    for (let e = head[bucket]!; e >= 0; e = entryNext[e]!) {
      const u = entrySeg[e]!;
      const la = segLine[u]!;
      for (let f = entryNext[e]!; f >= 0; f = entryNext[f]!) {
        const w = entrySeg[f]!;
        const lb = segLine[w]!;
        if (la === lb && adjacent(segAt[u]!, segAt[w]!, lines[la]!.length / 2, closed[la]!)) continue;
        if (out.has(la) && out.has(lb)) continue;
        // A pair sharing several buckets is tested once, in the first one they share.
        if (Math.max(segBox[4 * u]!, segBox[4 * w]!) !== bx || Math.max(segBox[4 * u + 1]!, segBox[4 * w + 1]!) !== by) continue;
        if (segmentsMeet(lines[la]!, segAt[u]!, lines[lb]!, segAt[w]!)) {
          out.add(la);
          out.add(lb);
        }
      }
    }
  }
  return out;
}

function adjacent(a: number, b: number, n: number, closed: boolean): boolean {
  if (Math.abs(a - b) <= 1) return true;
  return closed && Math.min(a, b) === 0 && Math.max(a, b) === n - 1;
}

function segmentsMeet(p: readonly number[], a: number, q: readonly number[], b: number): boolean {
  const n = p.length / 2;
  const m = q.length / 2;
  const a2 = 2 * ((a + 1) % n);
  const b2 = 2 * ((b + 1) % m);
  return segmentsIntersect(p[2 * a]!, p[2 * a + 1]!, p[a2]!, p[a2 + 1]!, q[2 * b]!, q[2 * b + 1]!, q[b2]!, q[b2 + 1]!);
}

/** Whether segments AB and CD share a point (exact predicates: touching counts). */
export function segmentsIntersect(ax: number, ay: number, bx: number, by: number, cx: number, cy: number, dx: number, dy: number): boolean {
  const d1 = orient2d(cx, cy, dx, dy, ax, ay);
  const d2 = orient2d(cx, cy, dx, dy, bx, by);
  const d3 = orient2d(ax, ay, bx, by, cx, cy);
  const d4 = orient2d(ax, ay, bx, by, dx, dy);
  if (((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))) return true;
  const on = (px: number, py: number, qx: number, qy: number, rx: number, ry: number) =>
    Math.min(px, qx) <= rx && rx <= Math.max(px, qx) && Math.min(py, qy) <= ry && ry <= Math.max(py, qy);
  if (d1 === 0 && on(cx, cy, dx, dy, ax, ay)) return true;
  if (d2 === 0 && on(cx, cy, dx, dy, bx, by)) return true;
  if (d3 === 0 && on(ax, ay, bx, by, cx, cy)) return true;
  if (d4 === 0 && on(ax, ay, bx, by, dx, dy)) return true;
  return false;
}
