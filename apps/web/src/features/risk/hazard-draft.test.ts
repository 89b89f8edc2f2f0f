import { describe, expect, it } from 'vitest';
import { emptyDraft, saveBody, withCondition, withNewCondition, withOffset, withStage, withThreshold } from './hazard-draft';

describe('hazard draft edits', () => {
  it('sets a threshold, or leaves the level unused for anything but a number', () => {
    const c = emptyDraft().conditions[0]!;
    expect(withThreshold(c, 1, -3).thresholds).toEqual([0, -3, -4, -6]);
    expect(withThreshold(c, 3, null).thresholds).toEqual([0, -2, -4, null]);
    expect(c.thresholds).toEqual([0, -2, -4, -6]);
  });

  it('keeps an offset other than 0 and removes it otherwise', () => {
    const c = emptyDraft().conditions[0]!;
    expect(withOffset(c, 1.5).offset).toBe(1.5);
    expect('offset' in withOffset({ ...c, offset: 2 }, 0)).toBe(false);
    expect('offset' in withOffset({ ...c, offset: 2 }, null)).toBe(false);
  });

  it('adds a ≥ condition with 0 at the levels the first one uses', () => {
    const d = withCondition(emptyDraft(), 0, (c) => withThreshold(c, 0, null));
    expect(withNewCondition(d).conditions[1]).toEqual({ element: '', op: 'ge', thresholds: [null, 0, 0, 0] });
  });

  it('changes only the stage at its index', () => {
    const d = {
      ...emptyDraft(),
      stages: [
        { crop: 'wheat', stage: 'a', vulnerability: 1 },
        { crop: 'wheat', stage: 'b', vulnerability: 1 },
      ],
    };
    expect(withStage(d, 1, (s) => ({ ...s, vulnerability: 0.5 })).stages.map((s) => s.vulnerability)).toEqual([1, 0.5]);
  });

  it('sends the name trimmed, and id and version only for a saved hazard', () => {
    const d = { ...emptyDraft(), name: '  frost ' };
    expect(saveBody(d)).not.toHaveProperty('id');
    expect(saveBody(d).name).toBe('frost');
    expect(saveBody({ ...d, id: 4, version: 2 })).toMatchObject({ id: 4, version: 2, name: 'frost' });
  });
});
