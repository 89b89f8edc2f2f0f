import type { SandstormStatistics } from '@agromet/contracts';
import { describe, expect, it } from 'vitest';
import { LEVEL_COLOURS } from '../levels';
import { levelOption, regionOption, timeOptions } from './sandstorm-charts';

const stats: SandstormStatistics = {
  byMonth: [
    { month: '2021-03', count: 10 },
    { month: '2023-04', count: 11 },
  ],
  byYear: [
    { year: 2021, count: 10 },
    { year: 2023, count: 11 },
  ],
  byLevel: [
    { level: 'floating-dust', count: 6 },
    { level: 'blowing-sand', count: 9 },
    { level: 'sandstorm', count: 4 },
    { level: 'severe-sandstorm', count: 2 },
    { level: 'extreme-sandstorm', count: 0 },
  ],
  byRegion: [
    { code: '610800', name: '榆林市', count: 15, economicLoss: 900 },
    { code: '610100', name: '西安市', count: 6, economicLoss: 0 },
  ],
  totals: { count: 21, economicLoss: 900, deaths: 0, injured: 3, housesCollapsed: 2 },
};

type Bar = { data: Array<{ value: number; itemStyle: { color: string } } | number> };

describe('statistics charts', () => {
  it('counts by year and month keep the server order', () => {
    const { byYear, byMonth } = timeOptions(stats, { records: 'n' });
    expect((byYear.xAxis as { data: string[] }).data).toEqual(['2021', '2023']);
    expect((byMonth.series[0] as Bar).data.map((d) => (typeof d === 'number' ? d : d.value))).toEqual([10, 11]);
  });

  it('colours each grade as on the map, all five listed', () => {
    const option = levelOption(stats, (l) => l.toUpperCase(), { records: 'n' });
    const bars = (option.series[0] as Bar).data as Array<{ value: number; itemStyle: { color: string } }>;
    expect(bars).toHaveLength(5);
    expect(bars[2]).toEqual({ value: 4, itemStyle: { color: LEVEL_COLOURS.sandstorm } });
  });

  it('labels every grade, none hidden for lack of room (the chart wraps or turns them to its width)', () => {
    const option = levelOption(stats, (l) => l, { records: 'n' });
    const axis = option.xAxis as { axisLabel: { interval: number; hideOverlap: boolean } };
    expect(axis.axisLabel).toEqual({ interval: 0, hideOverlap: false });
  });

  it('regions as horizontal bars with losses on a second axis', () => {
    const option = regionOption(stats, { records: 'n', loss: 'loss' });
    expect((option.yAxis as { data: string[] }).data).toEqual(['榆林市', '西安市']);
    expect(option.series).toHaveLength(2);
    expect((option.series[1] as { data: number[] }).data).toEqual([900, 0]);
  });
});
