// npm run bench:users (after a build): many people at once. Twenty forecasters each revise their own national grid
// (fine-grid t at their own lead, 1401 × 1201) in a loop while fifty map viewers ask for 256 × 256 WMS tiles of those
// grids, for BENCH_SECONDS (60) s, on loopback. People pause as people do: a forecaster looks at the result for 1–3 s
// before the next edit, a viewer pans every 2–6 s and each pan asks for the 6 tiles coming into view at once. Each side
// is first measured alone (one forecaster, then one viewer) in the same run; the figures are the together ÷ alone
// ratios of the medians and 95th percentiles, with every error counted. BENCH_THINK=0 drops the pauses (a stress
// test: every client asks again as soon as it is answered).
//   npm run bench:users                          one process on SQLite
//   BENCH_DATABASE_URL=postgres://… npm run bench:users   one process on a fresh PostgreSQL database
//   npm run bench:users -- --cluster=2           two API processes behind nginx on PostgreSQL and a Redis of its own
// Target (docs/benchmarks.md#figures-many-people-at-once): p95 together ≤ 3 × alone on both sides, no error.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { GRID_READER_CODES, REVISE_POINT, REVISE_POLYGON } from '@agromet/contracts';
import { startCluster } from './cluster.js';
import { call, dataOf, freshDatabase, ownRedis, type Outcome } from './cluster-fixtures.js';
import { addRole, addUser, ADMIN_PASSWORD, BASE_TIME, seedNationalGrids, signIn, type Caller } from './people.js';
import { benchDatabase, startServer } from './server.js';

