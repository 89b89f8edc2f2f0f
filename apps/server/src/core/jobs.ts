import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { Db } from './db/index.js';
import { nowIso } from './db/index.js';
import type { JobTable } from './db/schema.js';
import { isMessageKey, translate, type Lang, type MessageKey } from './messages.js';

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
  /** Records progress (0–100; only whole, increasing percentages are written). */
  progress(percent: number): Promise<void>;
}

/** A job's work: gets its JSON payload, returns its JSON result; throwing fails the job. */
export type JobHandler<P> = (payload: P, ctx: JobContext) => Promise<unknown>;

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

/** Jobs not touched for this long while queued or running belong to a process that stopped. */
export const STALE_AFTER_MS = 5 * 60_000;
const HEARTBEAT_MS = 60_000;

interface Pending {
  id: string;
  kind: string;
  payload: unknown;
  owner: JobOwner;
}

export interface JobLogger {
  error(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/** Where no logger was given: the console, so that nothing is lost silently. */
const consoleJobLogger: JobLogger = { error: (obj, msg) => console.error(msg, obj), warn: (obj, msg) => console.warn(msg, obj) };

/**
 * Runs long work (imports, product making, zoning) off the request path: a `job` row per job (queued → running →
 * done | failed, progress 0–100, error, result JSON) and an in-process queue running at most `concurrency` jobs at a
 * time. CPU-heavy steps inside a job go to worker threads (see worker-pool.ts), so the event loop stays free.
 *
 * Jobs queued or running in a process that stops are not resumed: a heartbeat keeps this process's jobs fresh, and on
 * start any job left stale by another (dead) process is marked failed with the reason. Handlers write their products
 * atomically at their end (GridStore.save), so a failed job leaves nothing half-written.
 */
export class JobRunner {
  private readonly handlers = new Map<string, JobHandler<unknown>>();
  private readonly queue: Pending[] = [];
  private readonly active = new Set<string>();
  private readonly settled = new Map<string, Array<() => void>>();
  private readonly heartbeat: NodeJS.Timeout;
  private closed = false;
  private idleWaiters: Array<() => void> = [];

  constructor(
    private readonly db: Db,
    private readonly opts: {
      concurrency?: number;
      log?: JobLogger;
      /** Called after each recorded progress step (the command-line tools print it). */
      onProgress?: (id: string, percent: number) => void;
    } = {},
  ) {
    // Keep this process's jobs fresh, and fail those a stopped process left behind.
    // touch() logs its own failure; failStale() is tried again at the next beat.
    this.heartbeat = setInterval(
      () =>
        void this.touch()
          .then(() => this.failStale())
          .catch((err: unknown) => {
            this.log.error({ err }, 'could not mark stale jobs failed');
          }),
      HEARTBEAT_MS,
    );
    this.heartbeat.unref();
  }

  private get log(): JobLogger {
    return this.opts.log ?? consoleJobLogger;
  }

  define<P>(kind: string, handler: JobHandler<P>): void {
    this.handlers.set(kind, handler as JobHandler<unknown>);
  }

  /** Creates the job row (queued) and queues the work; answers the job id at once. */
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
        created_at: now,
        updated_at: now,
      })
      .execute();
    this.queue.push({ id, kind, payload, owner });
    this.pump();
    return id;
  }

  async get(id: string): Promise<JobRow | undefined> {
    return this.db.selectFrom('job').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Resolves once the job has ended (done or failed) in this process. */
  waitFor(id: string): Promise<void> {
    if (!this.active.has(id) && !this.queue.some((p) => p.id === id)) return Promise.resolve();
    return new Promise((resolve) => {
      const list = this.settled.get(id) ?? [];
      list.push(resolve);
      this.settled.set(id, list);
    });
  }

  /** Resolves when nothing is queued or running. */
  idle(): Promise<void> {
    if (this.active.size === 0 && this.queue.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** Marks jobs that no live process holds (queued or running, untouched for STALE_AFTER_MS) as failed. */
  async failStale(now = Date.now()): Promise<number> {
    const before = new Date(now - STALE_AFTER_MS).toISOString();
    const res = await this.db
      .updateTable('job')
      .set({ status: 'failed', error: errorText('jobInterrupted'), updated_at: nowIso() })
      .where('status', 'in', ['queued', 'running'])
      .where('updated_at', '<', before)
      .executeTakeFirst();
    return Number(res.numUpdatedRows);
  }

  /** Stops taking jobs, lets the running ones end, and fails the queued ones. */
  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.heartbeat);
    const dropped = this.queue.splice(0);
    for (const p of dropped) {
      // Left queued, the row is failed as stale by the next start.
      await this.finish(p.id, { status: 'failed', error: errorText('jobInterrupted') }).catch((err: unknown) => {
        this.log.error({ err, jobId: p.id }, 'could not record the interrupted job');
      });
    }
    await this.idle();
  }

  private pump(): void {
    const limit = this.opts.concurrency ?? 1;
    while (!this.closed && this.active.size < limit && this.queue.length > 0) {
      const next = this.queue.shift()!;
      this.active.add(next.id);
      void this.run(next).finally(() => {
        this.active.delete(next.id);
        for (const resolve of this.settled.get(next.id) ?? []) resolve();
        this.settled.delete(next.id);
        this.pump();
        if (this.active.size === 0 && this.queue.length === 0) for (const resolve of this.idleWaiters.splice(0)) resolve();
      });
    }
  }

  private async run(p: Pending): Promise<void> {
    let last = 0;
    const ctx: JobContext = {
      id: p.id,
      owner: p.owner,
      log: this.log,
      progress: async (percent) => {
        const value = Math.max(0, Math.min(99, Math.floor(percent)));
        if (value <= last) return;
        last = value;
        await this.db.updateTable('job').set({ progress: value, updated_at: nowIso() }).where('id', '=', p.id).execute();
        this.opts.onProgress?.(p.id, value);
      },
    };
    try {
      await this.db.updateTable('job').set({ status: 'running', updated_at: nowIso() }).where('id', '=', p.id).execute();
      const result = await this.handlers.get(p.kind)!(p.payload, ctx);
      await this.finish(p.id, { status: 'done', progress: 100, result: JSON.stringify(result ?? null) });
    } catch (e) {
      if (!(e instanceof JobError)) this.log.error({ err: e, jobId: p.id, kind: p.kind }, 'job failed');
      const error = e instanceof JobError ? errorText(e.key, e.params) : errorText('jobInternal', { id: p.id });
      await this.finish(p.id, { status: 'failed', error }).catch((err: unknown) => {
        this.log.error({ err, jobId: p.id }, 'could not record the job failure');
      });
    }
  }

  private async finish(id: string, set: { status: JobStatus; progress?: number; error?: string; result?: string }): Promise<void> {
    await this.db
      .updateTable('job')
      .set({ ...set, updated_at: nowIso() })
      .where('id', '=', id)
      .execute();
  }

  private async touch(): Promise<void> {
    const ids = [...this.active, ...this.queue.map((p) => p.id)];
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

/** The stored error in the reader's language (text stored by other means is shown as it is). */
export function jobErrorMessage(stored: string | null, lang: Lang): string | null {
  if (stored === null) return null;
  try {
    const { key, params } = JSON.parse(stored) as { key: unknown; params: Record<string, string | number> };
    if (typeof key === 'string' && isMessageKey(key)) return translate(lang, key, params ?? {});
  } catch {
    // Not JSON: text stored by other means (before keys were stored), shown as it is.
  }
  return stored;
}
