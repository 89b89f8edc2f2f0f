import { describe, expect, it } from 'vitest';
import { STORAGE_RETRIES, STORAGE_RETRY_BASE_MS, STORAGE_RETRY_MAX_DELAY_MS, storageRetryDelayMs } from './job-retry.js';

describe('storageRetryDelayMs', () => {
  it.each([
    [2000, 1, 2000],
    [2000, 2, 4000],
    [2000, 5, 32_000],
    [2000, 6, 60_000],
    [500, 3, 2000],
    [2000, 0, 2000],
  ])('base %i ms, retry %i: %i ms', (base, retry, expected) => {
    expect(storageRetryDelayMs(base, retry)).toBe(expected);
  });

  it('never waits longer than the cap, and grows with each retry until it', () => {
    let before = 0;
    for (let retry = 1; retry <= STORAGE_RETRIES; retry += 1) {
      const delay = storageRetryDelayMs(STORAGE_RETRY_BASE_MS, retry);
      expect(delay).toBeLessThanOrEqual(STORAGE_RETRY_MAX_DELAY_MS);
      expect(delay === STORAGE_RETRY_MAX_DELAY_MS || delay > before).toBe(true);
      before = delay;
    }
  });
});
