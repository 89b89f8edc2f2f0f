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

interface Fragment {
  /** Points before the start, pushed in reverse (x, y pairs appended as y, x) so that prepending is cheap. */
  head: number[];
  tail: number[];
  start: number;
  end: number;
}

/** Crossings stay this far (in cells) from a square's corners. */
const EDGE_EPSILON = 1e-6;

function fragmentPoints(f: Fragment): number[] {
  const out: number[] = [];
  for (let k = f.head.length - 1; k > 0; k -= 2) out.push(f.head[k]!, f.head[k - 1]!);
  for (const v of f.tail) out.push(v);
  return out;
}

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
  // The window's values, sampled every `step` cells.
  const sub = new Float64Array(na * nb);
  for (let b = 0; b < nb; b++) {
    const row = (j0 + b * step) * nx + i0;
    for (let a = 0; a < na; a++) sub[b * na + a] = values[row + a * step]!;
  }
  const nLevels = levels.length;
  const byStart = new Map<number, Fragment>();
  const byEnd = new Map<number, Fragment>();
  const out: Isoline[] = [];
  const levelOfFragment = new Map<Fragment, number>();
  const push = (lv: number, raw: number[], closed: boolean) => {
    const points = withoutRepeats(raw, closed);
    if (points.length >= (closed ? 6 : 4)) out.push({ level: lv, points, closed });
  };

  // Side s of square (a, b) as a global key (one per side of the lattice, per level) and the crossing's position.
  let v0 = 0;
  let v1 = 0;
  let v2 = 0;
  let v3 = 0;
  let sa = 0;
  let sb = 0;
  let level = 0;
  const sideKey = (s: number, li: number): number => {
    // Horizontal sides (0: bottom, 2: top) and vertical ones (3: left, 1: right), each keyed by its lower or left end.
    const k =
      s === 0 ? 2 * (sb * na + sa) : s === 2 ? 2 * ((sb + 1) * na + sa) : s === 3 ? 2 * (sb * na + sa) + 1 : 2 * (sb * na + sa + 1) + 1;
    return k * nLevels + li;
  };
  const crossing = (s: number): [number, number] => {
    // Always interpolated from the side's lower or left corner, so that both squares sharing a side compute the
    // same point (the lines join exactly).
    if (s === 0) return [sa + along(v0, v1), sb];
    if (s === 1) return [sa + 1, sb + along(v1, v2)];
    if (s === 2) return [sa + along(v3, v2), sb + 1];
    return [sa, sb + along(v0, v3)];
  };
  // Where the level lies between two corners (0 at the first, 1 at the second), kept a hair inside the side: a value
  // equal to the level (common with rounded data) would otherwise put the crossings of neighbouring squares, or of
  // two lines, on the same corner.
  const along = (from: number, to: number): number => Math.min(1 - EDGE_EPSILON, Math.max(EDGE_EPSILON, (level - from) / (to - from)));
  const toGrid = (p: [number, number]): [number, number] => [i0 + p[0] * step, j0 + p[1] * step];

  const addSegment = (from: number, to: number, li: number) => {
    const sKey = sideKey(from, li);
    const eKey = sideKey(to, li);
    const f = byEnd.get(sKey);
    const g = byStart.get(eKey);
    if (f && g) {
      byEnd.delete(sKey);
      byStart.delete(eKey);
      if (f === g) {
        // The line closes on itself.
        push(levels[li]!, fragmentPoints(f), true);
        levelOfFragment.delete(f);
        return;
      }
      // f, this segment and g become one fragment (g's first point is this segment's end).
      const gp = fragmentPoints(g);
      for (const v of gp) f.tail.push(v);
      byEnd.delete(g.end);
      f.end = g.end;
      byEnd.set(f.end, f);
      levelOfFragment.delete(g);
      return;
    }
    if (f) {
      const [x, y] = toGrid(crossing(to));
      f.tail.push(x, y);
      byEnd.delete(sKey);
      f.end = eKey;
      byEnd.set(eKey, f);
      return;
    }
    if (g) {
      const [x, y] = toGrid(crossing(from));
      g.head.push(y, x);
      byStart.delete(eKey);
      g.start = sKey;
      byStart.set(sKey, g);
      return;
    }
    const [x0, y0] = toGrid(crossing(from));
    const [x1, y1] = toGrid(crossing(to));
    const frag: Fragment = { head: [], tail: [x0, y0, x1, y1], start: sKey, end: eKey };
    byStart.set(sKey, frag);
    byEnd.set(eKey, frag);
    levelOfFragment.set(frag, li);
  };

  for (sb = 0; sb < nb - 1; sb++) {
    for (sa = 0; sa < na - 1; sa++) {
      const k = sb * na + sa;
      v0 = sub[k]!;
      v1 = sub[k + 1]!;
      v3 = sub[k + na]!;
      v2 = sub[k + na + 1]!;
      if (Number.isNaN(v0) || Number.isNaN(v1) || Number.isNaN(v2) || Number.isNaN(v3)) continue;
      const lo = Math.min(v0, v1, v2, v3);
      const hi = Math.max(v0, v1, v2, v3);
      // The levels crossing this square: lo < level ≤ hi.
      let li = upperBound(levels, lo);
      for (; li < nLevels && levels[li]! <= hi; li++) {
        level = levels[li]!;
        const c = (v0 >= level ? 1 : 0) | (v1 >= level ? 2 : 0) | (v2 >= level ? 4 : 0) | (v3 >= level ? 8 : 0);
        let sides: readonly number[];
        if (c === 5 || c === 10) {
          const high = (v0 + v1 + v2 + v3) / 4 >= level;
          sides = c === 5 ? (high ? SADDLE5_HIGH : SADDLE5_LOW) : high ? SADDLE10_HIGH : SADDLE10_LOW;
        } else sides = CASES[c]!;
        for (let s = 0; s < sides.length; s += 2) addSegment(sides[s]!, sides[s + 1]!, li);
      }
    }
  }
  for (const [f, li] of levelOfFragment) push(levels[li]!, fragmentPoints(f), false);
  return out;
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
 * returned (checked until no crossing is left).
 */
