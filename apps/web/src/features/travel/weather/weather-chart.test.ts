import { describe, expect, it } from 'vitest';
import { travelWeatherOption } from './weather-chart';

describe('travel weather chart', () => {
  it('draws temperature on the left axis and precipitation bars on the right, one point per hour', () => {
    const hours = [0, 3, 6].map((lead) => ({
      validTime: new Date(Date.UTC(2026, 3, 1, lead)).toISOString(),
      lead,
      temperature: 10 + lead,
      precipitation: lead === 3 ? 1.2 : 0,
      windSpeed: 2,
      windDirection: 90,
    }));
    const option = travelWeatherOption(
      { status: 'ok', type: 'fine-grid', typeName: '', baseTime: '', lon: 0, lat: 0, hours, days: [] },
      { temperature: 'T', precipitation: 'P', time: (iso) => iso.slice(11, 16) },
    );
    expect(option.xAxis.data).toEqual(['00:00', '03:00', '06:00']);
    expect(option.series.map((s) => [s.name, s.type, s.yAxisIndex, s.data])).toEqual([
      ['T', 'line', 0, [10, 13, 16]],
      ['P', 'bar', 1, [0, 1.2, 0]],
    ]);
  });
});
