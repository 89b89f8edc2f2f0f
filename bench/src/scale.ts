// npm run bench:scale: the cluster (bench/src/cluster.ts, PostgreSQL + Redis + nginx) with 1, 2 and 3 API processes,
// as ratios of req/s to one process behind nginx, measured in the same run; then grid import jobs per second with 1 and 2
// job workers. On a two-core machine little gain is expected: the point is that nothing breaks and the figures are
// honest (docs/configuration.md#scaling-out).
import fs from 'node:fs';
import autocannon from 'autocannon';
import { startCluster, type Cluster } from './cluster.js';
import { call, dataOf, freshDatabase, importFile, multipart, ownRedis, type Geometry } from './cluster-fixtures.js';

const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = 50;
const JOBS = Number(process.env.BENCH_JOBS ?? 24);
const PASSWORD = 'Bench-Admin-1';

interface Figures {
  rps: number;
  p99: number;
  /** Calls that got no answer (autocannon's errors and timeouts). */
  errors: number;
  /** Answers other than 2xx. */
  non2xx: number;
}

async function measure(url: string, headers: Record<string, string> = {}): Promise<Figures> {
  const r = await autocannon({ url, headers, connections: CONNECTIONS, duration: DURATION });
  return { rps: r.requests.average, p99: r.latency.p99, errors: r.errors, non2xx: r.non2xx };
}

async function withCluster<T>(apis: number, workers: number, run: (cluster: Cluster, token: string) => Promise<T>): Promise<T> {
  const database = await freshDatabase();
  const redis = await ownRedis();
  let cluster: Cluster | null = null;
  try {
    cluster = await startCluster({
      apis,
      workers,
      databaseUrl: database.url,
      redisUrl: redis.url,
      env: { DEMO: '1', ADMIN_PASSWORD: PASSWORD, SCRYPT_LOG_N: '12', PRODUCT_SCHEDULE_SECONDS: '0' },
    });
    const login = await call(`${cluster.url}/api/login/login`, { method: 'POST', json: { username: 'demo-revise', password: PASSWORD } });
    if (!login.ok) throw new Error(`sign-in failed: ${JSON.stringify(login.body)}`);
    return await run(cluster, dataOf<{ access_token: string }>(login).access_token);
  } finally {
    await cluster?.stop();
    if (cluster) fs.rmSync(cluster.dataDir, { recursive: true, force: true });
    await redis.dispose();
    await database.drop();
  }
}

/** Imports `JOBS` grids (each a run of its own, resampled from a finer file) and waits for all: jobs per second. */
async function importThroughput(cluster: Cluster, token: string): Promise<number> {
  const headers = { authorization: `Bearer ${token}` };
  const product = dataOf<Geometry>(await call(`${cluster.url}/api/forecaster/getData?type=fine-grid&factor=tmp&lead=24`, { headers }));
  const files = Array.from({ length: JOBS }, (_, k) =>
    multipart({ type: 'fine-grid', factor: 'tmp', resample: 'bilinear' }, importFile(product, 100 + k, 3)),
  );
  const started = performance.now();
  const ids = await Promise.all(
    files.map(async (m) => {
      const o = await call(`${cluster.url}/api/grid/import`, {
        method: 'POST',
        headers: { ...headers, 'content-type': m.contentType },
        body: m.body,
      });
      if (!o.ok) throw new Error(`import refused: ${JSON.stringify(o.body)}`);
      return dataOf<{ jobId: string }>(o).jobId;
    }),
  );
  for (const id of ids) {
    for (;;) {
      const job = dataOf<{ status: string; error: string | null }>(await call(`${cluster.url}/api/job/${id}`, { headers }));
      if (job.status === 'failed') throw new Error(`import failed: ${job.error}`);
      if (job.status === 'done') break;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  return JOBS / ((performance.now() - started) / 1000);
}

async function main() {
  const rows: Array<{ apis: number; health: Figures; info: Figures }> = [];
  for (const apis of [1, 2, 3]) {
    rows.push(
      await withCluster(apis, 1, async (cluster, token) => {
        await measure(`${cluster.url}/api/health`);
        const health = await measure(`${cluster.url}/api/health`);
        const info = await measure(`${cluster.url}/api/user/info`, { authorization: `Bearer ${token}` });
        return { apis, health, info };
      }),
    );
  }
  const jobs: Array<{ workers: number; perSecond: number }> = [];
  for (const workers of [1, 2]) jobs.push({ workers, perSecond: await withCluster(1, workers, importThroughput) });

  const one = rows[0]!;
  console.log(`\nPostgreSQL + Redis, nginx in front, ${DURATION} s each, ${CONNECTIONS} connections, loopback\n`);
  console.log('API processes   health req/s  ratio   user/info req/s  ratio   p99 ms (info)  no answer  non-2xx');
  for (const r of rows) {
    console.log(
      `${String(r.apis).padStart(13)} ${r.health.rps.toFixed(0).padStart(14)} ${(r.health.rps / one.health.rps).toFixed(2).padStart(6)} ${r.info.rps.toFixed(0).padStart(17)} ${(r.info.rps / one.info.rps).toFixed(2).padStart(6)} ${r.info.p99.toFixed(0).padStart(14)} ${String(r.health.errors + r.info.errors).padStart(10)} ${String(r.health.non2xx + r.info.non2xx).padStart(8)}`,
    );
  }
  console.log(`\njob workers   grid imports per second (${JOBS} imports, resampled)  ratio`);
  for (const j of jobs)
    console.log(
      `${String(j.workers).padStart(11)} ${j.perSecond.toFixed(2).padStart(20)} ${(j.perSecond / jobs[0]!.perSecond).toFixed(2).padStart(40)}`,
    );
  if (rows.some((r) => r.health.non2xx + r.info.non2xx > 0)) process.exitCode = 1;
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
