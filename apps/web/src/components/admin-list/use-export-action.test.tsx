// @vitest-environment jsdom
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setFeedbackApi } from '../../lib/feedback';
import { errorLogStore } from '../../stores/error-log';
import { useExportAction } from './use-export-action';

const success = vi.fn();
beforeEach(() => {
  success.mockClear();
  setFeedbackApi({ message: { success }, modal: {} } as unknown as Parameters<typeof setFeedbackApi>[0]);
});
afterAll(() => setFeedbackApi(null));
// The error log is shared with the files that run after this one in the same worker.
afterEach(() => errorLogStore.getState().clear());

describe('useExportAction', () => {
  it('is loading while the file is saved, then says the file’s name', async () => {
    let finish: (file: string) => void = () => undefined;
    const run = () => new Promise<string>((resolve) => (finish = resolve));
    const { result } = renderHook(() => useExportAction({ id: 'x-export', label: 'Export', run, saved: (f) => `saved ${f}`, where: 'x' }));
    expect(result.current).toMatchObject({ id: 'x-export', label: 'Export', loading: false });
    act(() => result.current.onClick());
    expect(result.current.loading).toBe(true);
    await act(async () => finish('a.xlsx'));
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(success.mock.calls[0]![0]).toBe('saved a.xlsx');
  });

  it('a failure the request client did not show goes to the error log', async () => {
    const before = errorLogStore.getState().logs.length;
    const run = () => Promise.reject(new Error('disk full'));
    const { result } = renderHook(() => useExportAction({ id: 'x', label: 'Export', run, saved: (f) => f, where: 'x export' }));
    act(() => result.current.onClick());
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(success).not.toHaveBeenCalled();
    expect(errorLogStore.getState().logs.at(-1)).toMatchObject({ info: 'x export' });
    expect(errorLogStore.getState().logs.length).toBe(before + 1);
  });
});
