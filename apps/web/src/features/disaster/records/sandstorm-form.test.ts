import type { Sandstorm } from '@agromet/contracts';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { formatTime, formValues, levelHint, regionAfterPick, sandstormBody } from './sandstorm-form';

const record: Sandstorm = {
  id: 3,
  location: '定边县',
  lon: 107.6,
  lat: 37.59,
  level: 'sandstorm',
  levelDerived: true,
  time: '2024-04-13T08:00:00.000Z',
  duration: 5,
  minVisibility: 800,
  maxWindSpeed: 15,
  precipitation: null,
  regionCode: '610825',
  regionName: '陕西省 榆林市 定边县',
  economicLoss: 12,
  description: '<b>x</b>',
  housesCollapsed: 0,
  deaths: 0,
  injured: 1,
  remark: '',
  version: 2,
  createdBy: 'a',
  createdAt: '',
  updatedAt: '',
};

describe('sandstorm form values', () => {
  it('round-trips a record into a body, a derived level left automatic', () => {
    const v = formValues(record);
    expect(v.level).toBeNull();
    const body = sandstormBody(v);
    expect(Date.parse(body.time)).toBe(Date.parse(record.time));
    expect(body).toMatchObject({
      location: '定边县',
      regionCode: '610825',
      level: null,
      precipitation: null,
      injured: 1,
      description: '<b>x</b>',
    });
  });

  it('sends an empty optional number as null and counts as 0', () => {
    const body = sandstormBody({ ...formValues(null, dayjs('2024-04-01T10:00:00+08:00')), deaths: null, maxWindSpeed: undefined });
    expect(body.deaths).toBe(0);
    expect(body.maxWindSpeed).toBeNull();
    expect(Number.isNaN(body.minVisibility)).toBe(true);
  });

  it('hints the grade the visibility means, or the contradiction', () => {
    expect(levelHint(null, 800, 15)).toEqual({ kind: 'derived', level: 'sandstorm' });
    expect(levelHint(null, 800, 2)).toEqual({ kind: 'derived', level: 'floating-dust' });
    expect(levelHint('severe-sandstorm', 800, 15)).toMatchObject({
      kind: 'problem',
      problem: { key: 'sandstorm.levelContradicts', expected: 'sandstorm' },
    });
    expect(levelHint('sandstorm', 800, 15)).toBeNull();
    expect(levelHint(null, 3000, null)).toMatchObject({ kind: 'problem', problem: { key: 'sandstorm.levelNeedsWind' } });
    expect(levelHint(null, undefined, 5)).toBeNull();
  });
});

describe('the region of a picked point', () => {
  it('takes the region the layers give, keeping a choice that lies inside it', () => {
    expect(regionAfterPick(undefined, '610000')).toBe('610000');
    expect(regionAfterPick('610802', '610000')).toBe('610802');
    expect(regionAfterPick('610802', '610800')).toBe('610802');
    expect(regionAfterPick('610802', '610881')).toBe('610881');
    expect(regionAfterPick('140105', '610000')).toBe('610000');
    expect(regionAfterPick('610802', null)).toBe('610802');
    expect(regionAfterPick(undefined, null)).toBeUndefined();
  });
});

describe('record times', () => {
  it('are shown to the minute in the browser’s zone, zero-padded', () => {
    expect(formatTime(new Date(2024, 0, 5, 7, 3, 59).toISOString())).toBe('2024-01-05 07:03');
    expect(formatTime(new Date(2023, 11, 31, 23, 59).toISOString())).toBe('2023-12-31 23:59');
  });
});
