import { WorkerPool, workerModule } from '../../core/worker-pool.js';
import { drawMapImage, type MapImageTask } from './map-image.js';

export type { MapImageTask } from './map-image.js';

/** Images up to this many pixels (a 512 × 512 tile) are drawn on the request's thread: copying a grid costs more. */
export const INLINE_MAX_PIXELS = 512 * 512;
/** Large images one user has drawn at once; further ones wait their turn. */
export const HEAVY_PER_USER = 2;
/** Large images one user may have waiting; one more is refused (a client asking for images faster than they come). */
export const HEAVY_WAITING_PER_USER = 4;

/** A large image refused because the user already has HEAVY_PER_USER drawn and HEAVY_WAITING_PER_USER waiting. */
export class RendererBusyError extends Error {}

interface UserTurns {
  running: number;
  waiting: Array<() => void>;
}

/**
 * Draws GetMap images: tiles inline, larger images in a worker thread, so that one user's poster-sized maps never
 * stall the requests of everyone else. Each user has at most HEAVY_PER_USER large images drawn at once and the rest
 * wait their turn, so one user's burst never queues ahead of everyone else's maps in the thread. `beforeHeavy` lets
 * tests hold a large image in flight.
 */
export class MapRenderer {
  private readonly pool = new WorkerPool(workerModule('render-worker', import.meta.url), 1);
  private readonly turns = new Map<number, UserTurns>();

  constructor(private readonly beforeHeavy?: () => Promise<void>) {}

  /** Images drawn in the worker thread so far. */
  get threadImages(): number {
    return this.pool.completed;
  }

  async image(userId: number, task: MapImageTask): Promise<Buffer> {
    if (task.request.width * task.request.height <= INLINE_MAX_PIXELS) return drawMapImage(task);
    await this.takeTurn(userId);
    try {
      await this.beforeHeavy?.();
      // The grids are copied to the thread, never moved: the store keeps its cached values.
      return Buffer.from(await this.pool.run<Uint8Array>('map', [task]));
    } finally {
      this.endTurn(userId);
    }
  }

  private async takeTurn(userId: number): Promise<void> {
    let turns = this.turns.get(userId);
    if (!turns) this.turns.set(userId, (turns = { running: 0, waiting: [] }));
    if (turns.running < HEAVY_PER_USER) {
      turns.running += 1;
      return;
    }
    if (turns.waiting.length >= HEAVY_WAITING_PER_USER) {
      throw new RendererBusyError(`at most ${HEAVY_PER_USER + HEAVY_WAITING_PER_USER} large images at once per user`);
    }
    // The turn is handed over by endTurn, running count and all.
    await new Promise<void>((resolve) => turns.waiting.push(resolve));
  }

  private endTurn(userId: number): void {
    const turns = this.turns.get(userId)!;
    const next = turns.waiting.shift();
    if (next) return next();
    turns.running -= 1;
    if (turns.running === 0) this.turns.delete(userId);
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}
