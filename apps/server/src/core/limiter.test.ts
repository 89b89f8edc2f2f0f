import { describe, expect, it } from 'vitest';
import { limiter } from './limiter.js';

describe('limiter', () => {
  it('runs at most n tasks at once, the waiting ones in the order asked, and answers each its own result', async () => {
    const limit = limiter(2);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const task = (i: number) => async () => {
      started.push(i);
      running++;
      most = Math.max(most, running);
      await new Promise((resolve) => setImmediate(resolve));
      running--;
      return i * 10;
    };
    const results = await Promise.all([0, 1, 2, 3, 4].map((i) => limit(task(i))));
    expect(results).toEqual([0, 10, 20, 30, 40]);
    expect(most).toBe(2);
    expect(started).toEqual([0, 1, 2, 3, 4]);
  });

  it('frees the place of a task that failed', async () => {
    const limit = limiter(1);
    await expect(limit(() => Promise.reject(new Error('no grid')))).rejects.toThrow('no grid');
    await expect(limit(() => Promise.resolve('next'))).resolves.toBe('next');
  });
});
