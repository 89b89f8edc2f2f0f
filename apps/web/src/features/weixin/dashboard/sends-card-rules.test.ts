import type { WxSend } from '@agromet/contracts';
import { describe, expect, it } from 'vitest';
import { waitingSends } from './sends-card-rules';

const send = (id: number, state: WxSend['state']): WxSend => ({
  id,
  accountId: 1,
  accountName: 'a',
  kind: 'text',
  content: `send ${id}`,
  articleId: null,
  target: 'all',
  tagId: null,
  openIdCount: 0,
  state,
  clientMsgId: '',
  createdBy: 'u',
  approvedBy: '',
  approvedAt: null,
  reason: '',
  msgId: '',
  totalCount: null,
  sentCount: null,
  errorCount: null,
  errcode: null,
  error: '',
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
});

describe('waitingSends', () => {
  it('lists nothing before the answer, and nothing under a count of 0', () => {
    expect(waitingSends(undefined)).toEqual({ shown: [], more: 0 });
    expect(waitingSends({ total: 0, list: [] })).toEqual({ shown: [], more: 0 });
  });

  it('lists only waiting sends: one approved meanwhile is left out', () => {
    const page = { total: 2, list: [send(3, 'pending'), send(2, 'sent')] };
    expect(waitingSends(page).shown.map((s) => s.id)).toEqual([3]);
  });

  it('counts the waiting sends beyond the page', () => {
    const page = { total: 7, list: [1, 2, 3, 4, 5].map((id) => send(id, 'pending')) };
    expect(waitingSends(page)).toMatchObject({ more: 2 });
    expect(waitingSends(page).shown).toHaveLength(5);
  });
});
