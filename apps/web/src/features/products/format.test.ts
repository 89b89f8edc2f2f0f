import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { formatRunTime } from './format';

describe('formatRunTime', () => {
  it('writes a time as the console does everywhere, in the browser zone', () => {
    const iso = '2026-11-24T00:00:00.000Z';
    expect(formatRunTime(iso)).toBe(dayjs(iso).format('YYYY-MM-DD HH:mm'));
    expect(formatRunTime(iso)).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d$/);
  });

  it('leaves what is not a time as it is', () => {
    expect(formatRunTime('soon')).toBe('soon');
  });
});
