// npm run bench:zoning: a zoning with 6 factors by each method on a provincial 0.01° grid (600 × 800) and on the
// national 0.05° grid (1401 × 1201, 70–140°E, 0–60°N), each against a baseline measured in the same run: a plain
// pass over the same 6 grids (read the 6 values of each cell, write one number). Then the national run end to
// end as a zoning job does it (zone + class areas for the region and per area), which must take under 2 s.
import { cellLat, cellLon, classAreasKm2, zone, type FactorRule, type GridGeometry, type ZoningCriterion } from '@agromet/grid';

const WARM_UP = Number(process.env.BENCH_WARMUP ?? 3);
const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const NATIONAL_LIMIT_MS = 2000;

function median(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The tea factors of the published table plus altitude: six climatology-like grids, missing outside an outline. */
function factorGrids(g: GridGeometry): Float32Array[] {
  const n = g.nx * g.ny;
  const grids = Array.from({ length: 6 }, () => new Float32Array(n));
  const [cLon, cLat] = [g.lon0 + (g.dx * (g.nx - 1)) / 2, g.lat0 + (g.dy * (g.ny - 1)) / 2];
  const [rLon, rLat] = [(g.dx * g.nx) / 2, Math.abs(g.dy * g.ny) / 2];
  for (let j = 0; j < g.ny; j++) {
    const lat = cellLat(g, j);
    for (let i = 0; i < g.nx; i++) {
      const lon = cellLon(g, i);
      const k = j * g.nx + i;
      // an irregular outline covering about three quarters of the box
      const a = Math.atan2(lat - cLat, lon - cLon);
      const rim = 0.95 + 0.08 * Math.sin(5 * a) + 0.04 * Math.cos(11 * a);
      if (((lon - cLon) / rLon) ** 2 + ((lat - cLat) / rLat) ** 2 > rim * rim) {
        for (const grid of grids) grid[k] = Number.NaN;
        continue;
      }
      const h = Math.max(0, 1500 + 1200 * Math.sin(lon * 1.3) * Math.cos(lat * 0.9) + 400 * Math.sin(lon * 7 + lat * 5));
      const t = 111.723 - 1.029 * lon + 0.714 * lat - 0.005 * h + 0.35 * (30 - lat) * 2;
      grids[0]![k] = t - 22 + 0.02 * (lon - 100); // mean extreme minimum
      grids[1]![k] = Math.max(0, 45 - 2.2 * t + 8 * Math.sin(lat)); // spring frost frequency
      grids[2]![k] = t; // annual mean temperature
      grids[3]![k] = 2200 - 40 * (lat - 20) - 0.1 * h + 150 * Math.sin(lon / 2); // precipitation
      grids[4]![k] = 85 - 0.6 * (lat - 20) + 3 * Math.cos(lon / 3); // Mar–Sep relative humidity
      grids[5]![k] = h; // altitude
    }
  }
  return grids;
}

const teaFactors: FactorRule[] = [
  { factor: 'textmin', breaks: [-14.7, -9.2, -7.8], classes: [3, 2, 1, 0] },
  { factor: 'springFrost', breaks: [20, 27, 43], classes: [0, 1, 2, 3] },
  { factor: 'tmean', breaks: [12.4, 14.4, 15.5], classes: [3, 2, 1, 0] },
  { factor: 'precip', breaks: [650, 810, 1010], classes: [3, 2, 1, 0] },
  { factor: 'rhMarSep', breaks: [67, 73, 76], classes: [3, 2, 1, 0] },
  { factor: 'altitude', breaks: [800, 1200, 1800], classes: [0, 1, 2, 3] },
];
const weights = [0.25, 0.15, 0.2, 0.2, 0.1, 0.1];
const trapezoids: [number, number, number, number][] = [
  [-16, -7.8, 10, 20],
  [-1, 0, 20, 45],
  [11, 15.5, 22, 28],
  [600, 1010, 2500, 4000],
  [60, 76, 100, 101],
  [-1, 0, 800, 2200],
];
const criteria: Record<string, ZoningCriterion> = {
  limiting: { method: 'limiting', factors: teaFactors },
  weighted: { method: 'weighted', factors: teaFactors.map((f, i) => ({ ...f, weight: weights[i]! })), cutPoints: [3.5, 2.5, 1.5] },
  fuzzy: {
    method: 'fuzzy',
    factors: teaFactors.map((f, i) => ({ ...f, weight: weights[i]!, membership: trapezoids[i]! })),
    cutPoints: [0.8, 0.6, 0.4],
  },
};

/** The baseline: one pass over the cells reading the six grids, writing their sum. */
function plainPass(grids: Float32Array[], out: Float32Array): void {
  const nf = grids.length;
  for (let k = 0; k < out.length; k++) {
    let s = 0;
    for (let f = 0; f < nf; f++) s += grids[f]![k]!;
    out[k] = s;
  }
}

/** Per run, the baseline timed just before the operation: the median of each and of the ratios. */
function paired(baseline: () => void, run: () => void): { baseMs: number; ms: number; ratio: number; maxMs: number } {
  const base: number[] = [];
  const times: number[] = [];
  const ratios: number[] = [];
  for (let k = 0; k < WARM_UP + RUNS; k++) {
    const t0 = performance.now();
    baseline();
    const t1 = performance.now();
    run();
    const t2 = performance.now();
    if (k < WARM_UP) continue;
    base.push(t1 - t0);
    times.push(t2 - t1);
    ratios.push((t2 - t1) / (t1 - t0));
  }
  return { baseMs: median(base), ms: median(times), ratio: median(ratios), maxMs: Math.max(...times) };
}

/** Zone ids of a 6 × 6 patchwork of "provinces" over the grid (−1 outside the factor grids' outline). */
function zoneIds(g: GridGeometry, grids: Float32Array[]): Uint16Array {
  const ids = new Uint16Array(g.nx * g.ny);
  for (let j = 0; j < g.ny; j++) {
    for (let i = 0; i < g.nx; i++) {
      const k = j * g.nx + i;
      ids[k] = Number.isNaN(grids[0]![k]!) ? 65535 : Math.floor((6 * j) / g.ny) * 6 + Math.floor((6 * i) / g.nx);
    }
  }
  return ids;
}

function main(): void {
  const grids: [string, GridGeometry][] = [
    ['provincial 0.01°', { lon0: 105.5, lat0: 39.6, dx: 0.01, dy: -0.01, nx: 600, ny: 800 }],
    ['national 0.05°', { lon0: 70, lat0: 60, dx: 0.05, dy: -0.05, nx: 1401, ny: 1201 }],
  ];
  console.log(`\nzoning with 6 factors; median of ${RUNS} runs after ${WARM_UP} warm-up runs, Node ${process.version}`);
  console.log('baseline: a plain pass over the same 6 grids (read 6 values per cell, write their sum), timed before each run\n');
  console.log(
    `${'grid'.padEnd(30)} ${'method'.padEnd(9)} ${'cells'.padStart(9)} ${'baseline ms'.padStart(12)} ${'zone ms'.padStart(8)} ${'× baseline'.padStart(11)}`,
  );
  let nationalEndToEnd = { ms: 0, maxMs: 0, first: 0 };
  for (const [name, g] of grids) {
    const values = factorGrids(g);
    const out = new Float32Array(g.nx * g.ny);
    const label = `${name} ${g.nx} × ${g.ny}`;
    for (const [method, criterion] of Object.entries(criteria)) {
      const r = paired(
        () => plainPass(values, out),
        () => zone(criterion, values),
      );
      console.log(
        `${label.padEnd(30)} ${method.padEnd(9)} ${String(out.length).padStart(9)} ${r.baseMs.toFixed(2).padStart(12)} ${r.ms.toFixed(2).padStart(8)} ${r.ratio.toFixed(1).padStart(11)}`,
      );
    }
    if (g.nx === 1401) {
      const ids = zoneIds(g, values);
      const endToEnd = () => {
        const r = zone(criteria.limiting!, values, undefined, () => {});
        classAreasKm2(r.classes, g);
        classAreasKm2(r.classes, g, ids, 36);
      };
      const t0 = performance.now();
      endToEnd();
      const first = performance.now() - t0;
      const r = paired(() => plainPass(values, out), endToEnd);
      nationalEndToEnd = { ms: r.ms, maxMs: r.maxMs, first };
      const check = zone(criteria.limiting!, values);
      const areas = classAreasKm2(check.classes, g);
      const total = areas.total.reduce((a, b) => a + b, 0);
      console.log(
        `\nnational classes (limiting): ${areas.total.map((a, c) => `${c}: ${(a / 1e6).toFixed(3)}`).join(', ')} million km² (of ${(total / 1e6).toFixed(3)})`,
      );
    }
  }
  const { ms, maxMs, first } = nationalEndToEnd;
  console.log(
    `national end to end (zone with progress + class areas for the region and 36 areas): median ${ms.toFixed(1)} ms, ` +
      `slowest ${maxMs.toFixed(1)} ms, first (cold) run ${first.toFixed(1)} ms; limit ${NATIONAL_LIMIT_MS} ms: ` +
      `${Math.max(maxMs, first) < NATIONAL_LIMIT_MS ? 'met' : 'NOT MET'}`,
  );
  if (Math.max(maxMs, first) >= NATIONAL_LIMIT_MS) process.exitCode = 1;
}

main();
