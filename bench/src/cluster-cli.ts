import { parseArgs } from 'node:util';
import { startCluster } from './cluster.js';

// npm run cluster -- --apis 2 --workers 1 --port 8080: PostgreSQL-backed API processes, job workers and nginx on this
// machine (docs/configuration.md#scaling-out). Needs DATABASE_URL (PostgreSQL) and REDIS_URL (default the local Redis), and the
// build (npm run build). Other settings (DEMO, STORAGE=s3 …) are passed on from the environment. Ctrl-C stops it all.
const { values } = parseArgs({
  options: {
    apis: { type: 'string', default: '2' },
    workers: { type: 'string', default: '1' },
    port: { type: 'string', default: '8080' },
  },
});
const databaseUrl = process.env.DATABASE_URL?.trim();
if (!databaseUrl?.startsWith('postgres')) {
  console.error('DATABASE_URL must name the PostgreSQL database every process shares (postgres://…)');
  process.exit(2);
}
const count = (name: string, raw: string, min: number, max = 16) => {
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) {
    console.error(`--${name} must be a whole number from ${min} to ${max}, got "${raw}"`);
    process.exit(2);
  }
  return n;
};
const passOn = Object.fromEntries(
  Object.entries(process.env).filter(
    (e): e is [string, string] =>
      e[1] !== undefined && /^(DEMO|STORAGE|S3_|ADMIN_PASSWORD|JWT_SECRET|LOG_LEVEL|JOB_|TIANDITU_KEY|API_DOCS)/.test(e[0]),
  ),
);
const cluster = await startCluster({
  apis: count('apis', values.apis, 1),
  workers: count('workers', values.workers, 0),
  port: count('port', values.port, 1, 65535),
  databaseUrl,
  redisUrl: process.env.REDIS_URL?.trim() || 'redis://127.0.0.1:6379',
  ...(process.env.REDIS_PREFIX ? { redisPrefix: process.env.REDIS_PREFIX } : {}),
  ...(process.env.DATA_DIR ? { dataDir: process.env.DATA_DIR } : {}),
  env: passOn,
});
console.log(`Agromet Console cluster at ${cluster.url}`);
for (const [name, url] of Object.entries(cluster.apis)) console.log(`  ${name}  ${url}`);
for (const name of cluster.workers) console.log(`  ${name}  pid ${cluster.pid(name)}`);
console.log(`  files and logs in ${cluster.dataDir}; Ctrl-C stops the cluster`);
const stop = async () => {
  await cluster.stop();
  process.exit(0);
};
process.once('SIGINT', () => void stop());
process.once('SIGTERM', () => void stop());
