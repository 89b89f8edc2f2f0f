import { describe, expect, it } from 'vitest';
import { chosenIndex, toggledTool, toolForRegion, zoningRequest } from './make-rules';
import type { Ring } from '../../../components/map/ring';

const ring: Ring = [
  [108, 34],
  [109, 34],
  [109, 35],
  [108, 34],
];
const area = { layerId: 'b3', index: 12, name: '西安市' };

describe('make-zoning rules', () => {
  it('a region starts picking or drawing until it has its area or polygon', () => {
    expect(toolForRegion('area', false, true)).toBe('pick');
    expect(toolForRegion('area', true, false)).toBe('none');
    expect(toolForRegion('polygon', true, false)).toBe('draw');
    expect(toolForRegion('polygon', false, true)).toBe('none');
    expect(toolForRegion('customer', false, false)).toBe('none');
  });

  it("a tool's button turns it on, or off when on; another tool's replaces it", () => {
    expect(toggledTool('none', 'pick')).toBe('pick');
    expect(toggledTool('pick', 'pick')).toBe('none');
    expect(toggledTool('draw', 'pick')).toBe('pick');
    expect(toggledTool('draw', 'draw')).toBe('none');
  });

  it('highlights the chosen area only on the layer it was picked on', () => {
    expect(chosenIndex(area, 'b3')).toBe(12);
    expect(chosenIndex(area, 'provinces')).toBeNull();
    expect(chosenIndex(area, undefined)).toBeNull();
    expect(chosenIndex(null, 'b3')).toBeNull();
  });

  it('says first what a run still needs: criterion, name, then its area or polygon', () => {
    const base = { criteriaId: 4, name: ' Tea 2026-11-05 ', region: 'customer' as const, area: null, ring: null };
    expect(zoningRequest({ ...base, criteriaId: undefined, name: '' })).toEqual({ problem: 'needCriterion' });
    expect(zoningRequest({ ...base, name: '   ', region: 'area' })).toEqual({ problem: 'needName' });
    expect(zoningRequest({ ...base, region: 'area', ring })).toEqual({ problem: 'needArea' });
    expect(zoningRequest({ ...base, region: 'polygon', area })).toEqual({ problem: 'needPolygon' });
  });

  it('sends the trimmed name with the area code or polygon its region asks for, nothing else', () => {
    const base = { criteriaId: 4, name: ' Tea 2026-11-05 ', area, ring };
    expect(zoningRequest({ ...base, region: 'customer' })).toEqual({ body: { criteriaId: 4, name: 'Tea 2026-11-05' } });
    expect(zoningRequest({ ...base, region: 'area' })).toEqual({ body: { criteriaId: 4, name: 'Tea 2026-11-05', areaCode: 'b3:12' } });
    expect(zoningRequest({ ...base, region: 'polygon' })).toEqual({
      body: { criteriaId: 4, name: 'Tea 2026-11-05', polygon: { type: 'Polygon', coordinates: [ring] } },
    });
  });
});
