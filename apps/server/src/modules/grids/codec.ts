import type { Grid, Micaps4HeaderInput } from '@agromet/grid';
import { WorkerPool, WorkerTaskError, workerModule } from '../../core/worker-pool.js';
import { JobError } from '../../core/jobs.js';
import type { FileStorage } from '../../core/storage.js';
import { encodeMicaps4File, GridFileError, parseGridFile, type ParsedGridFile } from './formats.js';

/**
 * Grid file parsing and MICAPS encoding, run in a worker thread so that a national grid (seconds of work) never
 * blocks the requests served meanwhile. With `inline` (small tools) the same functions run on the calling thread.
 */
export class GridFileCodec {
  private readonly pool: WorkerPool | null;

  constructor(opts: { inline?: boolean; threads?: number } = {}) {
    this.pool = opts.inline ? null : new WorkerPool(workerModule('formats-worker', import.meta.url), opts.threads ?? 1);
  }

  /** Tasks the worker threads have run (0 when inline). */
  get threadTasks(): number {
    return this.pool?.completed ?? 0;
  }

  async parse(bytes: Uint8Array): Promise<ParsedGridFile> {
    if (!this.pool) return parseGridFile(bytes);
    try {
      return await this.pool.run<ParsedGridFile>('parse', [bytes]);
    } catch (e) {
      if (e instanceof WorkerTaskError && e.errorName === 'GridFileError') throw new GridFileError(e.message);
      throw e;
    }
  }

  async encodeMicaps4(grid: Grid, header: Micaps4HeaderInput, encoding: 'utf-8' | 'gbk'): Promise<Uint8Array> {
    if (!this.pool) return encodeMicaps4File(grid, header, encoding);
    return this.pool.run<Uint8Array>('encodeMicaps4', [grid, header, encoding]);
  }

  async close(): Promise<void> {
    await this.pool?.close();
  }
}

/**
 * A job's first step on an uploaded grid file: the staged bytes read back and parsed in the worker thread. A file
 * gone from storage or not a readable grid ends the job with its reason in the reader's language.
 */
export async function parseStagedGridFile(storage: FileStorage, codec: GridFileCodec, key: string): Promise<ParsedGridFile> {
  const bytes = await storage.get(key);
  if (!bytes) throw new JobError('importFileGone');
  try {
    return await codec.parse(bytes);
  } catch (e) {
    if (e instanceof GridFileError) throw new JobError('importUnreadable', { reason: e.message });
    throw e;
  }
}
