import { describe, expect, it } from 'vitest';
import { MemoryLeaseStore, MemoryWindowStore } from './shared-limits.js';

describe('shared limits in one process', () => {
  it('allows a few events per key within the sliding window and says how long to wait', async () => {
    const w = new MemoryWindowStore();
    expect(await w.take('a', 2, 60_000, 0)).toBeNull();
    expect(await w.take('a', 2, 60_000, 0)).toBeNull();
    expect(await w.take('b', 2, 60_000, 0)).toBeNull();
    expect(await w.take('a', 2, 60_000, 0)).toBe(60_000);
    expect(await w.take('a', 2, 60_000, 30_000)).toBe(30_000);
    expect(await w.take('a', 2, 60_000, 60_000)).toBeNull();
  });

  it('holds at most the limit of leases per key; a released one is free again', async () => {
    const l = new MemoryLeaseStore();
    const one = await l.acquire('u1', 2);
    const two = await l.acquire('u1', 2);
    expect(one).not.toBeNull();
    expect(two).not.toBeNull();
    expect(await l.acquire('u1', 2)).toBeNull();
    expect(await l.acquire('u2', 2)).not.toBeNull();
    await l.release('u1', one!);
    expect(await l.acquire('u1', 2)).not.toBeNull();
  });
});
