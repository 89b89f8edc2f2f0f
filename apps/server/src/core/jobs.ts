import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { Db } from './db/index.js';
import { nowIso } from './db/index.js';
import { JobRetryLater, MAX_ATTEMPTS, STALE_AFTER_MS, STORAGE_RETRIES, STORAGE_RETRY_BASE_MS, storageRetryDelayMs } from './job-retry.js';
import type { JobContext, JobHandler, JobLogger, JobOwner, JobRow, JobRunnerOptions, JobStatus, RunAttempt } from './job-types.js';
import { isMessageKey, translate, type Lang, type MessageKey } from './messages.js';
import { withRedis } from './redis.js';
import { isStorageUnavailable } from './storage.js';
import { parseStoredJson, StoredJsonError } from './stored-json.js';

// The job's shapes and retry policy live beside the runner; its users import them from here.
export {
  JobRetryLater,
  MAX_ATTEMPTS,
  STALE_AFTER_MS,
  STORAGE_RETRIES,
  STORAGE_RETRY_BASE_MS,
  STORAGE_RETRY_MAX_DELAY_MS,
  storageRetryDelayMs,
} from './job-retry.js';
export type {
  JobContext,
  JobHandler,
  JobLogger,
  JobOwner,
  JobRow,
  JobRunnerOptions,
  JobStatus,
  RunAttempt,
  SharedJobQueue,
} from './job-types.js';

/**
 * A failure meant for the person who started the job: a message key (translated when the job is read, in the reader's
 * language) and its parameters. Any other error fails the job as an internal error whose details go to the log only.
 */
export class JobError extends Error {
  constructor(
    readonly key: MessageKey,
    readonly params: Record<string, string | number> = {},
  ) {
    super(key);
  }
}

/** A language in a payload (a job that words what it makes in its asker's language). */
export const JobLang = z.enum(['zh', 'en', 'es']) satisfies z.ZodType<Lang>;

/** How many stale jobs one sweep looks at. */
const SWEEP_BATCH = 100;

/** Where no logger was given: the console, so that nothing is lost silently. */
const consoleJobLogger: JobLogger = { error: (obj, msg) => console.error(msg, obj), warn: (obj, msg) => console.warn(msg, obj) };

/**
 * Runs long work (imports, product making, zoning) off the request path: a `job` row per job (queued → running →
 * done | failed, progress 0–100, error, result JSON, the payload it was given) and a queue running at most
 * `concurrency` jobs at a time. The queue is this process's memory by default, or BullMQ on Redis (`shared`), where
 * separate worker processes take jobs (`npm run worker`). CPU-heavy steps inside a job go to worker threads (see
 * worker-pool.ts), so the event loop stays free.
 *
 * A job outlives the process that took it: its payload is in its row, each process marks its running jobs alive every
 * few seconds, and an unfinished job untouched for STALE_AFTER_MS is taken up again, by one process only (the row is
 * claimed by compare-and-set), from its row; with BullMQ, Redis's own stalled-job recovery does it and the sweep only
 * re-adds what Redis lost. After MAX_ATTEMPTS it is failed with the reason, so no job shows running for ever. Handlers
 * are written to be run again: they write their products atomically at their end (GridStore.save, a product's files
 * before its row), and a rerun finds what a first run finished.
 */
export class JobRunner {
  /** Each kind's run: its payload read from the row through the kind's schema, then its handler. */
  private readonly handlers = new Map<string, (payload: string, ctx: JobContext) => Promise<unknown>>();
  private readonly queue: string[] = [];
  private readonly active = new Set<string>();
  private readonly settled = new Map<string, Array<() => void>>();
  /** Jobs of the memory queue waiting to run again after a storage fault: their timers, and how many retries so far. */
  private readonly retrying = new Map<string, NodeJS.Timeout>();
  private readonly retries = new Map<string, number>();
  private readonly heartbeat: NodeJS.Timeout;
  private closed = false;
  private idleWaiters: Array<() => void> = [];

  constructor(
    private readonly db: Db,
    private readonly opts: JobRunnerOptions = {},
  ) {
    if (opts.consume === false && !opts.shared) throw new Error('a job runner that runs no jobs needs a shared queue');
    // Keep this process's jobs fresh, and take up (or fail) those a stopped process left behind. touch() logs its
    // own failure; the sweep is tried again at the next beat.
    this.heartbeat = setInterval(
      () =>
        void this.touch()
          .then(() => (this.opts.recover === false ? 0 : this.recoverStale()))
          .catch((err: unknown) => {
            this.log.error({ err }, 'could not recover stale jobs');
          }),
      this.staleAfterMs / 3,
    );
    this.heartbeat.unref();
  }

