import type { Grid } from '@agromet/grid';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { onFreshCells, sameGridKey, showFreshCells, type FreshCells } from './fresh-cells';

const grid = { nx: 2, ny: 1 } as unknown as Grid;
const fresh = (key: readonly unknown[]): FreshCells => ({ key, grid, patch: { indices: new Uint32Array([1]) } as never, version: 4 });

let offs: Array<() => void> = [];
afterEach(() => {
  for (const off of offs) off();
  offs = [];
  vi.useRealTimers();
});

describe('fresh cells, from the patch to the map', () => {
  it('resolves at once when nobody draws them', async () => {
    let done = false;
    await showFreshCells(fresh(['g'])).then(() => (done = true));
    expect(done).toBe(true);
  });

  it('waits until the listener has drawn them, and hands it the cells', async () => {
    let drawn!: () => void;
    const seen: FreshCells[] = [];
    offs.push(onFreshCells((f) => (seen.push(f), new Promise<void>((resolve) => (drawn = resolve)))));
    let done = false;
    const showing = showFreshCells(fresh(['g', 1]), 10_000).then(() => (done = true));
    await Promise.resolve();
    expect(seen.map((f) => f.key)).toEqual([['g', 1]]);
    expect(done).toBe(false);
    drawn();
    await showing;
    expect(done).toBe(true);
  });

  it('waits no longer than its bound for a map that does not draw', async () => {
    vi.useFakeTimers();
    offs.push(onFreshCells(() => new Promise<void>(() => undefined)));
    let done = false;
    const showing = showFreshCells(fresh(['g']), 250).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(249);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await showing;
    expect(done).toBe(true);
  });

  it('a listener that stopped listening is not called', async () => {
    const listener = vi.fn();
    const off = onFreshCells(listener);
    off();
    await showFreshCells(fresh(['g']));
    expect(listener).not.toHaveBeenCalled();
  });

  it('names a grid by its query key, part for part', () => {
    expect(sameGridKey(['revise-edit', 'grid', 'fine-grid', 'tmp', 'T', 24], ['revise-edit', 'grid', 'fine-grid', 'tmp', 'T', 24])).toBe(
      true,
    );
    expect(sameGridKey(['revise-edit', 'grid', 'fine-grid', 'tmp', 'T', 24], ['revise-edit', 'grid', 'fine-grid', 'tmp', 'T', 27])).toBe(
      false,
    );
    expect(sameGridKey(['a'], ['a', undefined])).toBe(false);
  });
});
