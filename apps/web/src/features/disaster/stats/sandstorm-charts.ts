import type { SandstormLevel, SandstormStatistics } from '@agromet/contracts';
import { LEVEL_COLOURS } from '../levels';

// ECharts options of the statistics tab, as pure functions of the server's counts (tested without a browser).

interface BarOptions {
  horizontal?: boolean;
  /**
   * Every category labelled, none hidden for lack of room: the chart (components/chart/EChart) wraps or turns the labels
   * to its width. Without it, labels that would overlap are hidden (years and months: the neighbours tell the missing
   * ones).
   */
  labelAll?: boolean;
  name: string;
  /** A second series (e.g. losses) on its own axis. */
  second?: { name: string; values: number[] };
}

const baseGrid = { left: 8, right: 16, top: 28, bottom: 8, containLabel: true };

export function barOption(categories: string[], values: number[], colours: string[] | string, opts: BarOptions) {
  const axisLabel = { interval: 0, hideOverlap: !opts.labelAll };
  const categoryAxis = { type: 'category', data: categories, axisLabel };
  const valueAxis = { type: 'value', minInterval: 1 };
  const data = values.map((value, k) => ({ value, itemStyle: { color: Array.isArray(colours) ? colours[k] : colours } }));
  // The series' own colour is what its legend entry shows (the bars may each have their own).
  const seriesColour = Array.isArray(colours) ? colours[0] : colours;
  const series: object[] = [{ type: 'bar', name: opts.name, data, barMaxWidth: 28, itemStyle: { color: seriesColour } }];
  if (opts.second)
    series.push({
      type: 'bar',
      name: opts.second.name,
      data: opts.second.values,
      barMaxWidth: 28,
      itemStyle: { color: '#adb5bd' },
      xAxisIndex: opts.horizontal ? 1 : 0,
      yAxisIndex: opts.horizontal ? 0 : 1,
    });
  const second = opts.second ? [{ type: 'value', position: opts.horizontal ? 'top' : 'right', splitLine: { show: false } }] : [];
  return {
    animation: false,
    grid: baseGrid,
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend: opts.second ? { top: 0, data: [opts.name, opts.second.name] } : undefined,
    xAxis: opts.horizontal ? [valueAxis, ...second] : categoryAxis,
    yAxis: opts.horizontal ? { ...categoryAxis, inverse: true } : [valueAxis, ...second],
    series,
  };
}

/** Counts by year, and by month (the months with records, oldest first). */
export function timeOptions(s: SandstormStatistics, names: { records: string }) {
  return {
    byYear: barOption(
      s.byYear.map((y) => String(y.year)),
      s.byYear.map((y) => y.count),
      '#e8590c',
      { name: names.records },
    ),
    byMonth: barOption(
      s.byMonth.map((m) => m.month),
      s.byMonth.map((m) => m.count),
      '#f08c00',
      { name: names.records },
    ),
  };
}

/** Counts by grade, each bar in its grade's colour. */
export function levelOption(s: SandstormStatistics, levelName: (l: SandstormLevel) => string, names: { records: string }) {
  return barOption(
    s.byLevel.map((l) => levelName(l.level)),
    s.byLevel.map((l) => l.count),
    s.byLevel.map((l) => LEVEL_COLOURS[l.level]),
    // All five grades named, whatever the language: none is told by its neighbours.
    { name: names.records, labelAll: true },
  );
}

/** Counts (and losses) by region, most records first, at most `max` regions. */
export function regionOption(s: SandstormStatistics, names: { records: string; loss: string }, max = 12) {
  const top = s.byRegion.slice(0, max);
  return barOption(
    top.map((r) => r.name),
    top.map((r) => r.count),
    '#c92a2a',
    { name: names.records, horizontal: true, second: { name: names.loss, values: top.map((r) => r.economicLoss) } },
  );
}
