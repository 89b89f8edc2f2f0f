import { MemoryLeaseStore, type LeaseStore } from '../../core/shared-limits.js';
import { WorkerPool, workerModule } from '../../core/worker-pool.js';
import { drawMapImage, type MapImageTask } from './map-image.js';

export type { MapImageTask } from './map-image.js';

/** Images up to this many pixels (a 512 × 512 tile) are drawn on the request's thread: copying a grid costs more. */
export const INLINE_MAX_PIXELS = 512 * 512;
/** Large images one user has drawn at once; further ones wait their turn. */
export const HEAVY_PER_USER = 2;
/** Large images one user may have waiting; one more is refused (a client asking for images faster than they come). */
export const HEAVY_WAITING_PER_USER = 4;

/** The size classes of WMS render times (metrics): a tile drawn inline, a large image, a poster over 1024 × 1024. */
export type SizeClass = 'tile' | 'large' | 'poster';

export function sizeClass(width: number, height: number): SizeClass {
  const pixels = width * height;
  return pixels <= INLINE_MAX_PIXELS ? 'tile' : pixels <= 1024 * 1024 ? 'large' : 'poster';
}

export interface MapRendererOptions {
  /** For tests: runs before a large image is drawn, while it counts against its user's bound. */
  beforeHeavy?: () => Promise<void>;
  /**
   * Where a user's large images in flight are counted (HEAVY_PER_USER + HEAVY_WAITING_PER_USER at most): this process,
   * or Redis shared by every API process (core/shared-limits.ts).
   */
  leases?: LeaseStore;
  /** Told each image's drawing time (seconds, the wait for a turn excluded) by size class. */
  observe?: (size: SizeClass, seconds: number) => void;
}

/** A large image refused because the user already has HEAVY_PER_USER drawn and HEAVY_WAITING_PER_USER waiting. */
export class RendererBusyError extends Error {}

interface UserTurns {
  running: number;
  waiting: Array<() => void>;
}

/**
 * Draws GetMap images: tiles inline, larger images in a worker thread, so that one user's poster-sized maps never
 * stall the requests of everyone else. Each user has at most HEAVY_PER_USER large images drawn at once and the rest
 * wait their turn, so one user's burst never queues ahead of everyone else's maps in the thread. How many large images
 * a user has in flight (drawn or waiting) is bounded across every API process when the leases are shared (REDIS_URL);
 * the turns are each process's own, as its drawing thread is. `beforeHeavy` lets tests hold a large image in flight.
 */
export class MapRenderer {
  private readonly pool = new WorkerPool(workerModule('render-worker', import.meta.url), 1);
  private readonly turns = new Map<number, UserTurns>();
  /** Tiles waiting for their turn to be drawn (tileTurn). */
  private readonly tilesWaiting: Array<() => void> = [];
  private tileScheduled = false;

  private readonly leases: LeaseStore;

  constructor(private readonly opts: MapRendererOptions = {}) {
    this.leases = opts.leases ?? new MemoryLeaseStore();
  }

  /** Images drawn in the worker thread so far. */
  get threadImages(): number {
    return this.pool.completed;
  }

  async image(userId: number, task: MapImageTask): Promise<Buffer> {
    const size = sizeClass(task.request.width, task.request.height);
    if (size === 'tile') {
      await this.tileTurn();
      return this.timed(size, async () => drawMapImage(task));
    }
    const key = `wms-heavy:${userId}`;
    const ticket = await this.leases.acquire(key, HEAVY_PER_USER + HEAVY_WAITING_PER_USER, Date.now());
    if (ticket === null) throw new RendererBusyError(`at most ${HEAVY_PER_USER + HEAVY_WAITING_PER_USER} large images at once per user`);
    try {
      await this.takeTurn(userId);
      try {
        await this.opts.beforeHeavy?.();
        // The grids are copied to the thread, never moved: the store keeps its cached values.
        return await this.timed(size, async () => Buffer.from(await this.pool.run<Uint8Array>('map', [task])));
      } finally {
        this.endTurn(userId);
      }
    } finally {
      await this.leases.release(key, ticket);
    }
  }

  /**
   * Tiles are drawn on this thread one per turn of the event loop, each after the requests and answers that came in
   * meanwhile: a map pan asks for several tiles at once, and a revision read just after them (or its queries' answers)
   * would otherwise wait for all of them to be drawn.
   */
  private tileTurn(): Promise<void> {
    return new Promise((resolve) => {
      this.tilesWaiting.push(resolve);
      this.nextTile();
    });
  }

  private nextTile(): void {
    if (this.tileScheduled || this.tilesWaiting.length === 0) return;
    this.tileScheduled = true;
    // An immediate scheduled from an immediate runs on the loop's next turn, after its I/O.
    setImmediate(() => {
      this.tileScheduled = false;
      this.tilesWaiting.shift()!();
      this.nextTile();
    });
  }

  private async timed<T>(size: SizeClass, draw: () => Promise<T>): Promise<T> {
    const started = process.hrtime.bigint();
    const image = await draw();
    this.opts.observe?.(size, Number(process.hrtime.bigint() - started) / 1e9);
    return image;
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
    this.leases.close();
    return this.pool.close();
  }
}
