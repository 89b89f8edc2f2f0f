import type { Selectable } from 'kysely';
import type { JobTable } from './db/schema.js';

/*
 * What a job is to those who write one (its handler and context), to those who run one (the runner's options) and to
 * a queue shared between processes (core/job-queue.ts): the shapes JobRunner (core/jobs.ts) works with.
 */

export type JobRow = Selectable<JobTable>;
export type JobStatus = JobTable['status'];

/** Who a job belongs to: its customer sees it, the user is recorded. */
export interface JobOwner {
  customerId: number | null;
  userId: number | null;
}

export interface JobContext {
  id: string;
  owner: JobOwner;
  /** The runner's logger, for what a job handles itself (a cleanup that failed). */
  log: JobLogger;
  /** How many times the job has been taken up, this time included (above 1: a process running it before stopped). */
  attempt: number;
  /** Records progress (0–100; only whole, increasing percentages are written). */
  progress(percent: number): Promise<void>;
}

/** A job's work: gets its JSON payload, returns its JSON result; throwing fails the job. */
export type JobHandler<P> = (payload: P, ctx: JobContext) => Promise<unknown>;

export interface JobLogger {
  error(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/**
 * Where jobs wait between the row that records them and a process that runs them, when that is not this process's
 * memory: a shared queue (BullMQ on Redis, core/job-queue.ts), from which any worker process takes them.
 */
export interface SharedJobQueue {
  /** Hands a recorded job to the queue (a job the queue already holds is not added twice). */
  add(id: string, kind: string): Promise<void>;
  /**
   * Starts taking jobs from the queue, running each through `run` (which records its outcome in the row). A run that
   * throws is run again after a backoff (storageRetryDelayMs), `final` on the last one; `run` counts from 1.
   */
  consume(run: (id: string, attempt: RunAttempt) => Promise<void>, concurrency: number): void;
  /** What the queue knows of a job: still to run or running, ended failed (its retries spent), or unknown to it. */
  state(id: string): Promise<'pending' | 'failed' | 'unknown'>;
  close(): Promise<void>;
}

/** Which run of a job this is, as the queue counts: `final` when the queue will not run it again after a failure. */
export interface RunAttempt {
  final: boolean;
  /** 1 for the first run of the job by the queue, 2 for its first retry … */
  run?: number;
}

export interface JobRunnerOptions {
  /** Jobs run at once by this process. */
  concurrency?: number;
  log?: JobLogger;
  /** Called after each recorded progress step (the command-line tools print it). */
  onProgress?: (id: string, percent: number) => void;
  /** A shared queue (REDIS_URL): jobs go through it instead of this process's memory. */
  shared?: SharedJobQueue;
  /** Whether this process runs jobs (an API process behind separate workers does not; needs `shared`). Default true. */
  consume?: boolean;
  /**
   * Whether this process takes up (or fails) the jobs of processes that stopped. Default true; a short-lived command
   * leaves them to the server.
   */
  recover?: boolean;
  /** See STALE_AFTER_MS (JOB_STALE_SECONDS). */
  staleAfterMs?: number;
  /** The first wait before a job that met a storage fault runs again (JOB_RETRY_SECONDS); see STORAGE_RETRIES. */
  retryBaseMs?: number;
  /** Told each run's time (seconds) and outcome, by kind (metrics). */
  observe?: (kind: string, outcome: 'done' | 'failed' | 'retry', seconds: number) => void;
}
