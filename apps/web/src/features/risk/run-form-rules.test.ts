import { describe, expect, it } from 'vitest';
import { chosenId, evaluatedLeads, runBoundary, runRequest, runStatsLayer, type RunChoices } from './run-form-rules';

const layers = [
  { id: 'provinces', builtIn: true },
  { id: 'b3', builtIn: false },
  { id: 'b4', builtIn: false },
];

const choices: RunChoices = {
  hazardId: 2,
  baseTime: '2026-11-24T00:00:00Z',
  leadFrom: 0,
  leadTo: 72,
  region: 'customer',
  boundaryId: 'b3',
  areaIndex: undefined,
  statsLayer: 'b3',
  zoningProductId: undefined,
  cropId: undefined,
  name: '  霜冻 2026-11-24 ',
  lang: 'zh',
};

describe('the run form', () => {
  it("starts from the customer's own layer, else the first", () => {
    expect(runBoundary(layers, undefined)?.id).toBe('b3');
    expect(runBoundary(layers, 'b4')?.id).toBe('b4');
    expect(runBoundary(layers, 'gone')?.id).toBe('b3');
    expect(runBoundary([{ id: 'provinces', builtIn: true }], undefined)?.id).toBe('provinces');
    expect(runBoundary([], undefined)).toBeUndefined();
    expect(runStatsLayer(layers, undefined)).toBe('b3');
    expect(runStatsLayer(layers, 'provinces')).toBe('provinces');
    expect(runStatsLayer([], undefined)).toBeUndefined();
  });

  it('names the leads evaluated only for the newest run and a range with an end', () => {
    const first = { baseTimes: ['2026-11-24T00:00:00Z', '2026-11-23T12:00:00Z'], leads: [3, 6, 24, 48] };
    expect(evaluatedLeads(first, '2026-11-24T00:00:00Z', 4, 24)).toEqual([6, 24]);
    expect(evaluatedLeads(first, '2026-11-24T00:00:00Z', 50, 60)).toEqual([]);
    expect(evaluatedLeads(first, '2026-11-23T12:00:00Z', 0, 24)).toBeNull();
    expect(evaluatedLeads(first, '2026-11-24T00:00:00Z', 0, null)).toBeNull();
    expect(evaluatedLeads(undefined, undefined, 0, 24)).toBeNull();
  });

  it('reads 0 as no exposure or crop', () => {
    expect(chosenId(0)).toBeUndefined();
    expect(chosenId(5)).toBe(5);
  });

  it('says first what a run still needs: hazard, run, name, area', () => {
    expect(runRequest({ ...choices, hazardId: undefined, baseTime: undefined })).toEqual({ problem: 'needHazard' });
    expect(runRequest({ ...choices, baseTime: undefined, name: '' })).toEqual({ problem: 'needBaseTime' });
    expect(runRequest({ ...choices, name: '  ', region: 'area' })).toEqual({ problem: 'needName' });
    expect(runRequest({ ...choices, region: 'area' })).toEqual({ problem: 'needArea' });
    expect(runRequest({ ...choices, region: 'area', areaIndex: 4, boundaryId: undefined })).toEqual({ problem: 'needArea' });
  });

  it('sends the trimmed name, the area of an area region and a crop only without an exposure', () => {
    expect(runRequest(choices)).toEqual({
      body: {
        hazardId: 2,
        name: '霜冻 2026-11-24',
        baseTime: '2026-11-24T00:00:00Z',
        leadFrom: 0,
        leadTo: 72,
        lang: 'zh',
        statsLayer: 'b3',
      },
    });
    expect(runRequest({ ...choices, region: 'area', areaIndex: 0, leadTo: null, leadFrom: 6, statsLayer: undefined, cropId: 3 })).toEqual({
      body: {
        hazardId: 2,
        name: '霜冻 2026-11-24',
        baseTime: '2026-11-24T00:00:00Z',
        leadFrom: 6,
        leadTo: 6,
        lang: 'zh',
        areaCode: 'b3:0',
        cropId: 3,
      },
    });
    const exposed = runRequest({ ...choices, zoningProductId: 9, cropId: 3, lang: 'es' });
    expect(exposed).toMatchObject({ body: { zoningProductId: 9, lang: 'es' } });
    expect('body' in exposed && exposed.body).not.toHaveProperty('cropId');
  });
});
