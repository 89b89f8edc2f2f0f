import type { Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import {
  MAX_ATTEMPTS,
  STORAGE_RETRIES,
  STORAGE_RETRY_BASE_MS,
  storageRetryDelayMs,
  type JobLogger,
  type RunAttempt,
  type SharedJobQueue,
} from './jobs.js';

/** The one queue every job kind shares: a worker runs whatever comes first, in the order submitted. */
const QUEUE_NAME = 'jobs';
/** How long a submission waits for Redis before it is answered 503. */
const ADD_TIMEOUT_MS = 3000;
/** How long closing waits for Redis. */
const CLOSE_TIMEOUT_MS = 2000;

/**
 * Jobs through BullMQ on Redis (REDIS_URL), so that any process may run them: the API processes add, worker
 * processes (`npm run worker`, or the API process itself unless JOBS_IN_API=0) take. BullMQ carries only the job's id;
 * its payload, progress and outcome stay in the database row the pages read (core/jobs.ts).
 *
 * A worker that dies mid-job stops renewing the job's lock; after `staleAfterMs` another worker's stalled-job check
 * puts the job back to wait and it runs again, up to MAX_ATTEMPTS runs, after which BullMQ fails it and the stale-job
 * sweep fails its row with the reason. A run that throws (the database unreachable, or a storage fault the job runner
 * hands back as JobRetryLater) is run again after a backoff growing from `retryBaseMs`, up to STORAGE_RETRIES times.
 */
export class BullJobQueue implements SharedJobQueue {
  private readonly producer: Redis;
  private readonly queue: Queue;
  private worker: Worker | null = null;
  private workerConnection: Redis | null = null;

  constructor(
    /** BullMQ itself, loaded only where a shared queue is configured (it takes a fifth of a second to load). */
    private readonly bull: typeof import('bullmq'),
    private readonly url: string,
    private readonly prefix: string,
    private readonly log: JobLogger,
    /** How long a job's lock lasts unrenewed, and how often stalled jobs are looked for (JOB_STALE_SECONDS). */
    private readonly staleAfterMs: number,
    /** The first wait before a run that threw is run again (JOB_RETRY_SECONDS), doubled each time. */
    private readonly retryBaseMs: number = STORAGE_RETRY_BASE_MS,
  ) {
    // Adding fails at once while Redis is away (answered 503), rather than waiting for it.
    this.producer = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1, retryStrategy: (n) => Math.min(n * 100, 500) });
    this.producer.on('error', () => undefined);
    this.queue = new this.bull.Queue(QUEUE_NAME, { connection: this.producer, prefix: this.bullPrefix });
    this.queue.on('error', () => undefined);
  }

  private get bullPrefix(): string {
    return `${this.prefix}bull`;
  }

  async add(id: string, kind: string): Promise<void> {
    // BullMQ waits for a connection that never came up: a submission is answered within ADD_TIMEOUT_MS all the same.
    // Added after all, the job finds its row failed and does nothing.
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('the job queue did not answer')), ADD_TIMEOUT_MS);
    });
    try {
      await Promise.race([this.enqueue(id, kind), timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  private async enqueue(id: string, kind: string): Promise<void> {
    await this.queue.add(
      kind,
      { id },
      {
        // The row's id: adding a job the queue still holds does nothing.
        jobId: id,
        // The first run and STORAGE_RETRIES more, each after the worker's backoff (storageRetryDelayMs).
        attempts: STORAGE_RETRIES + 1,
        backoff: { type: 'custom' },
        removeOnComplete: { age: 3600, count: 1000 },
        removeOnFail: { age: 24 * 3600 },
      },
    );
  }

  consume(run: (id: string, attempt: RunAttempt) => Promise<void>, concurrency: number): void {
    if (this.worker) return;
    // A worker blocks on its connection while it waits: one of its own, which waits for Redis when it is away.
    this.workerConnection = new Redis(this.url, { maxRetriesPerRequest: null, retryStrategy: (n) => Math.min(n * 100, 500) });
    this.workerConnection.on('error', () => undefined);
    this.worker = new this.bull.Worker<{ id: string }>(
      QUEUE_NAME,
      async (job) => run(job.data.id, { final: job.attemptsMade + 1 >= (job.opts.attempts ?? 1), run: job.attemptsMade + 1 }),
      {
        connection: this.workerConnection,
        prefix: this.bullPrefix,
        concurrency,
        lockDuration: this.staleAfterMs,
        stalledInterval: this.staleAfterMs,
        // Each stall is one more run: with the first, MAX_ATTEMPTS in all.
        maxStalledCount: MAX_ATTEMPTS - 1,
        settings: { backoffStrategy: (attemptsMade: number) => storageRetryDelayMs(this.retryBaseMs, attemptsMade) },
      },
    );
    this.worker.on('error', (err) => this.log.warn({ err: err.message }, 'job queue connection'));
    this.worker.on('failed', (job, err) => {
      if (job) this.log.warn({ jobId: job.data.id, err: err.message, attempts: job.attemptsMade }, 'job queue: a run ended in error');
    });
  }

  async state(id: string): Promise<'pending' | 'failed' | 'unknown'> {
    const state = await this.queue.getJobState(id);
    if (state === 'unknown') return 'unknown';
    // A run that ended without recording its outcome in the row (which it does before ending) is over all the same.
    return state === 'failed' || state === 'completed' ? 'failed' : 'pending';
  }

  async close(): Promise<void> {
    // BullMQ's own close waits for Redis to answer: with Redis gone it would wait for ever, so it gets a bound and the
    // connections are dropped after it. A job this worker was running is left to another worker's stalled check.
    const bounded = (closing: Promise<void> | undefined) =>
      Promise.race([closing?.catch(() => undefined), new Promise<void>((resolve) => setTimeout(resolve, CLOSE_TIMEOUT_MS).unref())]);
    await bounded(this.worker?.close());
    await bounded(this.queue.close());
    this.workerConnection?.disconnect();
    this.producer.disconnect();
  }
}

/** A BullJobQueue, loading BullMQ on first use. */
export async function openBullJobQueue(
  url: string,
  prefix: string,
  log: JobLogger,
  staleAfterMs: number,
  retryBaseMs?: number,
): Promise<BullJobQueue> {
  return new BullJobQueue(await import('bullmq'), url, prefix, log, staleAfterMs, retryBaseMs);
}
