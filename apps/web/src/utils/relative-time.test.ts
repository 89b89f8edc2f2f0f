import { describe, expect, it } from 'vitest';
import { daysBetween, elapsedSince, formatTimeAgo, hoursBetween, minutesBetween } from './relative-time';

const NOW = Date.UTC(2025, 5, 1, 12, 0, 0);
const ago = (ms: number) => NOW - ms;
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe('elapsedSince', () => {
  it.each([
    [0, { value: 0, unit: 'minute' }],
    [59_999, { value: 0, unit: 'minute' }],
    [MIN, { value: 1, unit: 'minute' }],
    [59 * MIN + 59_000, { value: 59, unit: 'minute' }],
    [HOUR, { value: 1, unit: 'hour' }],
    [23 * HOUR + 59 * MIN, { value: 23, unit: 'hour' }],
    [DAY, { value: 1, unit: 'day' }],
    [45 * DAY + 3 * HOUR, { value: 45, unit: 'day' }],
  ])('%d ms ago → %o', (ms, expected) => {
    expect(elapsedSince(ago(ms), NOW)).toEqual(expected);
  });

  it('treats future instants as now', () => {
    expect(elapsedSince(NOW + HOUR, NOW)).toEqual({ value: 0, unit: 'minute' });
  });
});

describe('formatTimeAgo', () => {
  it.each([
    ['en', MIN, '1 minute ago'],
    ['en', 5 * MIN, '5 minutes ago'],
    ['en', 2 * HOUR, '2 hours ago'],
    ['en', 3 * DAY, '3 days ago'],
    ['zh-CN', 5 * MIN, '5分钟前'],
    ['zh-CN', 2 * HOUR, '2小时前'],
    ['zh-CN', 3 * DAY, '3天前'],
    ['es', 5 * MIN, 'hace 5 minutos'],
    ['es', HOUR, 'hace 1 hora'],
    ['es', 3 * DAY, 'hace 3 días'],
  ])('%s, %d ms → %s', (locale, ms, expected) => {
    expect(formatTimeAgo(ago(ms), NOW, locale)).toBe(expected);
  });
});

describe('whole units between instants', () => {
  it('floors and ignores order', () => {
    expect(minutesBetween(NOW, ago(90 * 1000))).toBe(1);
    expect(hoursBetween(ago(5 * HOUR + 59 * MIN), NOW)).toBe(5);
    expect(daysBetween(new Date(NOW), new Date(ago(2 * DAY + HOUR)))).toBe(2);
  });
});
