import { describe, expect, it } from 'vitest';
import { formatDateMinute, formatDateTime, formatLatLon, formatNumber } from './format';

describe('formatting', () => {
  it('shows instants in the browser time zone', () => {
    const iso = '2026-03-04T05:06:07.000Z';
    const d = new Date(iso);
    const pad = (n: number) => String(n).padStart(2, '0');
    const local = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:07`;
    expect(formatDateTime(iso)).toBe(local);
    expect(formatDateMinute(iso)).toBe(local.slice(0, 16));
    expect(formatDateTime('')).toBe('');
    expect(formatDateTime('not a date')).toBe('');
  });

  it('rounds numbers without trailing zeros', () => {
    expect(formatNumber(1.2345)).toBe('1.23');
    expect(formatNumber(2)).toBe('2');
    expect(formatNumber(-0.001)).toBe('0');
    expect(formatNumber(Number.NaN)).toBe('');
    expect(formatNumber(null)).toBe('');
    expect(formatNumber(3.14159, 3)).toBe('3.142');
  });

  it('shows a position to 4 decimals', () => {
    expect(formatLatLon(34.3, 108.93)).toBe('34.3000, 108.9300');
  });
});
