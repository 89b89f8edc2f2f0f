import { describe, expect, it } from 'vitest';
import {
  aggregationsFor,
  clockTime,
  firstDay,
  forecastBody,
  initialForecast,
  leadsWithin,
  scheduleForecastBody,
  templateFields,
  unknownPlaceholders,
} from './product-rules';
import { catalogFactor, catalogType } from '../../test/grid-catalog';

describe('product rules', () => {
  it('sums precipitation only', () => {
    expect(aggregationsFor('pre3h')).toContain('sum');
    expect(aggregationsFor('pre24h')).toContain('sum');
    expect(aggregationsFor('tmp')).not.toContain('sum');
    expect(aggregationsFor('tmp')).toEqual(['max', 'min', 'mean']);
  });

  it('proposes the first day of leads', () => {
    expect(firstDay([3, 6, 9, 12, 15, 18, 21, 24, 27])).toEqual({ from: 3, to: 24 });
    expect(firstDay([0, 3, 6, 24, 27])).toEqual({ from: 3, to: 24 });
    expect(firstDay([0])).toEqual({ from: 0, to: 0 });
    expect(firstDay([24, 48, 72])).toEqual({ from: 24, to: 24 });
    expect(firstDay([30, 36])).toEqual({ from: 30, to: 30 });
    expect(firstDay([])).toBeNull();
    expect(leadsWithin([3, 6, 9, 12], 4, 9)).toEqual([6, 9]);
  });

  it('names the placeholders the server refuses', () => {
    expect(unknownPlaceholders('{region}{validStart}—{validEnd}{factor}预报')).toEqual([]);
    expect(unknownPlaceholders('{region} {weather} {weather} {Date}')).toEqual(['weather', 'Date']);
    expect(unknownPlaceholders('{}')).toEqual(['']);
  });

  it("a schedule's forecast is a request's without the run", () => {
    const f = {
      type: 'fine-grid',
      factor: 'pre3h',
      mode: 'aggregate' as const,
      leadFrom: 3,
      leadTo: 24,
      aggregation: 'sum' as const,
      lead: 3,
    };
    expect(scheduleForecastBody(f)).toEqual({
      type: 'fine-grid',
      factor: 'pre3h',
      mode: 'aggregate',
      leadFrom: 3,
      leadTo: 24,
      aggregation: 'sum',
    });
    expect(scheduleForecastBody({ ...f, baseTime: '2026-11-24T00:00:00Z' })).not.toHaveProperty('baseTime');
    expect(forecastBody(f)).toBeNull();
    expect(scheduleForecastBody({ ...f, aggregation: undefined })).toBeNull();
    expect(clockTime(8, 5)).toBe('08:05');
    expect(clockTime(23, 45)).toBe('23:45');
  });

  it('sends only what the mode reads, nothing while incomplete', () => {
    const base = { type: 'fine-grid', factor: 'pre3h', baseTime: '2026-11-24T00:00:00Z' };
    expect(forecastBody({ ...base, mode: 'lead', lead: 3, leadFrom: 3, leadTo: 24, aggregation: 'sum' })).toEqual({
      ...base,
      mode: 'lead',
      lead: 3,
    });
    expect(forecastBody({ ...base, mode: 'series', lead: 3, leadFrom: 3, leadTo: 9, areaCode: 'provinces:13' })).toEqual({
      ...base,
      mode: 'series',
      leadFrom: 3,
      leadTo: 9,
      areaCode: 'provinces:13',
    });
    expect(forecastBody({ ...base, mode: 'aggregate', leadFrom: 3, leadTo: 24 })).toBeNull();
    expect(forecastBody({ ...base, mode: 'aggregate', leadFrom: 3, leadTo: 24, aggregation: 'sum' })).toMatchObject({ aggregation: 'sum' });
    expect(forecastBody({ mode: 'lead', lead: 3 })).toBeNull();
  });

  it('starts from precipitation of the newest run when there is some', () => {
    const catalog = [catalogType('fine-grid', [catalogFactor('tmp', [3, 6]), catalogFactor('pre3h', [3, 6, 24, 27])])];
    expect(initialForecast(catalog)).toMatchObject({
      type: 'fine-grid',
      factor: 'pre3h',
      baseTime: '2026-11-24T00:00:00Z',
      mode: 'aggregate',
      leadFrom: 3,
      leadTo: 24,
      aggregation: 'sum',
    });
    expect(initialForecast(catalog, 'none')).toMatchObject({ factor: 'tmp', aggregation: 'max' });
    expect(initialForecast([])).toEqual({ mode: 'lead' });
  });

  it('keeps the editable fields of a template', () => {
    expect(templateFields({ id: 1, version: 3, builtIn: true, updateTime: 'x', creator: 'y', name: 'n', title: 't' })).toEqual({
      name: 'n',
      title: 't',
    });
  });
});

describe('the form starts from the map', () => {
  const catalog = [
    catalogType('fine-grid', [catalogFactor('tmp', [3, 6, 9]), catalogFactor('pre3h', [3, 6, 24, 27]), catalogFactor('rh', [3], [])]),
  ];

  it('takes the element, run and lead the map shows, as a product of that lead', () => {
    expect(
      initialForecast(catalog, 'pre3h', { type: 'fine-grid', factor: 'tmp', baseTime: '2026-11-23T12:00:00Z', lead: 6 }),
    ).toMatchObject({
      type: 'fine-grid',
      factor: 'tmp',
      baseTime: '2026-11-23T12:00:00Z',
      mode: 'lead',
      lead: 6,
      aggregation: 'max',
    });
  });

  it('falls back to the newest run and first lead the element has, and to the default without grids on the map', () => {
    expect(initialForecast(catalog, 'pre3h', { type: 'fine-grid', factor: 'tmp', baseTime: '', lead: 48 })).toMatchObject({
      factor: 'tmp',
      baseTime: '2026-11-24T00:00:00Z',
      lead: 3,
    });
    expect(initialForecast(catalog, 'pre3h', { type: 'fine-grid', factor: 'rh', baseTime: '', lead: 3 })).toMatchObject({
      factor: 'pre3h',
      mode: 'aggregate',
    });
    expect(initialForecast(catalog, 'pre3h', null)).toMatchObject({ factor: 'pre3h', mode: 'aggregate' });
  });
});
