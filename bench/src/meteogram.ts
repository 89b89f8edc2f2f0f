// npm run bench:meteogram: GET /api/grid/meteogram for one point of a full fine-grid run on the national 0.05° grid
// (1401 × 1201, 70–140°E, 0–60°N; 8 elements every 3 h to 72 h and the daily extremes, some versions stored as deltas
// after small revisions: some 160 stored grids of 6.7 MB and 15 derived ones), read cell by cell (what the server
// does) against the previous whole-grid path (meteogram-reference.ts) in the same run. Both start from a cold store
// cache (a new GridStore per run); the files themselves are in the operating system's page cache after the first read.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { diffValues, type Grid } from '@agromet/grid';
import { nationalGrid } from './national.js';
import { buildApp } from '../../apps/server/src/app.js';
import { prepareServerData } from '../../apps/server/src/startup.js';
import { loadConfig } from '../../apps/server/src/config.js';
import { GridStore } from '../../apps/server/src/modules/grids/store.js';
import { meteogram } from '../../apps/server/src/modules/grids/meteogram.js';
import { meteogramFromGrids } from '../../apps/server/src/modules/grids/meteogram-reference.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const REFERENCE_RUNS = Number(process.env.BENCH_REFERENCE_RUNS ?? 2);
const BASE_TIME = '2026-03-01T00:00:00.000Z';
const PASSWORD = 'Bench-Admin-1';
/** Elements stored every 3 h; tmax and tmin only at the ends of the forecast days (08–08 Beijing time: 24, 48, 72 h). */
const EVERY_LEAD = ['tmp', 'pre3h', 'wsp', 'wdir', 'rh', 'vis'];
const DAY_ENDS = ['tmax', 'tmin'];
const LEADS = Array.from({ length: 25 }, (_, k) => k * 3);

