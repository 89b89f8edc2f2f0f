// The edge weights of an area edit (area-ops.ts): flat, a narrow ramp by a direct search here, a wide ramp or a taper
// from exact distances (area-distance.ts).
import type { EdgeMode } from './area-types.js';
import { exactWeights } from './area-distance.js';
import { grownF64, grownI32, maskRuns, runSegments, scratch, type Runs, type Weights } from './area-runs.js';
import type { Mask } from './mask.js';

// Up to this reach a direct search (2·reach + 1 candidates per cell near the border) beats the envelope.
const DIRECT_SEARCH_LIMIT = 8;

export function prepareWeights(mask: Mask, edge: EdgeMode): Weights {
  const runs = maskRuns(mask);
  const { i0, i1 } = mask.bounds!;
  // A row has at most one segment per cell.
  scratch.segments = grownI32(scratch.segments, 3 * (i1 - i0 + 2));
  if (edge.type === 'flat') return { runs, offset: 0, weights: scratch.f64a, row: (r) => runSegments(runs, r, 0) };
  if (edge.type === 'ramp' && !(edge.cells > 0)) throw new RangeError('a ramp needs a width > 0 cells');
  if (edge.type === 'ramp' && edge.cells <= DIRECT_SEARCH_LIMIT) return rampWeights(mask, runs, edge.cells);
  return exactWeights(mask, runs, edge);
}

let hRing = new Uint8Array(0);

/**
 * Ramp of at most DIRECT_SEARCH_LIMIT cells: only cells nearer than `reach` = ⌈cells⌉ to an outside cell
 * have w < 1, and their distance only depends on the rows within reach. Per row, the cells at least reach
 * (in both directions) from every outside cell of the rows within reach are found as intervals: segments of
 * w = 1 (min(1, reach / cells) = 1). The others get d² = min over those rows of dy² + h², h being the distance
 * along that row to its nearest outside cell capped at reach (kept for the rows in reach in a ring, built from
 * the runs), d² capped at reach² — the reference's capped search, without a distance map over the whole box.
 */
function rampWeights(mask: Mask, runs: Runs, cells: number): Weights {
  const reach = Math.ceil(cells);
  const reach2 = reach * reach;
  const { nx, ny } = mask;
  const { i0, i1, j0 } = mask.bounds!;
  const width = i1 - i0 + 1;
  scratch.f64a = grownF64(scratch.f64a, width);
  const weights = scratch.f64a;
  // Interval lists (start, end pairs): the far cells so far, and the next row's far intervals.
  scratch.i32d = grownI32(scratch.i32d, 2 * width + 4);
  scratch.i32e = grownI32(scratch.i32e, 2 * width + 4);
  let far = scratch.i32d;
  let next = scratch.i32e;
  scratch.f64b = grownF64(scratch.f64b, width);
  const best = scratch.f64b;
  const ring = 2 * reach - 1;
  if (hRing.length < ring * width) hRing = new Uint8Array(Math.max(ring * width, 2 * hRing.length));
  const h = hRing;
  const { rowStart, start, end } = runs;
  const rows = runs.rows;
  let filled = -1; // the last grid row whose distances are in the ring
  /** h of grid row jj over the bounds' columns: 0 outside the area, else min(reach, cells to the nearest outside cell along the row). */
  const fillH = (jj: number) => {
    const slot = (jj % ring) * width - i0;
    h.fill(0, slot + i0, slot + i0 + width);
    const rr = jj - j0;
    if (rr < 0 || rr >= rows) return;
    for (let k = rowStart[rr]!; k < rowStart[rr + 1]!; k++) {
      const s = start[k]!;
      const e = end[k]!;
      h.fill(reach, slot + s, slot + e + 1);
      // The grid's border is not an area border: no fading towards it.
      if (s > 0) for (let t = 0; t < reach - 1 && s + t <= e; t++) h[slot + s + t] = t + 1;
      if (e < nx - 1) for (let t = 0; t < reach - 1 && e - t >= s; t++) if (t + 1 < h[slot + e - t]!) h[slot + e - t] = t + 1;
    }
  };
  const seg = scratch.segments;
  return {
    runs,
    offset: i0,
    weights,
    row(r) {
      const j = j0 + r;
      const top = Math.max(0, j - reach + 1);
      const bottom = Math.min(ny - 1, j + reach - 1);
      for (let jj = filled < top || filled > bottom ? top : filled + 1; jj <= bottom; jj++) fillH(jj);
      filled = bottom;
      // Far cells: the row's own runs, narrowed by every row within reach (rows off the grid do not narrow).
      let farCount = 0;
      for (let k = rowStart[r]!; k < rowStart[r + 1]!; k++) {
        far[2 * farCount] = start[k]!;
        far[2 * farCount++ + 1] = end[k]!;
      }
      for (let jj = top; jj <= bottom && farCount > 0; jj++) {
        const rr = jj - j0;
        let n = 0;
        if (rr >= 0 && rr < rows) {
          let a = 0;
          for (let k = rowStart[rr]!; k < rowStart[rr + 1]! && a < farCount; k++) {
            const s = start[k]! === 0 ? 0 : start[k]! + reach - 1;
            const e = end[k]! === nx - 1 ? nx - 1 : end[k]! - reach + 1;
            if (s > e) continue;
            while (a < farCount && far[2 * a + 1]! < s) a++;
            for (let b = a; b < farCount && far[2 * b]! <= e; b++) {
              const from = far[2 * b]! > s ? far[2 * b]! : s;
              const to = far[2 * b + 1]! < e ? far[2 * b + 1]! : e;
              if (from <= to) {
                next[2 * n] = from;
                next[2 * n++ + 1] = to;
              }
            }
          }
        }
        const t = far;
        far = next;
        next = t;
        farCount = n;
      }
      // The row's runs cut into far segments (w = 1) and measured ones.
      let n = 0;
      let f = 0;
      for (let k = rowStart[r]!; k < rowStart[r + 1]!; k++) {
        const e = end[k]!;
        let i = start[k]!;
        while (i <= e) {
          while (f < farCount && far[2 * f + 1]! < i) f++;
          const farFrom = f < farCount ? far[2 * f]! : nx;
          if (farFrom <= i) {
            const to = Math.min(e, far[2 * f + 1]!);
            seg[n++] = i;
            seg[n++] = to;
            seg[n++] = 0;
            i = to + 1;
            continue;
          }
          const to = Math.min(e, farFrom - 1);
          // best[c − i0] = min(reach², d²) for the cells i … to.
          best.fill(reach2, i - i0, to - i0 + 1);
          for (let jj = top; jj <= bottom; jj++) {
            const dy2 = (jj - j) * (jj - j);
            const slot = (jj % ring) * width - i0;
            for (let c = i; c <= to; c++) {
              const hc = h[slot + c]!;
              const d2 = dy2 + hc * hc;
              if (d2 < best[c - i0]!) best[c - i0] = d2;
            }
          }
          for (let c = i; c <= to; c++) weights[c - i0] = Math.min(1, Math.sqrt(best[c - i0]!) / cells);
          seg[n++] = i;
          seg[n++] = to;
          seg[n++] = 1;
          i = to + 1;
        }
      }
      return n / 3;
    },
  };
}
