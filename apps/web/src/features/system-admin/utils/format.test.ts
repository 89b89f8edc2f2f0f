import { describe, expect, it } from 'vitest';
import { formatCentre, formatDateTime, prettyJson } from './format';

describe('formatting', () => {
  it('shows instants in the browser zone', () => {
    const iso = '2024-03-05T23:04:05.000Z';
    const d = new Date(iso);
    const p = (n: number) => String(n).padStart(2, '0');
    expect(formatDateTime(iso)).toBe(
      `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`,
    );
    expect(formatDateTime('')).toBe('');
    expect(formatDateTime('not a date')).toBe('');
  });

  it('pretty-prints JSON parameters and keeps other text', () => {
    expect(prettyJson('{"body":{"name":"x"}}')).toBe('{\n  "body": {\n    "name": "x"\n  }\n}');
    expect(prettyJson('plain')).toBe('plain');
    expect(prettyJson('')).toBe('');
  });

  it('formats a map centre', () => {
    expect(formatCentre(34.34, 108.94)).toBe('34.34, 108.94');
  });
});
