import type { Histogram } from '@agromet/contracts';
import { classifyFactor, type FactorRule } from '@agromet/grid';

/** One bar of a factor's histogram: its bin, cells, and the class its values fall in (null when mixed or unknown). */
export interface HistogramBar {
  from: number;
  to: number;
  count: number;
  /** The class of the whole bin, when both ends' values fall in one class; null otherwise or without a valid rule. */
  cls: number | null;
}

/**
 * The bars of a histogram coloured by a factor's thresholds. A bin whose lower and upper values (just above the
 * lower edge, the upper edge itself: intervals are closed above) get the same class takes that class; a bin a
 * threshold cuts through is mixed. An invalid rule (being typed) colours nothing.
 */
export function histogramBars(
  histogram: Pick<Histogram, 'edges' | 'counts'>,
  rule: Pick<FactorRule, 'breaks' | 'classes'> | null,
): HistogramBar[] {
  const { edges, counts } = histogram;
  const bins = Math.min(counts.length, Math.max(0, edges.length - 1));
  let low: Uint8Array | null = null;
  let high: Uint8Array | null = null;
  if (rule && bins > 0) {
    try {
      const full: FactorRule = { factor: 'preview', breaks: rule.breaks, classes: rule.classes };
      // Just above each lower edge (in single precision, as grid values are) and at each upper edge.
      const lows = Float32Array.from({ length: bins }, (_, k) => nextUp(Math.fround(edges[k]!)));
      const highs = Float32Array.from({ length: bins }, (_, k) => edges[k + 1]!);
      low = classifyFactor(lows, full);
      high = classifyFactor(highs, full);
    } catch {
      low = high = null;
    }
  }
  return Array.from({ length: bins }, (_, k) => ({
    from: edges[k]!,
    to: edges[k + 1]!,
    count: counts[k]!,
    cls: low && high && low[k] === high[k] ? low[k]! : null,
  }));
}

/** The next single-precision number above `v`. */
function nextUp(v: number): number {
  const f = new Float32Array([v]);
  const bits = new Int32Array(f.buffer);
  if (v === 0) return 1.401298464324817e-45;
  bits[0]! += v > 0 ? 1 : -1;
  return f[0]!;
}