const EDITORS = Number(process.env.BENCH_EDITORS ?? 20);
const VIEWERS = Number(process.env.BENCH_VIEWERS ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const ALONE_SECONDS = Number(process.env.BENCH_ALONE_SECONDS ?? 10);
/** Pauses on (1) or off (0). */
const THINK = process.env.BENCH_THINK !== '0';
const TILES_A_PAN = 6;
const CLUSTER_APIS = Number(process.argv.find((a) => a.startsWith('--cluster='))?.slice(10) ?? 0);
/** Forecaster k edits the lead 3k h: every forecaster has a grid of their own. */
const leadOf = (k: number) => 3 * (k + 1);

interface People {
  forecasters: Array<Caller & { lead: number; version: number }>;
  viewer: Caller;
}

/** Twenty forecasters allocated the fine-grid forecast and one viewer whose token the fifty map viewers share. */
async function people(url: string): Promise<People> {
  const admin = await signIn(url, 'admin', ADMIN_PASSWORD);
  const auth = { authorization: `Bearer ${admin.token}` };
  const types = await call(`${url}/api/forecasr/findForevast`, { headers: auth });
  const fineGrid = types.ok ? dataOf<Array<{ id: number; code: string }>>(types).find((t) => t.code === 'fine-grid') : undefined;
  if (!fineGrid) throw new Error(`no fine-grid forecast type: ${JSON.stringify(types.body).slice(0, 200)}`);
  const forecasterRole = await addRole(url, admin, 'bench forecaster', [REVISE_POINT, REVISE_POLYGON, ...GRID_READER_CODES]);
  const viewerRole = await addRole(url, admin, 'bench viewer', [...GRID_READER_CODES]);
  const forecasters: People['forecasters'] = [];
  for (let k = 0; k < EDITORS; k++) {
    const caller = await addUser(url, admin, `bench-forecaster-${k + 1}`, forecasterRole);
    const allocated = await call(`${url}/api/forecasr/insertAllocation?uid=${caller.userId}&fTId=${fineGrid.id}`, { headers: auth });
    if (!allocated.ok) throw new Error(`allocation: ${JSON.stringify(allocated.body).slice(0, 200)}`);
    forecasters.push({ ...caller, lead: leadOf(k), version: 1 });
  }
  return { forecasters, viewer: await addUser(url, admin, 'bench-viewer', viewerRole) };
}

/** A county-sized square (0.9° × 0.7°) somewhere in China with a 5-cell ramp, against the version last seen. */
async function revise(url: string, who: People['forecasters'][number]): Promise<Outcome> {
  const lon = 76 + Math.random() * 50;
  const lat = 22 + Math.random() * 24;
  const o = await call(`${url}/api/revise/polygonRevise`, {
    method: 'POST',
    headers: { authorization: `Bearer ${who.token}` },
    json: {
      type: 'fine-grid',
      factor: 'tmp',
      baseTime: BASE_TIME,
      leads: [who.lead],
      expectedVersions: [who.version],
      polygons: {
        type: 'Polygon',
        coordinates: [
          [
            [lon, lat],
            [lon + 0.9, lat],
            [lon + 0.9, lat + 0.7],
            [lon, lat + 0.7],
            [lon, lat],
          ],
        ],
      },
      operation: 'add',
      value: Math.random() < 0.5 ? 0.5 : -0.5,
      edge: { mode: 'ramp', cells: 5 },
    },
  });
  if (o.ok) who.version = dataOf<{ leads: Array<{ version: number }> }>(o).leads[0]!.version;
  return o;
}

/** A 256 × 256 Web Mercator tile at zoom 4–7 over China, of one of the forecasters' grids. */
async function tile(url: string, viewer: Caller): Promise<Outcome> {
  const z = 4 + Math.floor(Math.random() * 4);
  const n = 2 ** z;
  const lon = 75 + Math.random() * 55;
  const lat = 20 + Math.random() * 30;
  const x = Math.floor(((lon + 180) / 360) * n);
  const y = Math.floor(((1 - Math.log(Math.tan((lat * Math.PI) / 180) + 1 / Math.cos((lat * Math.PI) / 180)) / Math.PI) / 2) * n);
  const size = (2 * Math.PI * 6378137) / n;
  const west = -Math.PI * 6378137 + x * size;
  const north = Math.PI * 6378137 - y * size;
  const lead = leadOf(Math.floor(Math.random() * EDITORS));
  const started = performance.now();
  try {
    const res = await fetch(
      `${url}/api/wms?token=${viewer.token}&SERVICE=WMS&VERSION=1.3.0&REQUEST=GetMap&LAYERS=fine-grid.tmp&STYLES=` +
        `&CRS=EPSG:3857&BBOX=${west},${north - size},${west + size},${north}&WIDTH=256&HEIGHT=256&FORMAT=image/png` +
        `&TRANSPARENT=TRUE&DIM_REFERENCE_TIME=${BASE_TIME}&DIM_LEAD=${lead}`,
      { signal: AbortSignal.timeout(30_000) },
    );
    const bytes = await res.arrayBuffer();
    const ok = res.status === 200 && res.headers.get('content-type') === 'image/png';
    const body = ok ? bytes.byteLength : new TextDecoder().decode(bytes).slice(0, 1000);
    return { ok, status: res.status, code: null, ms: performance.now() - started, body };
  } catch (e) {
    return { ok: false, status: 0, code: null, ms: performance.now() - started, body: String(e) };
  }
}

interface Side {
  ms: number[];
  errors: number;
  samples: string[];
}

const newSide = (): Side => ({ ms: [], errors: 0, samples: [] });

const pause = (fromMs: number, toMs: number) =>
  THINK ? new Promise((resolve) => setTimeout(resolve, fromMs + Math.random() * (toMs - fromMs))) : Promise.resolve();

/**
 * Runs `people` loops until `seconds` have passed: each asks `op` `burst` times at once, records each call's time and
 * each failure, then pauses between `thinkMs[0]` and `thinkMs[1]` ms. Each loop starts at a random moment of its first pause.
 */
async function drive(
  people: number,
  seconds: number,
  op: (k: number) => Promise<Outcome>,
  side: Side,
  { burst = 1, thinkMs = [0, 0] as [number, number] } = {},
): Promise<void> {
  const end = Date.now() + seconds * 1000;
  const record = (o: Outcome) => {
    if (o.ok) return void side.ms.push(o.ms);
    side.errors += 1;
    // A WMS error is an XML report: its exception (code and text) says what went wrong.
    const report = typeof o.body === 'string' ? /<ServiceException\b[\s\S]*?<\/ServiceException>/.exec(o.body)?.[0] : undefined;
    if (side.samples.length < 3) side.samples.push(`${o.status} ${(report ?? JSON.stringify(o.body)).slice(0, 300)}`);
  };
  await Promise.all(
    Array.from({ length: people }, async (_, k) => {
      if (people > 1) await pause(0, thinkMs[1]);
      while (Date.now() < end) {
        (await Promise.all(Array.from({ length: burst }, () => op(k)))).forEach(record);
        await pause(...thinkMs);
      }
    }),
  );
}

const FORECASTER = { thinkMs: [1000, 3000] as [number, number] };
const VIEWER = { burst: TILES_A_PAN, thinkMs: [2000, 6000] as [number, number] };

function percentile(samples: number[], p: number): number {
  if (!samples.length) return NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agromet-bench-users-'));
  const database = CLUSTER_APIS > 0 ? await freshDatabase() : await benchDatabase();
  const engine = database.url ? 'PostgreSQL' : 'SQLite';
  const t0 = performance.now();
  await seedNationalGrids(
    dataDir,
    database.url,
    Array.from({ length: EDITORS }, (_, k) => leadOf(k)),
  );
  const env = { SCRYPT_LOG_N: '12', ADMIN_PASSWORD, LOG_LEVEL: 'warn' };
  const redis = CLUSTER_APIS > 0 ? await ownRedis() : null;
  const cluster =
    CLUSTER_APIS > 0
      ? await startCluster({ apis: CLUSTER_APIS, workers: 0, databaseUrl: database.url, redisUrl: redis!.url, dataDir, env })
      : null;
  const server = cluster ? null : await startServer(env, { dataDir, database });
  const url = cluster?.url ?? server!.url;
  const where = cluster ? `${CLUSTER_APIS} API processes behind nginx, PostgreSQL, Redis` : `one process, ${engine}`;
  try {
    const { forecasters, viewer } = await people(url);
    const setUp = ((performance.now() - t0) / 1000).toFixed(0);
    const how = THINK ? 'edits 1–3 s apart, pans of 6 tiles 2–6 s apart' : 'no pauses';
    console.log(`bench:users — ${where}; ${EDITORS} forecasters, ${VIEWERS} viewers, ${how}, ${SECONDS} s (set up in ${setUp} s)`);
    // Warm-up: every forecaster's grid read once by the server, a few tiles drawn.
    await drive(EDITORS, 0.001, (k) => revise(url, forecasters[k]!), newSide());
    await drive(4, 2, () => tile(url, viewer), newSide());

    const loadBefore = os.loadavg()[0]!;
    const editAlone = newSide();
    // Alone, one person asks again at once (their pauses would only thin the sample: nobody else is there to wait for).
    await drive(1, ALONE_SECONDS, () => revise(url, forecasters[0]!), editAlone);
    const tileAlone = newSide();
    await drive(1, ALONE_SECONDS, () => tile(url, viewer), tileAlone, { burst: TILES_A_PAN });
    const editTogether = newSide();
    const tileTogether = newSide();
    await Promise.all([
      drive(EDITORS, SECONDS, (k) => revise(url, forecasters[k]!), editTogether, FORECASTER),
      drive(VIEWERS, SECONDS, () => tile(url, viewer), tileTogether, VIEWER),
    ]);
    const loadAfter = os.loadavg()[0]!;

    const row = (name: string, alone: Side, together: Side) => {
      const [a50, a95, t50, t95] = [
        percentile(alone.ms, 0.5),
        percentile(alone.ms, 0.95),
        percentile(together.ms, 0.5),
        percentile(together.ms, 0.95),
      ];
      const met = t95 / a95 <= 3 && alone.errors + together.errors === 0;
      return {
        name,
        'alone p50 / p95 ms': `${a50.toFixed(1)} / ${a95.toFixed(1)} (${alone.ms.length} calls)`,
        'together p50 / p95 ms': `${t50.toFixed(1)} / ${t95.toFixed(1)} (${together.ms.length} calls, ${(together.ms.length / SECONDS).toFixed(1)}/s)`,
        'ratio p50': (t50 / a50).toFixed(2),
        'ratio p95': (t95 / a95).toFixed(2),
        errors: alone.errors + together.errors,
        'p95 ≤ 3× and no error': met ? 'met' : 'not met',
      };
    };
    console.table([
      row('county revision (polygonRevise)', editAlone, editTogether),
      row('256² WMS tile (GetMap)', tileAlone, tileTogether),
    ]);
    console.log(`load average (1 min) ${loadBefore.toFixed(1)} before, ${loadAfter.toFixed(1)} after; ${os.cpus().length} cores`);
    for (const [name, side] of [
      ['revision', editTogether],
      ['tile', tileTogether],
      ['revision alone', editAlone],
      ['tile alone', tileAlone],
    ] as const)
      for (const s of side.samples) console.log(`  ${name} error: ${s}`);
  } finally {
    await server?.stop();
    if (cluster) {
      await cluster.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
      await database.drop();
    }
    await redis?.dispose();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
