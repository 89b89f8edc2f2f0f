import fs from 'node:fs';
import type SQLite from 'better-sqlite3';
import { WorkerPool, workerModule } from '../worker-pool.js';

/** Pages (4 kB) in the log past which a checkpoint is due: SQLite's own default for its automatic checkpoints. */
const DUE_BYTES = 1000 * 4096;
/** Past this the log is checkpointed on the main connection whatever the worker does (a worker that cannot keep up). */
const MAIN_CHECKPOINT_BYTES = 64 * 1024 * 1024;
const POLL_MS = 200;

/**
 * Checkpoints of an SQLite database in WAL mode, off the request thread (docs/architecture.md#storage).
 * SQLite's automatic checkpoint runs inside the commit that fills the log past 1000 pages: a revision of a fifth of the
 * national grid (a 2.9 MB patch in its record) filled it every other commit, and its commit then also copied the whole
 * log into the database file and flushed it (tens of milliseconds). Here the main connection never checkpoints itself;
 * a worker thread with a connection of its own does, once the log has grown past the same 1000 pages and has been
 * written since the last checkpoint. Checked every 200 ms by the log file's size and time (no query); the worker starts
 * only when a checkpoint is first due.
 */
export class WalCheckpoints {
  private readonly pool = new WorkerPool(workerModule('wal-checkpoint-worker', import.meta.url), 1);
  private readonly timer: NodeJS.Timeout;
  private running: Promise<void> | null = null;
  private checkpointedAt = 0;
  /** Checkpoints the worker has run (for tests). */
  completed = 0;

  constructor(
    private readonly file: string,
    private readonly main: SQLite.Database,
    private readonly onError: (error: Error) => void = () => undefined,
  ) {
    main.pragma('wal_autocheckpoint = 0');
    this.timer = setInterval(() => void this.checkIfDue(), POLL_MS);
    this.timer.unref();
  }

  private logFile(): { size: number; written: number } {
    try {
      const stat = fs.statSync(`${this.file}-wal`);
      return { size: stat.size, written: stat.mtimeMs };
    } catch {
      return { size: 0, written: 0 };
    }
  }

  /** Runs a checkpoint when one is due (and none is running); resolves when it is done. */
  checkIfDue(): Promise<void> {
    if (this.running) return this.running;
    const log = this.logFile();
    if (log.size < DUE_BYTES || log.written <= this.checkpointedAt) return Promise.resolve();
    if (log.size > MAIN_CHECKPOINT_BYTES) {
      this.main.pragma('wal_checkpoint(PASSIVE)');
      this.checkpointedAt = log.written;
      return Promise.resolve();
    }
    this.running = this.pool
      .run('checkpoint', [this.file])
      .then(() => {
        this.completed += 1;
        this.checkpointedAt = log.written;
      })
      .catch((e: unknown) => this.onError(e instanceof Error ? e : new Error(String(e))))
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }

  /** Stops checking and closes the worker's connection (the main connection's close checkpoints what is left). */
  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
    if (this.completed > 0) await this.pool.run('close', []).catch(() => undefined);
    await this.pool.close();
  }
}