function median(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

async function time(runs: number, run: () => Promise<unknown>, warmUp = 1): Promise<number> {
  for (let k = 0; k < warmUp; k++) await run();
  const samples: number[] = [];
  for (let k = 0; k < runs; k++) {
    const t0 = performance.now();
    await run();
    samples.push(performance.now() - t0);
  }
  return median(samples);
}

/** A plausible field of each element from the national temperature-like field. */
function fieldOf(base: Grid, code: string, lead: number): Float32Array {
  const v = base.values;
  const out = new Float32Array(v.length);
  const phase = lead / 24;
  for (let k = 0; k < v.length; k++) {
    const t = v[k]! + 4 * Math.sin(2 * Math.PI * phase);
    out[k] =
      code === 'tmax'
        ? t + 5
        : code === 'tmin'
          ? t - 5
          : code === 'pre3h'
            ? Math.max(0, Math.sin(k / 9000 + lead) * 6)
            : code === 'wsp'
              ? Math.abs(v[k]! % 9)
              : code === 'wdir'
                ? (k * 0.01 + lead * 10) % 360
                : code === 'rh'
                  ? 50 + 40 * Math.sin(k / 20000 + phase)
                  : code === 'vis'
                    ? 10 + (k % 30)
                    : t;
  }
  return out;
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agromet-bench-meteogram-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    ADMIN_PASSWORD: PASSWORD,
    LOG_LEVEL: 'silent',
    SCRYPT_LOG_N: '12',
    WEB_DIST: path.join(dataDir, 'no-web'),
  });
  const built = await buildApp(config, await prepareServerData(config, { demo: false }), { logger: false });
  try {
    const db = built.db.db;
    const customerId = (await db.selectFrom('customer').select('id').where('is_platform', '=', 1).executeTakeFirstOrThrow()).id;
    const factors = await db
      .selectFrom('factor')
      .innerJoin('forecast_type', 'forecast_type.id', 'factor.forecast_type_id')
      .select(['factor.id', 'factor.code', 'forecast_type.id as type_id'])
      .where('forecast_type.code', '=', 'fine-grid')
      .execute();
    const base = nationalGrid();
    const writer = new GridStore(db, built.storage);
    const editor = { userId: null, name: 'bench' };
    let stored = 0;
    let deltas = 0;
    const t0 = performance.now();
    for (const code of [...EVERY_LEAD, ...DAY_ENDS]) {
      const f = factors.find((x) => x.code === code)!;
      for (const lead of DAY_ENDS.includes(code) ? [24, 48, 72] : LEADS) {
        const key = { customerId, forecastTypeId: f.type_id, factorId: f.id, baseTime: BASE_TIME, leadHours: lead };
        const values = fieldOf(base, code, lead);
        const row = await writer.save(key, { ...base, values }, editor);
        stored++;
        // A forecaster's revision on every other temperature lead: a county's worth of cells, stored as a delta.
        if (code === 'tmp' && lead % 6 === 0) {
          const after = values.slice();
          for (let j = 500; j < 520; j++) for (let i = 760; i < 780; i++) after[j * base.nx + i] = after[j * base.nx + i]! + 1.5;
          await writer.savePatches([{ key, row, patch: diffValues(values, after) }], editor);
          deltas++;
        }
      }
    }
    const writeMs = performance.now() - t0;
    // Xi'an, inside the revised box (the deltas answer its cell), and a point elsewhere.
    const points = [
      { name: "Xi'an (108.93°E 34.27°N), in the revised cells", lon: 108.93, lat: 34.27 },
      { name: 'Urumqi (87.62°E 43.83°N)', lon: 87.62, lat: 43.83 },
    ];
    console.log(
      `\nnational grid ${base.nx} × ${base.ny} (${((base.values.length * 4) / 1e6).toFixed(1)} MB a grid): ${stored} stored grids ` +
        `(${deltas} of them now deltas) written in ${(writeMs / 1000).toFixed(1)} s, SQLite in ${dataDir}`,
    );
    console.log(
      `median of ${RUNS} runs (point reads, after one warm-up) and ${REFERENCE_RUNS} runs (whole grids), Node ${process.version}\n`,
    );
    console.log(`${'point'.padEnd(48)} ${'path'.padEnd(34)} ${'median ms'.padStart(10)} ${'× point'.padStart(8)}`);
    const login = await built.app.inject({ method: 'POST', url: '/api/login/login', payload: { username: 'admin', password: PASSWORD } });
    const headers = { authorization: `Bearer ${login.json().data.access_token as string}` };
    for (const p of points) {
      const q = { type: 'fine-grid', lon: p.lon, lat: p.lat, format: 'json' as const };
      const byPoint = await meteogram(db, new GridStore(db, built.storage), customerId, q);
      const byGrids = await meteogramFromGrids(db, new GridStore(db, built.storage), customerId, q);
      if (JSON.stringify(byPoint) !== JSON.stringify(byGrids)) throw new Error(`the two paths differ at ${p.name}`);
      const grids = byPoint.elements.reduce((n, e) => n + e.values.filter((v) => v !== null).length, 0);
      const point = await time(RUNS, () => meteogram(db, new GridStore(db, built.storage), customerId, q));
      const http = await time(RUNS, async () => {
        const res = await built.app.inject({ method: 'GET', url: `/api/grid/meteogram?type=fine-grid&lon=${p.lon}&lat=${p.lat}`, headers });
        if (res.json().code !== 0) throw new Error(res.body.slice(0, 200));
      });
      // The comparison above was its warm-up (it takes seconds).
      const whole = await time(REFERENCE_RUNS, () => meteogramFromGrids(db, new GridStore(db, built.storage), customerId, q), 0);
      for (const [label, ms] of [
        ['point reads, cold store cache', point],
        ['  GET /api/grid/meteogram', http],
        ['whole grids, cold store cache', whole],
      ] as const) {
        console.log(
          `${(label === 'point reads, cold store cache' ? p.name : '').padEnd(48)} ${label.padEnd(34)} ${ms.toFixed(1).padStart(10)} ${(ms / point).toFixed(1).padStart(8)}`,
        );
      }
      console.log(
        `${''.padEnd(48)} (${byPoint.elements.length} elements, ${grids} values; whole grids ÷ point reads: ${(whole / point).toFixed(0)}×)`,
      );
    }
  } finally {
    await built.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