  private get log(): JobLogger {
    return this.opts.log ?? consoleJobLogger;
  }

  private get staleAfterMs(): number {
    return this.opts.staleAfterMs ?? STALE_AFTER_MS;
  }

  private get consumes(): boolean {
    return this.opts.consume !== false;
  }

  /**
   * Defines a kind of job: the schema its payload is read through from the job row (a row that does not match fails the
   * job with jobStoredInvalid, naming the row and the field), and its handler, which gets what the schema read.
   */
  define<S extends z.ZodType>(kind: string, payload: S, handler: JobHandler<z.output<S>>): void {
    this.handlers.set(kind, (text, ctx) => handler(parseStoredJson(payload, text, { table: 'job', id: ctx.id, column: 'payload' }), ctx));
  }

  /** Starts taking jobs from the shared queue (once every kind is defined). Without one, jobs run as they come. */
  start(): void {
    if (this.opts.shared && this.consumes) this.opts.shared.consume((id, attempt) => this.execute(id, attempt), this.opts.concurrency ?? 1);
  }

  /** Creates the job row (queued, with its payload) and queues the work; answers the job id at once. */
  async enqueue<P>(kind: string, payload: P, owner: JobOwner, id: string = randomUUID()): Promise<string> {
    if (this.closed) throw new Error('the job runner is closed');
    if (!this.handlers.has(kind)) throw new Error(`no handler for job kind ${kind}`);
    const now = nowIso();
    await this.db
      .insertInto('job')
      .values({
        id,
        customer_id: owner.customerId,
        user_id: owner.userId,
        kind,
        status: 'queued',
        progress: 0,
        error: null,
        result: null,
        payload: JSON.stringify(payload ?? null),
        attempts: 0,
        created_at: now,
        updated_at: now,
      })
      .execute();
    if (this.opts.shared) {
      try {
        // Redis unreachable: 503 (5030) to the caller, who may submit again in a moment.
        await withRedis(() => this.opts.shared!.add(id, kind));
      } catch (e) {
        // Not queued: the row must not wait for a run that will never come.
        await this.finish(id, { status: 'failed', error: errorText('serviceUnavailable') }).catch((err: unknown) => {
          this.log.error({ err, jobId: id }, 'could not record the job that was not queued');
        });
        throw e;
      }
    } else {
      this.queue.push(id);
      this.pump();
    }
    return id;
  }

