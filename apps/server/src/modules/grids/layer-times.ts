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

/** One run (issue time) of a layer and the leads it has grids for, ascending. */
export interface LayerRun {
  baseTime: string;
  leads: number[];
}

/**
 * A layer's time axis by the OGC meteorology convention: the runs (reference times) and the valid times (run + lead)
 * it has grids for. The default run is the newest complete one, complete meaning it has every lead the element has
 * in any run (the newest run when none is complete); the default valid time is that run's first lead.
 */
export interface LayerAxis {
  /** Newest first. */
  runs: LayerRun[];
  defaultRun: string;
  defaultLead: number;
  defaultTime: string;
  /** Every valid time of every run, ascending, without repeats. */
  validTimes: string[];
}

const HOUR_MS = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();

export function layerAxis(rows: readonly GridTimeRow[]): Map<number, LayerAxis> {
  const byFactor = new Map<number, Map<string, Set<number>>>();
  for (const r of rows) {
    let runs = byFactor.get(r.factorId);
    if (!runs) byFactor.set(r.factorId, (runs = new Map()));
    const baseTime = iso(Date.parse(r.baseTime));
    let leads = runs.get(baseTime);
    if (!leads) runs.set(baseTime, (leads = new Set()));
    leads.add(r.lead);
  }
  const out = new Map<number, LayerAxis>();
  for (const [factorId, runMap] of byFactor) {
    const runs = [...runMap]
      .map(([baseTime, leads]) => ({ baseTime, leads: [...leads].sort((a, b) => a - b) }))
      .sort((a, b) => (a.baseTime < b.baseTime ? 1 : -1));
    const every = new Set(runs.flatMap((r) => r.leads));
    const complete = runs.find((r) => r.leads.length === every.size) ?? runs[0]!;
    const validMs = new Set(runs.flatMap((r) => r.leads.map((l) => Date.parse(r.baseTime) + l * HOUR_MS)));
    out.set(factorId, {
      runs,
      defaultRun: complete.baseTime,
      defaultLead: complete.leads[0]!,
      defaultTime: iso(Date.parse(complete.baseTime) + complete.leads[0]! * HOUR_MS),
      validTimes: [...validMs].sort((a, b) => a - b).map(iso),
    });
  }
  return out;
}

/**
 * The run and lead a WMS request draws: TIME is the valid time, DIM_REFERENCE_TIME the run, DIM_LEAD the hours between
 * (an alias: TIME with DIM_LEAD names the run too). A valid time alone is taken from the default run when it has it,
 * else from the newest run that has it. Otherwise the dimension without a grid is named.
 */
export function resolveLayerTime(
  axis: LayerAxis,
  q: { time?: string; referenceTime?: string; lead?: number },
): { baseTime: string; lead: number } | { missing: 'TIME' | 'DIM_REFERENCE_TIME' | 'DIM_LEAD' } {
  const timeMs = q.time === undefined ? undefined : Date.parse(q.time);
  const runAt = (ms: number) => axis.runs.find((r) => Date.parse(r.baseTime) === ms);
  if (q.referenceTime !== undefined) {
    const run = runAt(Date.parse(q.referenceTime));
    if (!run) return { missing: 'DIM_REFERENCE_TIME' };
    if (timeMs !== undefined) {
      const lead = (timeMs - Date.parse(run.baseTime)) / HOUR_MS;
      if (q.lead !== undefined && q.lead !== lead) return { missing: 'DIM_LEAD' };
      return run.leads.includes(lead) ? { baseTime: run.baseTime, lead } : { missing: 'TIME' };
    }
    const lead = q.lead ?? run.leads[0]!;
    return run.leads.includes(lead) ? { baseTime: run.baseTime, lead } : { missing: 'DIM_LEAD' };
  }
  if (timeMs !== undefined) {
    if (q.lead !== undefined) {
      const run = runAt(timeMs - q.lead * HOUR_MS);
      return run && run.leads.includes(q.lead) ? { baseTime: run.baseTime, lead: q.lead } : { missing: 'TIME' };
    }
    const preferred = axis.runs.find((r) => r.baseTime === axis.defaultRun)!;
    for (const run of [preferred, ...axis.runs]) {
      const lead = (timeMs - Date.parse(run.baseTime)) / HOUR_MS;
      if (run.leads.includes(lead)) return { baseTime: run.baseTime, lead };
    }
    return { missing: 'TIME' };
  }
  const run = axis.runs.find((r) => r.baseTime === axis.defaultRun)!;
  const lead = q.lead ?? axis.defaultLead;
  return run.leads.includes(lead) ? { baseTime: run.baseTime, lead } : { missing: 'DIM_LEAD' };
}
