// npm run bench:revise: end-to-end POST /api/revise/polygonRevise (app.inject: validation, access, allocation, load,
// mask + edit, new grid file, patch record and version switch in one transaction, the consistency count, operation
// log) on the national 0.05° grid (1401 × 1201, 70–140°E, 0–60°N) with t, tmin and tmax stored, against the raw grid
// operation of @agromet/grid in the same run.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { applyPatch, encodePatch, rasterizeArea, reviseArea, type PolygonGeometry } from '@agromet/grid';
import { fifthOfTheGrid, nationalGrid } from './national.js';
import { buildApp } from '../../apps/server/src/app.js';
import { prepareServerData } from '../../apps/server/src/startup.js';
import { loadConfig } from '../../apps/server/src/config.js';
import { GridStore } from '../../apps/server/src/modules/grids/store.js';

const WARM_UP = Number(process.env.BENCH_WARMUP ?? 3);
const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const BASE_TIME = '2026-03-01T00:00:00.000Z';
const PASSWORD = 'Bench-Admin-1';

/** A small one near the Qinling, as a forecaster usually draws. */
function county(): PolygonGeometry {
  return {
    type: 'Polygon',
    coordinates: [
      [
        [108.5, 33.8],
        [109.4, 33.8],
        [109.4, 34.5],
        [108.5, 34.5],
        [108.5, 33.8],
      ],
    ],
  };
}

