// The scanline of a polygon mask (mask.ts): each polygon's edges swept row by row, the spans between sorted crossings
// filled, and the cells within a rounding tolerance of a crossing, a vertex or a horizontal edge decided by the exact
// point test (robust orientation predicate).
import { orient2d } from 'robust-predicates';
import { cellLat, cellLon, type GridGeometry } from './grid.js';

/** A polygon as flat rings [x0, y0, x1, y1, …] without the closing repeat of the first vertex. */
export type FlatPolygon = Float64Array[];

/** Where a drawing sets its cells: `cells` laid over `box`, `width` cells a row. */
export interface BoxCells {
  cells: Uint8Array;
  box: { i0: number; i1: number; j0: number; j1: number };
  width: number;
}

/** What a drawing has set so far: its rows, count and bounds. */
export interface Tally {
  /** 1 for the rows a polygon has already set cells on. */
  rows: Uint8Array;
  count: number;
  i0: number;
  i1: number;
  j0: number;
  j1: number;
}

// The point test of point-in-polygon-hao (used by turf), over rings without the closing vertex:
// parity of the crossings left of the point, with exact orientation; on a boundary → inside.
export function pointInFlatPolygon(x: number, y: number, polygon: FlatPolygon): boolean {
  let crossings = 0;
  for (const ring of polygon) {
    const n = ring.length / 2;
    let u1 = ring[2 * n - 2]! - x;
    let v1 = ring[2 * n - 1]! - y;
    for (let k = 0; k < n; k++) {
      const u2 = ring[2 * k]! - x;
      const v2 = ring[2 * k + 1]! - y;
      if (v1 === 0 && v2 === 0) {
        if ((u2 <= 0 && u1 >= 0) || (u1 <= 0 && u2 >= 0)) return true;
      } else if ((v2 >= 0 && v1 <= 0) || (v2 <= 0 && v1 >= 0)) {
        const f = orient2d(u1, u2, v1, v2, 0, 0);
        if (f === 0) return true;
        if ((f > 0 && v2 > 0 && v1 <= 0) || (f < 0 && v2 <= 0 && v1 > 0)) crossings++;
      }
      u1 = u2;
      v1 = v2;
    }
  }
  return crossings % 2 === 1;
}

// Well above the rounding error of a crossing computed in doubles (a few ulps of 180°, scaled by
// the edge's slope), yet far below any grid spacing: only a handful of cells per row get the exact test.
const CROSSING_TOLERANCE = 1e-9;

/** The polygon's edges as x1 y1 x2 y2, each with the (conservative) range of rows whose latitude it may touch. */
function polygonEdges(g: GridGeometry, polygon: FlatPolygon, edgeCount: number) {
  const { ny } = g;
  const edges = new Float64Array(4 * edgeCount);
  const firstRow = new Int32Array(edgeCount);
  const lastRow = new Int32Array(edgeCount);
  let e = 0;
  for (const ring of polygon) {
    const n = ring.length / 2;
    for (let k = 0; k < n; k++) {
      const k2 = (k + 1) % n;
      const y1 = ring[2 * k + 1]!;
      const y2 = ring[2 * k2 + 1]!;
      edges[4 * e] = ring[2 * k]!;
      edges[4 * e + 1] = y1;
      edges[4 * e + 2] = ring[2 * k2]!;
      edges[4 * e + 3] = y2;
      const fa = (y1 - g.lat0) / g.dy;
      const fb = (y2 - g.lat0) / g.dy;
      firstRow[e] = Math.max(0, Math.floor(Math.min(fa, fb)) - 1);
      lastRow[e] = Math.min(ny - 1, Math.ceil(Math.max(fa, fb)) + 1);
      e++;
    }
  }

  return { edges, firstRow, lastRow };
}

