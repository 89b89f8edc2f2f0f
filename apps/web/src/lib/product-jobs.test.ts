import { describe, expect, it } from 'vitest';
import { isActive, pollUntilFinished, pollWhileAnyActive, PROGRESS_POLL_MS } from './product-jobs';

describe('product jobs', () => {
  it('a product is being made while queued or running', () => {
    expect((['queued', 'running', 'done', 'failed'] as const).map(isActive)).toEqual([true, true, false, false]);
  });

  it('a page is polled while one of its products is being made, one product until it is finished', () => {
    const page = (...stages: ('running' | 'done' | 'failed')[]) => ({ state: { data: { list: stages.map((status) => ({ status })) } } });
    expect(pollWhileAnyActive(page('done', 'running'))).toBe(PROGRESS_POLL_MS);
    expect(pollWhileAnyActive(page('done', 'failed'))).toBe(false);
    expect(pollWhileAnyActive({ state: {} })).toBe(false);
    expect(pollUntilFinished({ state: {} })).toBe(PROGRESS_POLL_MS);
    expect(pollUntilFinished({ state: { data: { status: 'queued' } } })).toBe(PROGRESS_POLL_MS);
    expect(pollUntilFinished({ state: { data: { status: 'done' } } })).toBe(false);
  });
});