export function smoothIsolines(lines: readonly Isoline[], iterations = 2): Isoline[] {
  const smoothed = lines.map((l) => chaikin(l.points, l.closed, iterations));
  const useSmooth = lines.map(() => true);
  for (let round = 0; round < 8; round++) {
    const current = lines.map((l, k) => (useSmooth[k] ? smoothed[k]! : l.points));
    const crossing = crossingLines(
      current,
      lines.map((l) => l.closed),
    );
    let changed = false;
    for (const k of crossing) {
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
 * consecutive segments of one line). Segments are bucketed by the unit squares their boxes overlap.
 */
export function crossingLines(lines: ReadonlyArray<readonly number[]>, closed: readonly boolean[]): Set<number> {
  // Segment s of line l: (l, index of its first point), and the unit squares its box overlaps.
  const segLine: number[] = [];
  const segAt: number[] = [];
  const segBox: number[] = [];
  const buckets = new Map<number, number[]>();
  const key = (x: number, y: number) => (y + 32768) * 65536 + (x + 32768);
  lines.forEach((p, l) => {
    const n = p.length / 2;
    const count = closed[l] ? n : n - 1;
    for (let k = 0; k < count; k++) {
      const a = 2 * k;
      const b = 2 * ((k + 1) % n);
      const s = segLine.length;
      segLine.push(l);
      segAt.push(k);
      const x0 = Math.floor(Math.min(p[a]!, p[b]!));
      const x1 = Math.floor(Math.max(p[a]!, p[b]!));
      const y0 = Math.floor(Math.min(p[a + 1]!, p[b + 1]!));
      const y1 = Math.floor(Math.max(p[a + 1]!, p[b + 1]!));
      segBox.push(x0, y0, x1, y1);
      for (let y = y0; y <= y1; y++) {
        for (let x = x0; x <= x1; x++) {
          const kk = key(x, y);
          const list = buckets.get(kk);
          if (list) list.push(s);
          else buckets.set(kk, [s]);
        }
      }
    }
  });
  const out = new Set<number>();
  for (const [bucket, list] of buckets) {
    for (let u = 0; u < list.length; u++) {
      const s = list[u]!;
      const la = segLine[s]!;
      for (let w = u + 1; w < list.length; w++) {
        const t = list[w]!;
        const lb = segLine[t]!;
        if (la === lb && adjacent(segAt[s]!, segAt[t]!, lines[la]!.length / 2, closed[la]!)) continue;
        if (out.has(la) && out.has(lb)) continue;
        // A pair sharing several squares is tested once, in the first square they share.
        const fx = Math.max(segBox[4 * s]!, segBox[4 * t]!);
        const fy = Math.max(segBox[4 * s + 1]!, segBox[4 * t + 1]!);
        if (key(fx, fy) !== bucket) continue;
        if (segmentsMeet(lines[la]!, segAt[s]!, lines[lb]!, segAt[t]!)) {
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