export function rasterizePolygon(g: GridGeometry, polygon: FlatPolygon, target: BoxCells, row: Uint8Array, tally: Tally): void {
  const { box } = target;
  // Cells beyond the box (around every vertex) cannot be in the polygon; clipping to it keeps the writes inside.
  const colMin = box.i0;
  const colMax = box.i1;
  let edgeCount = 0;
  for (const ring of polygon) edgeCount += ring.length / 2;
  if (edgeCount === 0) return;

  const { edges, firstRow, lastRow } = polygonEdges(g, polygon, edgeCount);

  // Edges ordered by first row, so that a sweep can add them as it reaches them.
  const order = Array.from({ length: edgeCount }, (_, k) => k)
    .filter((k) => firstRow[k]! <= lastRow[k]!)
    .sort((a, b) => firstRow[a]! - firstRow[b]!);
  if (order.length === 0) return;

  const active = new Int32Array(edgeCount);
  let activeCount = 0;
  let next = 0;
  const crossings = new Float64Array(edgeCount);
  const ambiguous = new Float64Array(2 * edgeCount);
  let lastJ = 0;
  for (const k of order) lastJ = Math.max(lastJ, lastRow[k]!);

  for (let j = firstRow[order[0]!]!; j <= lastJ; j++) {
    while (next < order.length && firstRow[order[next]!]! <= j) active[activeCount++] = order[next++]!;
    const y = cellLat(g, j);
    let crossingCount = 0;
    let ambiguousCount = 0;
    let kept = 0;
    for (let a = 0; a < activeCount; a++) {
      const k = active[a]!;
      if (lastRow[k]! < j) continue;
      active[kept++] = k;
      const x1 = edges[4 * k]!;
      const y1 = edges[4 * k + 1]!;
      const x2 = edges[4 * k + 2]!;
      const y2 = edges[4 * k + 3]!;
      const xMin = Math.min(x1, x2);
      const xMax = Math.max(x1, x2);
      if (y1 > y !== y2 > y) {
        const slope = (x2 - x1) / (y2 - y1);
        const x = x1 + (y - y1) * slope;
        const tolerance = CROSSING_TOLERANCE * (1 + Math.abs(slope));
        crossings[crossingCount++] = x;
        ambiguous[2 * ambiguousCount] = Math.max(x - tolerance, xMin - CROSSING_TOLERANCE);
        ambiguous[2 * ambiguousCount + 1] = Math.min(x + tolerance, xMax + CROSSING_TOLERANCE);
        ambiguousCount++;
      } else if (y1 === y || y2 === y) {
        // A vertex or a horizontal edge on the row: its cells may lie on the boundary.
        const xa = y1 === y && y2 === y ? xMin : y1 === y ? x1 : x2;
        const xb = y1 === y && y2 === y ? xMax : xa;
        ambiguous[2 * ambiguousCount] = xa - CROSSING_TOLERANCE;
        ambiguous[2 * ambiguousCount + 1] = xb + CROSSING_TOLERANCE;
        ambiguousCount++;
      }
    }
    activeCount = kept;
    if (crossingCount === 0 && ambiguousCount === 0) continue;

    let touchedMin = colMax + 1;
    let touchedMax = -1;
    // Cells set in `row` (the spans of sorted crossing pairs never overlap).
    let ones = 0;
    const sorted = crossings.subarray(0, crossingCount).sort();
    for (let c = 0; c + 1 < crossingCount; c += 2) {
      const from = Math.max(colMin, Math.ceil((sorted[c]! - g.lon0) / g.dx));
      const to = Math.min(colMax, Math.ceil((sorted[c + 1]! - g.lon0) / g.dx) - 1);
      if (from > to) continue;
      row.fill(1, from, to + 1);
      ones += to - from + 1;
      if (from < touchedMin) touchedMin = from;
      if (to > touchedMax) touchedMax = to;
    }
    for (let a = 0; a < ambiguousCount; a++) {
      const from = Math.max(colMin, Math.ceil((ambiguous[2 * a]! - g.lon0) / g.dx));
      const to = Math.min(colMax, Math.floor((ambiguous[2 * a + 1]! - g.lon0) / g.dx));
      for (let i = from; i <= to; i++) {
        const set = pointInFlatPolygon(cellLon(g, i), y, polygon) ? 1 : 0;
        ones += set - row[i]!;
        row[i] = set;
      }
      if (from <= to) {
        if (from < touchedMin) touchedMin = from;
        if (to > touchedMax) touchedMax = to;
      }
    }
    if (touchedMin <= touchedMax) mergeRow(target, row, j, touchedMin, touchedMax, ones, tally);
  }
}

/**
 * Row j's cells set in `row` (columns touchedMin … touchedMax, `ones` of them) laid into the target and tallied; the
 * row buffer is left clear.
 */
function mergeRow(target: BoxCells, row: Uint8Array, j: number, touchedMin: number, touchedMax: number, ones: number, tally: Tally): void {
  const { cells: inside, box, width } = target;
  const base = (j - box.j0) * width - box.i0;
  if (!tally.rows[j]) {
    // The first polygon on this row: the row buffer is copied as it is.
    if (ones > 0) {
      inside.set(row.subarray(touchedMin, touchedMax + 1), base + touchedMin);
      tally.rows[j] = 1;
      tally.count += ones;
      const first = row.indexOf(1, touchedMin);
      const last = row.lastIndexOf(1, touchedMax);
      if (first < tally.i0) tally.i0 = first;
      if (last > tally.i1) tally.i1 = last;
      if (j < tally.j0) tally.j0 = j;
      if (j > tally.j1) tally.j1 = j;
    }
    row.fill(0, touchedMin, touchedMax + 1);
    return;
  }
  let first = -1;
  let last = -1;
  let added = 0;
  for (let i = touchedMin; i <= touchedMax; i++) {
    if (row[i]) {
      if (first < 0) first = i;
      last = i;
      added += 1 - inside[base + i]!;
      inside[base + i] = 1;
      row[i] = 0;
    }
  }
  if (first >= 0) {
    tally.count += added;
    if (first < tally.i0) tally.i0 = first;
    if (last > tally.i1) tally.i1 = last;
    if (j < tally.j0) tally.j0 = j;
    if (j > tally.j1) tally.j1 = j;
  }
}
