import type { ProductSchedule } from '@agromet/contracts';
import { describe, expect, it } from 'vitest';
import { clockParts, newScheduleDraft, scheduleDraftOf, scheduleSaveBody, toggledSchedule, type ScheduleDraft } from './schedule-rules';
import { catalogFactor, catalogType } from '../../test/grid-catalog';

const catalog = [catalogType('fine-grid', [catalogFactor('pre3h', [3, 6, 24, 27], ['2026-11-24T00:00:00Z'])])];

const stored: ProductSchedule = {
  id: 7,
  name: 'Morning rain',
  enabled: true,
  templateId: 2,
  templateName: 'Standard',
  forecast: { type: 'fine-grid', factor: 'pre3h', mode: 'aggregate', leadFrom: 3, leadTo: 24, aggregation: 'sum', areaCode: 'b4:12' },
  trigger: 'daily',
  time: '06:30',
  version: 3,
  creator: 'admin',
  updateTime: '2026-11-24T01:00:00Z',
  lastBaseTime: null,
  lastRunTime: null,
  lastProductId: null,
  lastError: null,
};

describe('schedule rules', () => {
  it('a new schedule is on, with the first template, the usual forecast, made on each new run', () => {
    const draft = newScheduleDraft(catalog, [{ id: 5 }, { id: 6 }]);
    expect(draft).toMatchObject({ name: '', enabled: true, templateId: 5, trigger: 'new-run', time: '08:00' });
    expect(draft.forecast).toMatchObject({ type: 'fine-grid', factor: 'pre3h', mode: 'aggregate', leadFrom: 3, leadTo: 24 });
    expect(draft.id).toBeUndefined();
    expect(newScheduleDraft(catalog, []).templateId).toBeUndefined();
  });

  it('a stored schedule opens with its boundary layer, its forecast a copy', () => {
    const draft = scheduleDraftOf(stored);
    expect(draft).toMatchObject({ id: 7, version: 3, name: 'Morning rain', templateId: 2, trigger: 'daily', time: '06:30', layerId: 'b4' });
    expect(draft.forecast).toEqual(stored.forecast);
    expect(draft.forecast).not.toBe(stored.forecast);
    expect(scheduleDraftOf({ ...stored, time: null, forecast: { ...stored.forecast, areaCode: undefined } })).toMatchObject({
      time: undefined,
      layerId: undefined,
    });
  });

  it('a switch sends the schedule as stored with only enabled changed, its time only when it has one', () => {
    expect(toggledSchedule(stored, false)).toEqual({
      id: 7,
      version: 3,
      name: 'Morning rain',
      enabled: false,
      templateId: 2,
      forecast: stored.forecast,
      trigger: 'daily',
      time: '06:30',
    });
    expect(toggledSchedule({ ...stored, trigger: 'new-run', time: null }, true)).not.toHaveProperty('time');
  });

  it('a draft saves once named, with a template and a complete forecast; the time only when daily', () => {
    const draft: ScheduleDraft = { ...scheduleDraftOf(stored), forecast: { ...stored.forecast, baseTime: '2026-11-24T00:00:00Z' } };
    expect(scheduleSaveBody(draft)).toEqual({
      id: 7,
      version: 3,
      name: 'Morning rain',
      enabled: true,
      templateId: 2,
      forecast: stored.forecast,
      trigger: 'daily',
      time: '06:30',
    });
    expect(scheduleSaveBody({ ...draft, trigger: 'new-run' })).not.toHaveProperty('time');
    expect(scheduleSaveBody({ ...draft, id: undefined })).not.toHaveProperty('version');
    expect(scheduleSaveBody({ ...draft, name: '  ' })).toBeNull();
    expect(scheduleSaveBody({ ...draft, templateId: undefined })).toBeNull();
    expect(scheduleSaveBody({ ...draft, forecast: { ...draft.forecast, aggregation: undefined } })).toBeNull();
  });

  it('reads the hour and minute of a time', () => {
    expect(clockParts('06:30')).toEqual({ hour: 6, minute: 30 });
    expect(clockParts('23:05')).toEqual({ hour: 23, minute: 5 });
  });
});
