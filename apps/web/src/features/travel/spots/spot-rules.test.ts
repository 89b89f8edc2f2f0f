import { describe, expect, it } from 'vitest';
import { gradeLabel, spotBody, spotFormValues } from './spot-rules';

describe('spot form', () => {
  it('writes grades as 5A … A', () => {
    expect(gradeLabel('AAAAA')).toBe('5A');
    expect(gradeLabel('A')).toBe('A');
    expect(gradeLabel('')).toBe('');
  });

  it('sends an empty price as null and trims text', () => {
    const body = spotBody({ ...spotFormValues(null), name: ' 华山 ', regionCode: '610582', lon: 110, lat: 34.5, ticketPrice: undefined });
    expect(body).toMatchObject({ name: '华山', regionCode: '610582', ticketPrice: null, grade: '', published: false, photos: [] });
  });
});
