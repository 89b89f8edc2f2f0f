import { ErrorCode } from '@agromet/contracts/web';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/request';
import { classesOf, classesPatch, draftOf, legendModePatch, saveRefusal } from './template-draft';

const refusal = (code: number, data: unknown) => new ApiError('refused', { code, status: 400, kind: 'api', notified: false, data });

describe('template draft', () => {
  it('reads the custom legend as classes and writes it back unchanged', () => {
    const d = { colors: ['#fff', '#0f0', '#00f'], thresholds: [1, 5] };
    const classes = classesOf(d);
    expect(classes).toEqual([
      { color: '#fff', from: null },
      { color: '#0f0', from: 1 },
      { color: '#00f', from: 5 },
    ]);
    expect(classesPatch(classes)).toEqual(d);
    expect(classesPatch([...classes, { color: '#800040', from: null }]).thresholds).toEqual([1, 5, 0]);
  });

  it('starts a custom legend without classes from the precipitation classes, and keeps existing ones', () => {
    const empty = draftOf(undefined, 'n');
    expect(legendModePatch(empty, 'custom')).toMatchObject({ legendMode: 'custom', thresholds: [0.1, 10, 25, 50] });
    expect(legendModePatch({ ...empty, colors: ['#000'] }, 'custom')).toEqual({ legendMode: 'custom' });
    expect(legendModePatch(empty, 'factor')).toEqual({ legendMode: 'factor' });
  });

  it('shows a validation refusal at its field, a name conflict at the name, another conflict as stale', () => {
    expect(saveRefusal(refusal(ErrorCode.VALIDATION, { issues: [{ field: 'colors.2' }] }))).toEqual({
      fieldError: { field: 'colors.2', message: 'refused' },
    });
    expect(saveRefusal(refusal(ErrorCode.CONFLICT, { field: 'name' }))).toEqual({ fieldError: { field: 'name', message: 'refused' } });
    expect(saveRefusal(refusal(ErrorCode.CONFLICT, null))).toEqual({ stale: true });
    expect(saveRefusal(new Error('network'))).toBeNull();
  });
});
