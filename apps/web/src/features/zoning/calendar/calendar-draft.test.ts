import type { CropCalendarEntry } from '@agromet/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/request';
import {
  draftOf,
  draftProblems,
  firstCropId,
  saveInput,
  serverIssues,
  shiftValue,
  withNewStage,
  withoutStage,
  withStageField,
  type CalendarDraft,
} from './calendar-draft';

const calendar = {
  id: 3,
  version: 2,
  stages: [
    { code: 'sprout', name: '萌芽', start: '03-01', end: '03-20' },
    { code: 'bloom', name: '开花', start: '04-01', end: '04-20' },
  ],
  refAltitudeM: 600,
  refLatDeg: 33,
  daysPer100m: 3,
  daysPerDegree: 4,
  source: 'NY/T',
  builtIn: false,
};
const entry = (cropId: number, cal: typeof calendar | null) =>
  ({ cropId, cropKey: `c${cropId}`, cropName: `Crop ${cropId}`, calendar: cal }) as unknown as CropCalendarEntry;

const word = (key: string, params: Record<string, unknown>) => `${key}${JSON.stringify(params)}`;

describe('the crop-calendar draft', () => {
  it('shows first the first crop with a calendar, else the first', () => {
    expect(firstCropId([entry(1, null), entry(2, calendar), entry(3, calendar)])).toBe(2);
    expect(firstCropId([entry(4, null), entry(5, null)])).toBe(4);
    expect(firstCropId([])).toBeUndefined();
  });

  it("copies a stored calendar, and starts a new one from one stage and Hopkins' law", () => {
    const stored = draftOf(entry(2, calendar));
    const { builtIn: _b, ...fields } = calendar;
    expect(stored).toEqual({ ...fields, cropId: 2 });
    expect(stored.stages[0]).not.toBe(calendar.stages[0]);
    const fresh = draftOf(entry(7, null));
    expect(fresh).toEqual({
      cropId: 7,
      stages: [{ code: 'stage1', name: '', start: '04-01', end: '04-30' }],
      refAltitudeM: 500,
      refLatDeg: 34,
      daysPer100m: 3.3,
      daysPerDegree: 4,
      source: '',
    });
    expect(draftProblems(fresh, word).size).toBe(0);
  });

  it('edits, removes and adds stages without touching the others', () => {
    const d = draftOf(entry(2, calendar));
    const edited = withStageField(d, 1, 'end', '04-25');
    expect(edited.stages[1]).toEqual({ code: 'bloom', name: '开花', start: '04-01', end: '04-25' });
    expect(edited.stages[0]).toBe(d.stages[0]);
    expect(d.stages[1]!.end).toBe('04-20');
    expect(withoutStage(d, 0).stages.map((s) => s.code)).toEqual(['bloom']);
    expect(withNewStage(d).stages[2]).toEqual({ code: 'stage3', name: '', start: '', end: '' });
    expect(shiftValue(7.5)).toBe(7.5);
    expect(shiftValue(null)).toBe(0);
    expect(shiftValue('')).toBe(0);
  });

  it("words the engine's first problem of each field", () => {
    const d: CalendarDraft = { ...draftOf(entry(2, calendar)), refLatDeg: 95 };
    const bad = withStageField(withStageField(d, 1, 'code', 'sprout'), 1, 'start', '02-30');
    const problems = draftProblems(bad, word);
    expect(problems.get('refLatDeg')).toBe('problem.calendar.outOfRange{"min":-90,"max":90}');
    expect(problems.get('stages.1.code')).toMatch(/^problem\.calendar\.codeTaken/);
    expect(problems.get('stages.1.start')).toMatch(/^problem\.calendar\.badDate/);
    expect(problems.has('stages.0.code')).toBe(false);
    expect(draftProblems(null, word).size).toBe(0);
  });

  it("saves a stored calendar by id and version, a new one by its crop, and reads the server's refusal", () => {
    const d = draftOf(entry(2, calendar));
    const { id, version, values } = saveInput(d);
    expect([id, version]).toEqual([3, 2]);
    expect(values).not.toHaveProperty('id');
    expect(values).toMatchObject({ cropId: 2, refAltitudeM: 600, source: 'NY/T' });
    expect(saveInput(draftOf(entry(7, null)))).toMatchObject({ id: undefined, version: undefined, values: { cropId: 7 } });

    const refusal = (data: unknown) => new ApiError('refused', { code: 4100, status: 400, kind: 'api', notified: true, data });
    expect(serverIssues(refusal({ issues: [{ field: 'stages.0.start', message: 'bad date' }] }))).toEqual(
      new Map([['stages.0.start', 'bad date']]),
    );
    expect(serverIssues(refusal(null))).toEqual(new Map([['', 'refused']]));
    expect(serverIssues(new Error('network')).size).toBe(0);
  });
});
