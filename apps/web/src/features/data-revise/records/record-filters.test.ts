import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/request';
import { blockingRecordsOf, recordQueryOf } from './record-filters';

const page = { page: 2, size: 10 };

describe('record list query', () => {
  it('sends only the filters that are set', () => {
    expect(recordQueryOf({}, page)).toEqual({ page: 2, size: 10 });
    expect(
      recordQueryOf(
        { type: 'fine-grid', factor: 'tmp', user: ' 订正 ', kind: 'polygon', lead: 24, baseTime: '2026-11-22T12:00:00.000Z' },
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

  it('needs a type for a factor, and a whole lead', () => {
    expect(recordQueryOf({ factor: 'tmp' }, page)).toEqual({ page: 2, size: 10 });
    expect(recordQueryOf({ lead: 0 }, page)).toMatchObject({ lead: 0 });
    expect(recordQueryOf({ lead: 2.5 }, page)).not.toHaveProperty('lead');
    expect(recordQueryOf({ lead: null }, page)).not.toHaveProperty('lead');
  });

  it('covers whole minutes of the time range', () => {
    const q = recordQueryOf({ range: [new Date('2026-11-22T08:30:25.123Z'), new Date('2026-11-22T09:15:10Z')] }, page);
    expect(q.from).toBe('2026-11-22T08:30:00.000Z');
    expect(q.to).toBe('2026-11-22T09:15:59.999Z');
    expect(recordQueryOf({ range: [null, new Date('2026-11-22T09:15:00Z')] }, page)).not.toHaveProperty('from');
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
