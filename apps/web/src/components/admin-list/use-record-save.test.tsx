// @vitest-environment jsdom
import { ErrorCode } from '@agromet/contracts/web';
import { renderHook } from '@testing-library/react';
import type { FormInstance } from 'antd';
import '../../lib/i18n';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setFeedbackApi } from '../../lib/feedback';
import { ApiError } from '../../lib/request';
import { useRecordSave, type RecordSaveOptions } from './use-record-save';

type Rec = { id: number; version: number; name: string };
type Values = { name: string; lon?: number };
const rec: Rec = { id: 7, version: 3, name: 'a' };
const apiError = (code: number, data?: unknown) => new ApiError('failed', { code, status: 200, kind: 'api', notified: true, data });
const invalid = (...issues: { field: string; message: string }[]) => apiError(ErrorCode.VALIDATION, { issues });

// The console's host for toasts and dialogs, recording what the save says.
const said = { success: vi.fn(), warning: vi.fn(), confirm: vi.fn() };
beforeEach(() => {
  for (const f of Object.values(said)) f.mockClear();
  setFeedbackApi({ message: { success: said.success, warning: said.warning }, modal: { confirm: said.confirm } } as unknown as Parameters<
    typeof setFeedbackApi
  >[0]);
});
afterAll(() => setFeedbackApi(null));

function setup(over: Partial<RecordSaveOptions<Rec, Values, { n: string }>> = {}) {
  const form = { setFields: vi.fn() };
  const opts: RecordSaveOptions<Rec, Values, { n: string }> = {
    record: rec,
    form: form as unknown as FormInstance<Values>,
    save: vi.fn(async () => ({ ...rec, version: 4 })),
    body: (v) => ({ n: v.name }),
    fields: ['name', 'lon'],
    current: vi.fn(async () => null),
    reload: vi.fn(),
    onSaved: vi.fn(),
    onClose: vi.fn(),
    ...over,
  };
  const { result } = renderHook(() => useRecordSave(opts));
  return { save: result.current, opts, form };
}

describe('useRecordSave', () => {
  it('saves the body with the id and the version edited, and hands back the saved record', async () => {
    const { save, opts } = setup();
    await save({ name: 'b' });
    expect(opts.save).toHaveBeenCalledWith({ id: 7, version: 3, values: { n: 'b' } });
    expect(opts.onSaved).toHaveBeenCalledWith({ ...rec, version: 4 });
    expect(said.success.mock.calls[0]![0]).toBe('已保存');
  });

  it('creates without id or version', async () => {
    const { save, opts } = setup({ record: null });
    await save({ name: 'b' });
    expect(opts.save).toHaveBeenCalledWith({ id: undefined, version: undefined, values: { n: 'b' } });
    expect(said.success.mock.calls[0]![0]).toBe('已创建');
  });

  it('shows the complaints about its fields under them (by the field their path names), and stops there', async () => {
    const { save, opts, form } = setup({
      save: vi.fn(async () => Promise.reject(invalid({ field: 'lon.0', message: 'too far' }, { field: 'weather', message: 'x' }))),
      fieldOf: (p) => p.split('.')[0]!,
    });
    await save({ name: 'b' });
    expect(form.setFields).toHaveBeenCalledWith([{ name: 'lon', errors: ['too far'] }]);
    expect(opts.current).not.toHaveBeenCalled();
    expect(opts.onSaved).not.toHaveBeenCalled();
  });

  it('leaves to the dialog the complaints it shows itself', async () => {
    const ownIssues = vi.fn(() => true);
    const { save, opts, form } = setup({
      save: vi.fn(async () => Promise.reject(invalid({ field: 'stops.1', message: 'gone' }))),
      ownIssues,
    });
    await save({ name: 'b' });
    expect(ownIssues).toHaveBeenCalledWith([{ field: 'stops.1', message: 'gone' }], expect.any(ApiError));
    expect(form.setFields).not.toHaveBeenCalled();
    expect(opts.current).not.toHaveBeenCalled();
  });

  it('on a conflict, asks for the record as it is now; a deleted one closes the dialog', async () => {
    const { save, opts } = setup({ save: vi.fn(async () => Promise.reject(apiError(ErrorCode.CONFLICT))) });
    await save({ name: 'b' });
    expect(opts.current).toHaveBeenCalledWith(rec);
    expect(opts.onClose).toHaveBeenCalled();
    expect(said.warning).toHaveBeenCalled();
  });

  it('on a conflict over a record changed since, offers to reload it', async () => {
    const { save, opts } = setup({
      save: vi.fn(async () => Promise.reject(apiError(ErrorCode.CONFLICT))),
      current: vi.fn(async () => ({ ...rec, version: 5, name: 'new' })),
    });
    await save({ name: 'b' });
    expect(said.confirm).toHaveBeenCalledTimes(1);
    (said.confirm.mock.calls[0]![0] as { onOk: () => void }).onOk();
    expect(opts.reload).toHaveBeenCalledWith({ ...rec, version: 5, name: 'new' });
    expect(opts.onClose).not.toHaveBeenCalled();
  });

  it('a conflict while creating has nothing to reload', async () => {
    const { save, opts } = setup({ record: null, save: vi.fn(async () => Promise.reject(apiError(ErrorCode.CONFLICT))) });
    await save({ name: 'b' });
    expect(opts.current).not.toHaveBeenCalled();
    expect(opts.onClose).not.toHaveBeenCalled();
  });
});
