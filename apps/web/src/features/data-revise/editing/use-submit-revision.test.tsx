// @vitest-environment jsdom
import type { ReviseResult } from '@agromet/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ModalFuncProps } from 'antd';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { gridVersionKey } from '../../../components/map/grid-version';
import { ApiError } from '../../../lib/request';
import { useSubmitRevision } from './use-submit-revision';

const dialogs: ModalFuncProps[] = [];
vi.mock('../../../lib/feedback', () => ({
  toastSuccess: vi.fn(),
  toastError: vi.fn(),
  confirmDialog: (props: ModalFuncProps) => dialogs.push(props),
}));

const selection = { type: 'fine-grid', factor: 'tmp', baseTime: '2026-11-22T00:00:00.000Z', lead: 24 };
const lead = (l: number, version: number) => ({
  lead: l,
  version,
  previousVersion: version - 1,
  cellsChanged: 3,
  recordId: 1,
  bbox: null,
  patchDigest: null,
});

function setup(reloaded: Array<{ lead: number; version: number }> = []) {
  const client = new QueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  const order: string[] = [];
  const onSaved = vi.fn(() => order.push('saved'));
  const onTaken = vi.fn(() => order.push('taken'));
  const reload = vi.fn(async () => ({ data: { leads: reloaded.map((l) => ({ ...l, updatedBy: 'x', updatedAt: '' })) } }));
  const { result } = renderHook(() => useSubmitRevision({ selection, reload, onSaved, onTaken }), { wrapper });
  const version = (l: number) => client.getQueryData<number>(gridVersionKey({ ...selection, lead: l }));
  return { submit: result.current, onSaved, onTaken, order, reload, version };
}

beforeEach(() => {
  dialogs.length = 0;
});

describe('submitting a revision', () => {
  it('gives the map the new version of every lead the answer names', async () => {
    const { submit, onSaved, version } = setup();
    await submit(async (): Promise<ReviseResult> => ({ batchId: 'b', leads: [lead(24, 5), lead(27, 2)] }));
    expect(version(24)).toBe(5);
    expect(version(27)).toBe(2);
    expect(version(30)).toBeUndefined();
    expect(onSaved).toHaveBeenCalledTimes(1);
  });

  it('clears what the page drew as soon as it is saved, and says so again once the grids hold the revision', async () => {
    const { submit, order } = setup();
    await submit(async (): Promise<ReviseResult> => ({ batchId: 'b', leads: [lead(24, 5)] }));
    expect(order).toEqual(['saved', 'taken']);
  });

  it('after a conflict, reloading gives the map the versions of the reloaded grid', async () => {
    const { submit, onSaved, reload, version } = setup([
      { lead: 24, version: 7 },
      { lead: 27, version: 4 },
    ]);
    await submit(async () => {
      throw new ApiError('stale', {
        code: 4009,
        status: 409,
        kind: 'api',
        notified: false,
        data: { updatedBy: '王', updatedAt: '2026-11-22T01:00:00Z' },
      });
    });
    expect(onSaved).not.toHaveBeenCalled();
    expect(version(24)).toBeUndefined();
    expect(dialogs).toHaveLength(1);
    await dialogs[0]!.onOk!();
    expect(reload).toHaveBeenCalledTimes(1);
    expect(version(24)).toBe(7);
    expect(version(27)).toBe(4);
  });
});
