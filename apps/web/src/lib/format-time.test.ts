import { describe, expect, it } from 'vitest';
import { formatDateTime } from './format-time';

describe('formatDateTime', () => {
  it('shows an instant to the minute in local time, nothing for a missing or bad one', () => {
    expect(formatDateTime(new Date(2024, 0, 5, 7, 3, 59).toISOString())).toBe('2024-01-05 07:03');
    expect(formatDateTime(new Date(2023, 11, 31, 23, 59).toISOString())).toBe('2023-12-31 23:59');
    expect(formatDateTime('')).toBe('');
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime('not a date')).toBe('');
  });
});
