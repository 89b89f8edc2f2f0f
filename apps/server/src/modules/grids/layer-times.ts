/** One stored grid, as far as its place in time matters. */
export interface GridTimeRow {
  factorId: number;
  baseTime: string;
  lead: number;
}

/** What a layer (a factor of a forecast type) has grids for. */
export interface LayerTimes {
  /** Base times with at least one lead of this factor, newest first: the first is the layer's default. */
  baseTimes: string[];
  /** Leads of this factor at its newest base time, ascending: the first is the default lead. */
  leads: number[];
}

/**
 * Base times and leads per factor, each from that factor's own grids: a partial run (a few leads of one factor at a
 * new base time) moves only that factor's defaults, so every default names a grid that exists.
 */
export function layerTimes(rows: readonly GridTimeRow[]): Map<number, LayerTimes> {
  const byFactor = new Map<number, GridTimeRow[]>();
  for (const r of rows) {
    const list = byFactor.get(r.factorId);
    if (list) list.push(r);
    else byFactor.set(r.factorId, [r]);
  }
  const out = new Map<number, LayerTimes>();
  for (const [factorId, list] of byFactor) {
    const baseTimes = [...new Set(list.map((r) => r.baseTime))].sort().reverse();
    const leads = [...new Set(list.filter((r) => r.baseTime === baseTimes[0]).map((r) => r.lead))].sort((a, b) => a - b);
    out.set(factorId, { baseTimes, leads });
  }
  return out;
}