function median(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

async function time(run: () => unknown | Promise<unknown>): Promise<number> {
  for (let k = 0; k < WARM_UP; k++) await run();
  const samples: number[] = [];
  for (let k = 0; k < RUNS; k++) {
    const t0 = performance.now();
    await run();
    samples.push(performance.now() - t0);
  }
  return median(samples);
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agromet-bench-revise-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    ADMIN_PASSWORD: PASSWORD,
    LOG_LEVEL: 'silent',
    SCRYPT_LOG_N: '12',
    WEB_DIST: path.join(dataDir, 'no-web'),
  });
  // No demo data: the bench saves its own national grids.
  const built = await buildApp(config, await prepareServerData(config, { demo: false }), { logger: false });
  try {
    const db = built.db.db;
    const customerId = (await db.selectFrom('customer').select('id').where('is_platform', '=', 1).executeTakeFirstOrThrow()).id;
    const factor = await db
      .selectFrom('factor')
      .innerJoin('forecast_type', 'forecast_type.id', 'factor.forecast_type_id')
      .select(['factor.id', 'forecast_type.id as type_id'])
      .where('forecast_type.code', '=', 'fine-grid')
      .where('factor.code', '=', 'tmp')
      .executeTakeFirstOrThrow();
    const grid = nationalGrid();
    const store = new GridStore(db, built.storage);
    for (const lead of [24, 27]) {
      await store.save({ customerId, forecastTypeId: factor.type_id, factorId: factor.id, baseTime: BASE_TIME, leadHours: lead }, grid, {
        userId: null,
        name: 'bench',
      });
    }
    // The extremes too, as a forecast has them: each revision of t answers the violations of tmin ≤ t ≤ tmax.
    for (const [code, delta] of [
      ['tmin', -3],
      ['tmax', 3],
    ] as const) {
      const extreme = await db
        .selectFrom('factor')
        .select('id')
        .where('forecast_type_id', '=', factor.type_id)
        .where('code', '=', code)
        .executeTakeFirstOrThrow();
      const values = grid.values.map((v) => v + delta);
      for (const lead of [24, 27]) {
        await store.save(
          { customerId, forecastTypeId: factor.type_id, factorId: extreme.id, baseTime: BASE_TIME, leadHours: lead },
          { ...grid, values },
          { userId: null, name: 'bench' },
        );
      }
    }
    const login = await built.app.inject({ method: 'POST', url: '/api/login/login', payload: { username: 'admin', password: PASSWORD } });
    const headers = { authorization: `Bearer ${login.json().data.access_token as string}` };
    const versions: Record<number, number> = { 24: 1, 27: 1 };

    const range = { min: -60, max: 60 };
    const edit = { operation: 'add', value: 0.5, edge: { type: 'ramp', cells: 5 } } as const;
    const rows: Array<{ name: string; cells: number; ms: number }> = [];

    async function post(polygon: PolygonGeometry, leads: number[]) {
      const res = await built.app.inject({
        method: 'POST',
        url: '/api/revise/polygonRevise',
        headers,
        payload: {
          type: 'fine-grid',
          factor: 'tmp',
          baseTime: BASE_TIME,
          leads,
          expectedVersions: leads.map((l) => versions[l]!),
          polygons: polygon,
          operation: 'add',
          value: 0.5,
          edge: { mode: 'ramp', cells: 5 },
        },
      });
      const body = res.json() as {
        code: number;
        msg: string;
        data: { leads: Array<{ lead: number; version: number; cellsChanged: number }> };
      };
      if (body.code !== 0) throw new Error(`revision failed: ${res.body.slice(0, 300)}`);
      for (const l of body.data.leads) versions[l.lead] = l.version;
      return body.data.leads[0]!.cellsChanged;
    }

    for (const [label, polygon] of [
      ['a fifth of the grid', fifthOfTheGrid()],
      ['a county (0.9° × 0.7°)', county()],
    ] as const) {
      const patch = reviseArea(grid, polygon, { ...edit, range });
      const raw = await time(() => reviseArea(grid, rasterizeArea(grid, polygon), { ...edit, range }));
      const rawApplied = await time(() => {
        const values = grid.values.slice();
        applyPatch(values, reviseArea(grid, polygon, { ...edit, range }), { verify: false });
      });
      const e2e = await time(() => post(polygon, [24]));
      const e2eTwo = await time(() => post(polygon, [24, 27]));
      rows.push({ name: `${label}: raw reviseArea (mask + edit)`, cells: patch.indices.length, ms: raw });
      rows.push({ name: '  raw, plus copy and apply', cells: patch.indices.length, ms: rawApplied });
      rows.push({ name: '  POST polygonRevise, 1 lead', cells: patch.indices.length, ms: e2e });
      rows.push({ name: '  POST polygonRevise, 2 leads (one transaction)', cells: 2 * patch.indices.length, ms: e2eTwo });
      console.log(`${label}: ${patch.indices.length} cells, encoded patch ${(encodePatch(patch).length / 1024).toFixed(0)} KB`);
    }

    console.log(`\nnational grid ${grid.nx} × ${grid.ny} = ${grid.values.length} cells, SQLite in ${dataDir}`);
    console.log(`median of ${RUNS} runs after ${WARM_UP} warm-up runs, Node ${process.version}\n`);
    console.log(`${'operation'.padEnd(50)} ${'cells'.padStart(9)} ${'median ms'.padStart(10)} ${'× raw'.padStart(8)}`);
    let raw = 1;
    for (const r of rows) {
      if (r.name.includes('raw reviseArea')) raw = r.ms;
      console.log(
        `${r.name.padEnd(50)} ${String(r.cells).padStart(9)} ${r.ms.toFixed(2).padStart(10)} ${(r.ms / raw).toFixed(1).padStart(8)}`,
      );
    }
    const big = rows[2]!.ms / rows[0]!.ms;
    console.log(`\noverhead ratio (end-to-end 1 lead ÷ raw operation), a fifth of the grid: ${big.toFixed(2)}`);
    const countyRatio = rows[6]!.ms / rows[4]!.ms;
    console.log(`overhead ratio, county polygon (medians above): ${countyRatio.toFixed(2)}`);

    // The county ratio pair by pair (the raw operation, then the call), so that both see the same load; wall time and
    // CPU time (process.cpuUsage: not the time spent waiting for a core on a loaded machine).
    const pairs = Number(process.env.BENCH_PAIRS ?? 61);
    const wall: number[] = [];
    const cpu: number[] = [];
    const cpuMs = () => {
      const u = process.cpuUsage();
      return (u.user + u.system) / 1000;
    };
    for (let k = 0; k < WARM_UP + pairs; k++) {
      const c0 = cpuMs();
      const t0 = performance.now();
      reviseArea(grid, rasterizeArea(grid, county()), { ...edit, range });
      const t1 = performance.now();
      const c1 = cpuMs();
      await post(county(), [24]);
      const t2 = performance.now();
      const c2 = cpuMs();
      if (k < WARM_UP) continue;
      wall.push((t2 - t1) / (t1 - t0));
      if (c1 > c0) cpu.push((c2 - c1) / (c1 - c0));
    }
    const quantile = (values: number[], q: number) => {
      const sorted = [...values].sort((x, y) => x - y);
      return sorted[Math.min(sorted.length - 1, Math.round(q * (sorted.length - 1)))]!;
    };
    const spread = (values: number[]) =>
      `${median(values).toFixed(1)} × [${quantile(values, 0.25).toFixed(1)}–${quantile(values, 0.75).toFixed(1)}]`;
    console.log(
      `county polygon, end to end ÷ raw operation, median [quartiles] of ${pairs} pairs: CPU ${spread(cpu)}, wall ${spread(wall)} ` +
        `(issue 14's target ≤ 3: ${median(cpu) <= 3 ? 'met' : 'not met'} (CPU), ${median(wall) <= 3 ? 'met' : 'not met'} (wall))`,
    );
  } finally {
    await built.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
