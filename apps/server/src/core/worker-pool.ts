import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

/** What a worker module answers for one task. */
export type WorkerReply = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: { name: string; message: string } };

/** A failure thrown inside a worker, carried back with its name (Micaps4Error, GeoTiffError …) and message. */
export class WorkerTaskError extends Error {
  constructor(
    readonly errorName: string,
    message: string,
  ) {
    super(message);
    this.name = errorName;
  }
}

interface Task {
  id: number;
  op: string;
  args: unknown[];
  transfer: ArrayBuffer[];
  resolve: (v: unknown) => void;
  reject: (e: Error) => void;
}

interface Slot {
  worker: Worker;
  task: Task | null;
}

/**
 * A small pool of worker threads for CPU-heavy pure functions (parsing and encoding national grids takes seconds),
 * so that they never block the event loop that serves requests. The module at `script` answers messages
 * `{ id, op, args }` with a WorkerReply. Workers start on first use and are unreferenced while idle, so they keep no
 * process alive.
 */
export class WorkerPool {
  private readonly slots: Slot[] = [];
  private readonly waiting: Task[] = [];
  private nextId = 1;
  private closed = false;
  /** Tasks run so far (for tests and the log). */
  completed = 0;

  constructor(
    private readonly script: URL,
    private readonly size = 1,
  ) {}

  run<T>(op: string, args: unknown[], transfer: ArrayBuffer[] = []): Promise<T> {
    if (this.closed) return Promise.reject(new Error('the worker pool is closed'));
    return new Promise<T>((resolve, reject) => {
      this.waiting.push({ id: this.nextId++, op, args, transfer, resolve: resolve as (v: unknown) => void, reject });
      this.dispatch();
    });
  }

  private dispatch(): void {
    while (this.waiting.length > 0) {
      let slot = this.slots.find((s) => s.task === null);
      if (!slot && this.slots.length < this.size) slot = this.spawn();
      if (!slot) return;
      const task = this.waiting.shift()!;
      slot.task = task;
      slot.worker.ref();
      slot.worker.postMessage({ id: task.id, op: task.op, args: task.args }, task.transfer);
    }
  }

  private spawn(): Slot {
    const worker = startWorker(this.script);
    const slot: Slot = { worker, task: null };
    worker.unref();
    worker.on('message', (reply: WorkerReply) => {
      const task = slot.task;
      if (!task || task.id !== reply.id) return;
      slot.task = null;
      worker.unref();
      this.completed += 1;
      if (reply.ok) task.resolve(reply.value);
      else task.reject(new WorkerTaskError(reply.error.name, reply.error.message));
      this.dispatch();
    });
    const lost = (err: Error) => {
      const i = this.slots.indexOf(slot);
      if (i >= 0) this.slots.splice(i, 1);
      const task = slot.task;
      slot.task = null;
      task?.reject(err);
      if (!this.closed) this.dispatch();
    };
    worker.on('error', lost);
    worker.on('exit', (code) => lost(new Error(`worker thread stopped (exit code ${code})`)));
    this.slots.push(slot);
    return slot;
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const task of this.waiting.splice(0)) task.reject(new Error('the worker pool is closed'));
    await Promise.all(this.slots.splice(0).map((s) => s.worker.terminate()));
  }
}

/**
 * A worker module beside the calling module: `formats-worker.ts` in the sources (tests, `npm run dev:server`),
 * `formats-worker.js` in the built server, where every entry sits in dist/ next to the bundle that starts it.
 */
export function workerModule(name: string, callerUrl: string): URL {
  return new URL(`./${name}${callerUrl.endsWith('.ts') ? '.ts' : '.js'}`, callerUrl);
}

/**
 * The built server starts workers from plain JavaScript. Run from sources through tsx (tests, development), tsx's
 * loader hooks do not reach a worker thread's entry module on Node 20, so a TypeScript worker starts from a tiny
 * bootstrap that registers tsx in the thread and then imports the module. `workerData: {}` keeps the `web-worker`
 * package (pulled in by geotiff) from taking the thread for its own.
 */
function startWorker(script: URL): Worker {
  if (!script.pathname.endsWith('.ts')) return new Worker(script, { workerData: {} });
  const tsxApi = pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm/api')).href.replace(/index\.cjs$/, 'index.mjs');
  const bootstrap = `import(${JSON.stringify(tsxApi)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(script.href)}); })`;
  return new Worker(bootstrap, { eval: true, workerData: {} });
}
