import type { Config } from './config.js';
import { openBullJobQueue } from './core/job-queue.js';
import type { FastifyBaseLogger } from 'fastify';
import { JobRunner } from './core/jobs.js';
import type { AppMetrics } from './core/metrics.js';
import type { ServerData } from './startup.js';
import { GridFileCodec } from './modules/grids/codec.js';
import { setForecastDayEnd } from './modules/grids/derived.js';
import { defineGridImport } from './modules/grids/import.js';
import { GridStore, type GridStoreHooks } from './modules/grids/store.js';
import { defineProductJob } from './modules/products/service.js';
import { defineIssueExport } from './modules/revise/issue.js';
import { defineRiskJobs } from './modules/risk/routes.js';
import { defineZoningJobs } from './modules/zoning/routes.js';

export interface JobSetup {
  jobs: JobRunner;
  /** Grid file parsing and encoding (worker thread). */
  codec: GridFileCodec;
  gridStore: GridStore;
  /** What product making needs (the product routes and schedules share it with the job). */
  productDeps: Parameters<typeof defineProductJob>[0];
  /** Stops taking jobs, lets running ones end, and stops the worker threads. */
  close(): Promise<void>;
}

/**
 * Every kind of job, defined on one runner: the API process (app.ts) and the worker process (worker.ts) build the
 * same, so that either can run any job. With REDIS_URL jobs go through BullMQ, taken by every process that runs jobs
 * (`consume`); without, they run in this process's memory queue (docs/architecture.md#how-a-job-runs).
 */
export async function setUpJobs(
  config: Config,
  data: ServerData,
  log: FastifyBaseLogger,
  opts: { consume: boolean; gridStoreHooks?: GridStoreHooks; metrics?: AppMetrics },
): Promise<JobSetup> {
  const { handle, storage } = data;
  const gridStore = new GridStore(handle.db, storage, opts.gridStoreHooks, log);
  // The forecast days of daily extremes and 24 h totals (derived elements, docs/grids.md#derived-elements).
  setForecastDayEnd(config.dayEndLocalHour);
  const codec = new GridFileCodec();
  const jobs = new JobRunner(handle.db, {
    concurrency: config.jobConcurrency,
    log,
    consume: opts.consume,
    staleAfterMs: config.jobStaleMs,
    retryBaseMs: config.jobRetryMs,
    ...(opts.metrics ? { observe: opts.metrics.observeJob.bind(opts.metrics) } : {}),
    ...(config.redisUrl
      ? { shared: await openBullJobQueue(config.redisUrl, config.redisPrefix, log, config.jobStaleMs, config.jobRetryMs) }
      : {}),
  });
  defineGridImport(jobs, { db: handle.db, store: gridStore, storage, codec, micapsTimeZone: config.micapsTimeZone });
  defineIssueExport({ db: handle.db, storage, jobs, codec, micapsTimeZone: config.micapsTimeZone });
  const zoning = defineZoningJobs({ db: handle.db, storage, jobs, codec, log });
  const productDeps = { db: handle.db, storage, store: gridStore, jobs, log, timeZone: config.micapsTimeZone };
  defineProductJob(productDeps);
  defineRiskJobs({ db: handle.db, storage, store: gridStore, jobs, log });
  jobs.start();
  return {
    jobs,
    codec,
    gridStore,
    productDeps,
    async close() {
      await jobs.close();
      await codec.close();
      await zoning.close();
      await gridStore.settled();
    },
  };
}