  async get(id: string): Promise<JobRow | undefined> {
    return this.db.selectFrom('job').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /**
   * Resolves once the job has ended (done or failed). A job of this process's memory queue is waited for by its
   * settling; one in the shared queue, run by whichever worker, by reading its row until it has ended.
   */
  async waitFor(id: string): Promise<void> {
    if (this.opts.shared) {
      for (;;) {
        const row = await this.db.selectFrom('job').select('status').where('id', '=', id).executeTakeFirst();
        if (!row || row.status === 'done' || row.status === 'failed') return;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    if (!this.active.has(id) && !this.queue.includes(id) && !this.retrying.has(id)) return;
    return new Promise((resolve) => {
      const list = this.settled.get(id) ?? [];
      list.push(resolve);
      this.settled.set(id, list);
    });
  }

  /** Resolves when nothing is queued, running or waiting to be retried in this process. */
  idle(): Promise<void> {
    if (this.isIdle()) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /**
   * Takes up, or fails, the unfinished jobs of processes that stopped (untouched for `staleAfterMs`): with this
   * process's memory queue, a job of a kind this process runs is claimed and queued here, or failed once it has been
   * taken up MAX_ATTEMPTS times or has no payload; with a shared queue, a job the queue has lost (Redis emptied) is
   * added again, and one the queue failed after its retries is failed in its row. Answers how many jobs it handled.
   */
  async recoverStale(now = Date.now()): Promise<number> {
    const before = new Date(now - this.staleAfterMs).toISOString();
    const stale = await this.db
      .selectFrom('job')
      .select(['id', 'kind', 'status', 'payload', 'attempts', 'updated_at'])
      .where('status', 'in', ['queued', 'running'])
      .where('updated_at', '<', before)
      .orderBy('updated_at')
      .limit(SWEEP_BATCH)
      .execute();
    let handled = 0;
    for (const row of stale) {
      if (!this.handlers.has(row.kind)) continue;
      const shared = this.opts.shared;
      if (shared) {
        const state = await shared.state(row.id);
        if (state === 'pending') continue;
        if (state === 'unknown' && row.payload !== null && row.attempts < MAX_ATTEMPTS) {
          // Claimed first, so that of several processes sweeping only one adds it back.
          if (await this.claim(row.id, row.updated_at, { updated_at: nowIso() })) {
            await shared.add(row.id, row.kind);
            handled += 1;
          }
          continue;
        }
      } else if (this.consumes && row.payload !== null && row.attempts < MAX_ATTEMPTS) {
        if (this.closed) break;
        if (await this.claim(row.id, row.updated_at, { status: 'queued', updated_at: nowIso() })) {
          this.queue.push(row.id);
          this.pump();
          handled += 1;
        }
        continue;
      }
      if (await this.claim(row.id, row.updated_at, { status: 'failed', error: errorText('jobInterrupted'), updated_at: nowIso() })) {
        handled += 1;
      }
    }
    return handled;
  }

  private isIdle(): boolean {
    return this.active.size === 0 && this.queue.length === 0 && this.retrying.size === 0;
  }

  /**
   * Stops taking jobs and lets the running ones end; queued ones (and those waiting for a retry) stay in their rows,
   * for the next process.
   */
  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.heartbeat);
    this.queue.splice(0);
    for (const timer of this.retrying.values()) clearTimeout(timer);
    for (const id of this.retrying.keys()) this.settle(id);
    this.retrying.clear();
    await this.idle();
    await this.opts.shared?.close();
  }

  /** Changes a row only if nobody touched it since it was read (several processes sweep the same rows). */
  private async claim(id: string, seen: string, set: Partial<Pick<JobRow, 'status' | 'error' | 'updated_at'>>): Promise<boolean> {
    const res = await this.db
      .updateTable('job')
      .set(set)
      .where('id', '=', id)
      .where('updated_at', '=', seen)
      .where('status', 'in', ['queued', 'running'])
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

  private pump(): void {
    const limit = this.opts.concurrency ?? 1;
    while (!this.closed && this.active.size < limit && this.queue.length > 0) {
      const id = this.queue.shift()!;
      this.active.add(id);
      void this.execute(id, { final: false })
        .catch((err: unknown) => {
          // The database could not be reached: the row stays unfinished and is taken up again once stale.
          this.log.error({ err, jobId: id }, 'could not run the job');
        })
        .finally(() => {
          this.active.delete(id);
          // A job waiting for its retry has not ended: its waiters wait on.
          if (!this.retrying.has(id)) this.settle(id);
          this.pump();
          if (this.isIdle()) for (const resolve of this.idleWaiters.splice(0)) resolve();
        });
    }
  }

  private settle(id: string): void {
    for (const resolve of this.settled.get(id) ?? []) resolve();
    this.settled.delete(id);
    this.retries.delete(id);
  }

  /**
   * A run met a storage fault: whether the job runs again (its row back to queued, saying it waits; the take-up it
   * cost not counted against MAX_ATTEMPTS, since the process did not stop) or is failed. In this process's memory
   * queue the retry is a timer here; with a shared queue the queue retries after its own backoff (JobRetryLater).
   */
  private async retryAfterStorageFault(id: string, kind: string, err: unknown, attempt: RunAttempt): Promise<boolean> {
    const shared = Boolean(this.opts.shared);
    const retry = shared ? (attempt.run ?? 1) : (this.retries.get(id) ?? 0) + 1;
    if (retry > STORAGE_RETRIES || (shared && attempt.final) || this.closed) return false;
    const delay = storageRetryDelayMs(this.opts.retryBaseMs ?? STORAGE_RETRY_BASE_MS, retry);
    this.log.warn({ err, jobId: id, kind, retry, delayMs: delay }, 'job met a storage fault: retried later');
    const res = await this.db
      .updateTable('job')
      .set((eb) => ({
        status: 'queued',
        attempts: eb('attempts', '-', 1),
        error: errorText('jobStorageRetry', { retry, max: STORAGE_RETRIES }),
        updated_at: nowIso(),
      }))
      .where('id', '=', id)
      .where('status', 'in', ['queued', 'running'])
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) !== 1) return true;
    if (shared) throw new JobRetryLater(err);
    this.retries.set(id, retry);
    this.retrying.set(
      id,
      setTimeout(() => {
        this.retrying.delete(id);
        if (this.closed) return this.settle(id);
        this.queue.push(id);
        this.pump();
      }, delay),
    );
    return true;
  }

  /**
   * Runs one job from its row and records the outcome there. A job already ended (failed as stale meanwhile, or done
   * by a run that was thought lost) is left as it is. Throws only when the database cannot be reached, so that a
   * shared queue tries again; the handler's own failure is recorded, not thrown (`final` is the queue's last try).
   */
  private async execute(id: string, attempt: RunAttempt): Promise<void> {
    const row = await this.db
      .updateTable('job')
      .set((eb) => ({ status: 'running', attempts: eb('attempts', '+', 1), updated_at: nowIso() }))
      .where('id', '=', id)
      .where('status', 'in', ['queued', 'running'])
      .returning(['kind', 'payload', 'customer_id', 'user_id', 'attempts'])
      .executeTakeFirst();
    if (!row) return;
    const run = this.handlers.get(row.kind);
    if (!run || row.payload === null || row.attempts > MAX_ATTEMPTS) {
      await this.finish(id, { status: 'failed', error: errorText('jobInterrupted') });
      return;
    }
    this.active.add(id);
    let last = 0;
    const ctx: JobContext = {
      id,
      owner: { customerId: row.customer_id, userId: row.user_id },
      log: this.log,
      attempt: row.attempts,
      progress: async (percent) => {
        const value = Math.max(0, Math.min(99, Math.floor(percent)));
        if (value <= last) return;
        last = value;
        await this.db.updateTable('job').set({ progress: value, updated_at: nowIso() }).where('id', '=', id).execute();
        this.opts.onProgress?.(id, value);
      },
    };
    const started = process.hrtime.bigint();
    const took = () => Number(process.hrtime.bigint() - started) / 1e9;
    try {
      const result = await run(row.payload, ctx);
      await this.finish(id, { status: 'done', progress: 100, result: JSON.stringify(result ?? null), error: null });
      this.opts.observe?.(row.kind, 'done', took());
    } catch (e) {
      // A storage fault passes: the job runs again later, up to STORAGE_RETRIES times (JobRetryLater to a shared queue).
      const storageFault = isStorageUnavailable(e);
      if (storageFault) {
        let retried: boolean;
        try {
          retried = await this.retryAfterStorageFault(id, row.kind, e, attempt);
        } catch (later) {
          if (later instanceof JobRetryLater) this.opts.observe?.(row.kind, 'retry', took());
          throw later;
        }
        if (retried) {
          this.opts.observe?.(row.kind, 'retry', took());
          return;
        }
      }
      this.opts.observe?.(row.kind, 'failed', took());
      if (!(e instanceof JobError)) this.log.error({ err: e, jobId: id, kind: row.kind, final: attempt.final }, 'job failed');
      const error =
        e instanceof JobError
          ? errorText(e.key, e.params)
          : storageFault
            ? errorText('jobStorageFailed', { max: STORAGE_RETRIES })
            : e instanceof StoredJsonError
              ? errorText('jobStoredInvalid', { id, table: e.place.table, row: e.place.id, field: e.field })
              : errorText('jobInternal', { id });
      await this.finish(id, { status: 'failed', error }).catch((err: unknown) => {
        this.log.error({ err, jobId: id }, 'could not record the job failure');
      });
    } finally {
      if (this.opts.shared) this.active.delete(id);
    }
  }

  private async finish(id: string, set: { status: JobStatus; progress?: number; error?: string | null; result?: string }): Promise<void> {
    await this.db
      .updateTable('job')
      .set({ ...set, updated_at: nowIso() })
      .where('id', '=', id)
      .where('status', 'in', ['queued', 'running'])
      .execute();
  }

  private async touch(): Promise<void> {
    const ids = [...this.active, ...this.queue, ...this.retrying.keys()];
    if (ids.length === 0) return;
    try {
      await this.db
        .updateTable('job')
        .set({ updated_at: nowIso() })
        .where('id', 'in', ids)
        .where('status', 'in', ['queued', 'running'])
        .execute();
    } catch (err) {
      this.log.error({ err }, 'job heartbeat failed');
    }
  }
}

/** Errors are stored as a message key with parameters, so each reader gets them in their own language. */
function errorText(key: MessageKey, params: Record<string, string | number> = {}): string {
  return JSON.stringify({ key, params });
}

/** A job's stored error (errorText): a message key and its parameters. */
const StoredJobError = z.object({
  key: z.custom<MessageKey>((key) => typeof key === 'string' && isMessageKey(key)),
  params: z.record(z.string(), z.union([z.string(), z.number()])).nullish(),
});

/**
 * The stored error in the reader's language. Text stored by other means (before keys were stored, or a key no longer
 * known) is shown as it is: the job row's own words rather than a wrong message.
 */
export function jobErrorMessage(stored: string | null, lang: Lang): string | null {
  if (stored === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(stored);
  } catch {
    return stored;
  }
  const read = StoredJobError.safeParse(value);
  return read.success ? translate(lang, read.data.key, read.data.params ?? {}) : stored;
}
