import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { HEAVY_PER_USER, HEAVY_WAITING_PER_USER, MapRenderer, RendererBusyError, sizeClass, type MapImageTask } from './renderer.js';
import { smallGridTask as task } from './renderer-test-task.js';

let renderer: MapRenderer | undefined;
afterEach(async () => {
  await renderer?.close();
});

describe('MapRenderer', () => {
  it('draws tiles inline and larger images in its worker thread', async () => {
    renderer = new MapRenderer();
    const tile = await renderer.image(1, task(256));
    expect(renderer.threadImages).toBe(0);
    const large = await renderer.image(1, task(600));
    expect(renderer.threadImages).toBe(1);
    expect(tile.subarray(1, 4).toString()).toBe('PNG');
    expect(large.subarray(1, 4).toString()).toBe('PNG');
  });

  it('tells each image’s drawing time by size class: tile, large, poster', async () => {
    const seen: Array<[string, number]> = [];
    renderer = new MapRenderer({ observe: (size, seconds) => seen.push([size, seconds]) });
    await renderer.image(1, task(512));
    await renderer.image(1, task(1024));
    await renderer.image(1, task(1100));
    expect(seen.map(([size]) => size)).toEqual(['tile', 'large', 'poster']);
    expect(seen.every(([, seconds]) => seconds > 0)).toBe(true);
    expect([sizeClass(512, 512), sizeClass(513, 512), sizeClass(1024, 1024), sizeClass(1025, 1024)]).toEqual([
      'tile',
      'large',
      'large',
      'poster',
    ]);
  });

  it('draws contours with their labels in the worker thread as on the request thread (the font is loaded there too)', async () => {
    renderer = new MapRenderer();
    const contours = (width: number): MapImageTask => {
      const t = task(width);
      return { ...t, levels: { kind: 'interval', interval: 2, base: 0 }, request: { ...t.request, style: 'contours' } } as MapImageTask;
    };
    const inline = await renderer.image(1, contours(512));
    const threaded = await renderer.image(1, contours(1024));
    expect(renderer.threadImages).toBe(1);
    const ink = async (png: Buffer) => {
      const { data } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
      let dark = 0;
      for (let k = 0; k < data.length; k += 4) if (data[k + 3]! > 128 && data[k]! < 80) dark += 1;
      return dark;
    };
    expect(await ink(inline)).toBeGreaterThan(500);
    expect(await ink(threaded)).toBeGreaterThan(1000);
  });

  it("draws two large images of a user at a time; four more wait their turn, further ones are refused; other users' are not queued behind them", async () => {
    let entered = 0;
    let holding = true;
    const releases: Array<() => void> = [];
    renderer = new MapRenderer({
      beforeHeavy: async () => {
        entered += 1;
        if (holding) await new Promise<void>((resolve) => releases.push(resolve));
      },
    });
    const r = renderer;
    // Made on one tick, in order: each call takes a turn or queues before the next is made.
    const burst = Array.from({ length: HEAVY_PER_USER + HEAVY_WAITING_PER_USER }, () => r.image(1, task(600)));
    await expect(r.image(1, task(600))).rejects.toBeInstanceOf(RendererBusyError);
    const other = r.image(2, task(600));
    // User 1's first two and user 2's image are drawing; user 1's other four wait for a turn of user 1.
    await expect.poll(() => releases.length).toBe(HEAVY_PER_USER + 1);
    releases[HEAVY_PER_USER]!();
    await expect(other).resolves.toBeInstanceOf(Buffer);
    expect(entered).toBe(HEAVY_PER_USER + 1);
    holding = false;
    releases.splice(0).forEach((release) => release());
    expect((await Promise.all(burst)).every((png) => png instanceof Buffer)).toBe(true);
    expect(entered).toBe(HEAVY_PER_USER + HEAVY_WAITING_PER_USER + 1);
    // With the burst done the user has turns again.
    await expect(r.image(1, task(600))).resolves.toBeInstanceOf(Buffer);
  });
});
