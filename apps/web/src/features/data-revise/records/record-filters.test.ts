import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/request';
import { blockingRecordsOf, recordFilterChange, recordFilterValues, recordQueryOf, sameRecordFilters } from './record-filters';

const page = { page: 2, size: 10 };

describe('record list query', () => {
  it('sends only the filters that are set', () => {
    expect(recordQueryOf({}, page)).toEqual({ page: 2, size: 10 });
    expect(
      recordQueryOf(
        { type: 'fine-grid', factor: 'tmp', user: ' 订正 ', kind: 'polygon', lead: '24', baseTime: '2026-11-22T12:00:00.000Z' },
        page,
      ),
    ).toEqual({
      type: 'fine-grid',
      factor: 'tmp',
      user: '订正',
      kind: 'polygon',
      lead: 24,
      baseTime: '2026-11-22T12:00:00.000Z',
      page: 2,
      size: 10,
    });
  });

  it('needs a type for a factor, a known kind and a whole lead', () => {
    expect(recordQueryOf({ factor: 'tmp' }, page)).toEqual({ page: 2, size: 10 });
    expect(recordQueryOf({ kind: 'rewrite' }, page)).toEqual({ page: 2, size: 10 });
    expect(recordQueryOf({ lead: '0' }, page)).toMatchObject({ lead: 0 });
    for (const lead of ['2.5', '-3', 'x', '', '10001']) expect(recordQueryOf({ lead }, page)).not.toHaveProperty('lead');
  });

  it('covers whole minutes of the time range', () => {
    const q = recordQueryOf({ from: '2026-11-22T08:30:25.123Z', to: '2026-11-22T09:15:10Z' }, page);
    expect(q.from).toBe('2026-11-22T08:30:00.000Z');
    expect(q.to).toBe('2026-11-22T09:15:59.999Z');
    expect(recordQueryOf({ to: '2026-11-22T09:15:00Z' }, page)).not.toHaveProperty('from');
    expect(recordQueryOf({ from: 'yesterday' }, page)).not.toHaveProperty('from');
  });
});

describe('the filter form and the address', () => {
  const form = {
    type: 'fine-grid',
    factor: 'vis',
    user: ' 订正预报员 ',
    kind: 'polygon' as const,
    lead: 24,
    range: [new Date('2026-11-22T08:30:00Z'), null] as const,
  };

  it('sets every filter on Search, the empty ones off', () => {
    expect(recordFilterChange(form)).toEqual({
      type: 'fine-grid',
      factor: 'vis',
      user: '订正预报员',
      kind: 'polygon',
      baseTime: undefined,
      lead: '24',
      from: '2026-11-22T08:30:00.000Z',
      to: undefined,
    });
    expect(Object.values(recordFilterChange({ user: '  ', lead: null, range: null })).every((v) => v === undefined)).toBe(true);
    expect(recordFilterChange({ lead: 0 }).lead).toBe('0');
  });

  it('shows the address in the form and back', () => {
    const filters = recordFilterChange(form);
    const values = recordFilterValues(filters, (iso) => new Date(iso));
    expect(values).toMatchObject({ type: 'fine-grid', factor: 'vis', user: '订正预报员', kind: 'polygon', lead: 24 });
    expect(values.range?.[0]?.toISOString()).toBe('2026-11-22T08:30:00.000Z');
    expect(values.range?.[1]).toBeNull();
    expect(sameRecordFilters(recordFilterChange(values), filters)).toBe(true);
    expect(recordFilterValues({ lead: 'x', kind: 'rewrite' }, (iso) => new Date(iso))).toMatchObject({ lead: undefined, kind: undefined });
    expect(recordFilterValues({}, (iso) => new Date(iso)).range).toBeUndefined();
  });

  it('tells filters that name other records', () => {
    expect(sameRecordFilters({ user: 'a ' }, { user: 'a' })).toBe(true);
    expect(sameRecordFilters({ lead: '24' }, { lead: '12' })).toBe(false);
    expect(sameRecordFilters({ factor: 'vis' }, {})).toBe(true);
  });
});

describe('a refused recovery', () => {
  const refused = (code: number, data: unknown) => new ApiError('blocked', { code, status: 409, kind: 'api', notified: true, data });

  it('names the later records to recover first, oldest first', () => {
    const blocking = [
      { id: 9, userName: '订正预报员', createdAt: '2026-11-22T10:00:00Z', kind: 'polygon' },
      { id: 7, userName: '王丽', createdAt: '2026-11-22T09:00:00Z', kind: 'point' },
    ];
    expect(blockingRecordsOf(refused(4009, { blocking }))?.map((b) => b.id)).toEqual([7, 9]);
  });

  it('is null for other failures', () => {
    expect(blockingRecordsOf(refused(4009, null))).toBeNull();
    expect(blockingRecordsOf(refused(4009, { blocking: [] }))).toBeNull();
    expect(blockingRecordsOf(refused(4009, { blocking: [{ id: 'x' }] }))).toBeNull();
    expect(blockingRecordsOf(refused(4003, { blocking: [{ id: 1, userName: 'a', createdAt: '', kind: 'point' }] }))).toBeNull();
    expect(blockingRecordsOf(new Error('x'))).toBeNull();
  });
});
