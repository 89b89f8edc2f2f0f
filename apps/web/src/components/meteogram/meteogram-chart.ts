import type { Meteogram, MeteogramElement } from '@agromet/contracts';

// The meteogram chart as data (docs/grids.md#meteogram): three panels sharing the valid-time axis — temperature with the
// daily extremes, precipitation bars, wind speed with arrows turned to where the wind goes. Pure, so it is tested without
// a canvas; MeteogramChart hands the option to ECharts.

export interface MeteogramLabels {
  temperature: string;
  dailyMax: string;
  dailyMin: string;
  precipitation: string;
  wind: string;
  time: (iso: string) => string;
}

type Point = [string, number];

const series = (m: Meteogram, code: string): MeteogramElement | undefined => m.elements.find((e) => e.code === code);

/** [valid time, value] pairs of an element where it has a value. */
export function pointsOf(m: Meteogram, code: string): Point[] {
  const e = series(m, code);
  if (!e) return [];
  const out: Point[] = [];
  e.values.forEach((v, k) => {
    if (v !== null) out.push([m.validTimes[k]!, v]);
  });
  return out;
}

/** The daily extremes: derived ones when the forecast has them, else the stored extremes. */
export function dailyExtremes(m: Meteogram): { max: Point[]; min: Point[] } {
  const pick = (derived: string, stored: string) => (pointsOf(m, derived).length > 0 ? pointsOf(m, derived) : pointsOf(m, stored));
  return { max: pick('tmax24h', 'tmax'), min: pick('tmin24h', 'tmin') };
}

/**
 * ECharts rotates a symbol counter-clockwise by `symbolRotate` degrees; the arrow symbol points up (north). A wind from
 * `direction` (clockwise from north) goes towards direction + 180, so the arrow turns by 180 − direction.
 */
export function arrowRotation(direction: number): number {
  return (((180 - direction) % 360) + 360) % 360;
}

/** Wind points: speed with the arrow's rotation (none where the direction is missing). */
export function windPoints(m: Meteogram): Array<{ value: Point; symbolRotate?: number }> {
  const speed = series(m, 'wsp');
  const dir = series(m, 'wdir');
  if (!speed) return [];
  const out: Array<{ value: Point; symbolRotate?: number }> = [];
  speed.values.forEach((v, k) => {
    if (v === null) return;
    const d = dir?.values[k];
    out.push({ value: [m.validTimes[k]!, v], ...(d !== null && d !== undefined ? { symbolRotate: arrowRotation(d) } : {}) });
  });
  return out;
}

/** The ECharts option of a meteogram (plain data: no functions except the axis labels). */
export function meteogramOption(m: Meteogram, labels: MeteogramLabels) {
  const extremes = dailyExtremes(m);
  const rain = pointsOf(m, 'pre3h');
  const wind = windPoints(m);
  const grids = [
    { left: 56, right: 24, top: 56, height: '28%' },
    { left: 56, right: 24, top: '48%', height: '18%' },
    { left: 56, right: 24, top: '74%', height: '16%' },
  ];
  const axisLabel = { formatter: labels.time, hideOverlap: true };
  return {
    animation: false,
    legend: { top: 0, data: [labels.temperature, labels.dailyMax, labels.dailyMin, labels.precipitation, labels.wind] },
    tooltip: { trigger: 'axis' },
    axisPointer: { link: [{ xAxisIndex: 'all' }] },
    grid: grids,
    xAxis: grids.map((_, k) => ({ type: 'time', gridIndex: k, axisLabel: k === 2 ? axisLabel : { show: false } })),
    yAxis: [
      { type: 'value', gridIndex: 0, name: '°C', scale: true },
      { type: 'value', gridIndex: 1, name: 'mm', min: 0 },
      { type: 'value', gridIndex: 2, name: 'm/s', min: 0 },
    ],
    series: [
      {
        name: labels.temperature,
        type: 'line',
        xAxisIndex: 0,
        yAxisIndex: 0,
        data: pointsOf(m, 'tmp'),
        showSymbol: false,
        smooth: true,
        color: '#d4380d',
      },
      {
        name: labels.dailyMax,
        type: 'line',
        xAxisIndex: 0,
        yAxisIndex: 0,
        data: extremes.max,
        lineStyle: { type: 'dashed' },
        symbol: 'triangle',
        symbolSize: 9,
        color: '#a8071a',
        label: { show: true, position: 'top' },
      },
      {
        name: labels.dailyMin,
        type: 'line',
        xAxisIndex: 0,
        yAxisIndex: 0,
        data: extremes.min,
        lineStyle: { type: 'dashed' },
        symbol: 'triangle',
        symbolRotate: 180,
        symbolSize: 9,
        color: '#1d39c4',
        label: { show: true, position: 'bottom' },
      },
      { name: labels.precipitation, type: 'bar', xAxisIndex: 1, yAxisIndex: 1, data: rain, barMaxWidth: 14, color: '#389e0d' },
      {
        name: labels.wind,
        type: 'line',
        xAxisIndex: 2,
        yAxisIndex: 2,
        data: wind,
        symbol: 'arrow',
        symbolSize: [9, 15],
        showAllSymbol: true,
        color: '#0958d9',
      },
    ],
  };
}
