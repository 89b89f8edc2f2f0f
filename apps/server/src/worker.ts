import { pino } from 'pino';
import { ConfigError, startConfig } from './config.js';
import { loggerOptions } from './core/log-redact.js';
import { AppMetrics, listenMetrics } from './core/metrics.js';
import { setUpJobs } from './jobs-setup.js';
import { prepareServerData } from './startup.js';

/**
 * `npm run worker`: a process that only runs jobs (grid imports, zoning, products, risk, issue exports), taken from the
 * shared queue on Redis, beside API processes started with JOBS_IN_API=0 (docs/architecture.md#how-a-job-runs). Stopped with
 * SIGTERM it finishes the jobs it is running and takes no more; killed, its jobs are taken up by another worker.
 */
async function main() {
  const config = startConfig((c) => {
    if (!c.redisUrl) throw new ConfigError('a job worker needs REDIS_URL (it takes jobs from the shared queue)');
  });
  if (!config) process.exit(2);
  const log = pino(loggerOptions(config.logLevel) as pino.LoggerOptions);
  // The same start-up steps as an API process, under the same lock: whichever starts first migrates and seeds.
  const data = await prepareServerData(config);
  data.logBackgroundError = (error) =>
    log.warn({ err: error }, 'database background error (a dropped idle connection, a failed checkpoint)');
  // Its jobs' durations and failures, the queue's depth, the pool, the process: on METRICS_PORT when set.
  const metrics = new AppMetrics({ role: 'worker', db: data.handle.db, ...(data.handle.pool ? { pool: data.handle.pool } : {}) });
  const setup = await setUpJobs(config, data, log, { consume: true, metrics });
  const metricsServer =
    config.metricsPort !== undefined
      ? await listenMetrics(metrics, { host: config.metricsHost, port: config.metricsPort, token: config.metricsToken })
      : null;
  await setup.jobs.recoverStale();
  log.info({ concurrency: config.jobConcurrency, pid: process.pid }, 'job worker started');
  const stop = async () => {
    log.info('job worker stopping');
    metricsServer?.close();
    await setup.close();
    await data.handle.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
}

main().catch((e: unknown) => {
  console.error(`worker start failed: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
});
