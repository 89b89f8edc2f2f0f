import { describe, expect, it } from 'vitest';
import { bottomLabels, fitCategoryLabels, labelsDepth, wrappedLines } from './axis-labels';

// 7 px a character.
const measure = (text: string) => text.length * 7;
const GRADES_ES = [
  'Polvo en suspensión',
  'Arena levantada',
  'Tormenta de arena',
  'Tormenta de arena fuerte',
  'Tormenta de arena muy fuerte',
];
const GRADES_ZH = ['浮尘', '扬沙', '沙尘暴', '强沙尘暴', '特强沙尘暴'];

const bars = (labels: string[], axisLabel: object = { interval: 0, hideOverlap: false }) => ({
  grid: { left: 8, right: 16, top: 28, bottom: 8, containLabel: true },
  xAxis: { type: 'category', data: labels, axisLabel },
  yAxis: [{ type: 'value' }],
  series: [{ type: 'bar', data: labels.map(() => 1) }],
});

type Label = { width?: number; overflow?: string; rotate?: number; hideOverlap?: boolean; interval?: number };
const xLabel = (o: object) => (o as { xAxis: { axisLabel: Label } }).xAxis.axisLabel;

describe('fitCategoryLabels', () => {
  it('wraps each label in its slot when its words fit: the five Spanish grades at 1280 px', () => {
    // 1000 px: a plot of 1000 − 24 − 40 px, 187 px a grade.
    const label = xLabel(fitCategoryLabels(bars(GRADES_ES), 1000, measure));
    expect(label).toMatchObject({ interval: 0, hideOverlap: false, overflow: 'break', rotate: 0, width: 181 });
    expect(wrappedLines('Tormenta de arena muy fuerte', 181, measure)).toBe(2);
  });

  it('turns the labels when a word is wider than its slot (a phone), upright when even a slope would overlap', () => {
    const phone = fitCategoryLabels(bars(GRADES_ES), 300, measure);
    expect(xLabel(phone)).toMatchObject({ rotate: 45, hideOverlap: false });
    expect((phone as { grid: { containLabel: boolean } }).grid.containLabel).toBe(true);
    const many = Array.from({ length: 40 }, (_, k) => `Categoría ${k}`);
    expect(xLabel(fitCategoryLabels(bars(many), 600, measure)).rotate).toBe(90);
  });

  it('keeps a Chinese label whole: it is one word, wrapped only between labels', () => {
    expect(xLabel(fitCategoryLabels(bars(GRADES_ZH), 300, measure))).toMatchObject({ overflow: 'break', rotate: 0 });
    expect(xLabel(fitCategoryLabels(bars(GRADES_ZH), 200, measure)).rotate).toBe(45);
  });

  it('wraps turned labels across the room their slope leaves, and tells how far the labels reach down', () => {
    const phone = fitCategoryLabels(bars(GRADES_ES), 400, measure);
    // 336 px of plot, 67 px a grade: a slope of 47 px across, 3 lines of 15 px, each of a third of the longest.
    expect(xLabel(phone)).toMatchObject({ rotate: 45, overflow: 'break', width: 78 });
    expect(wrappedLines('Tormenta de arena muy fuerte', 78, measure)).toBe(3);
    expect(labelsDepth(phone, measure)).toBe(Math.ceil((78 + 3 * 15) / Math.SQRT2) - 15);
    // Wrapped flat, two lines: one line deeper.
    expect(labelsDepth(fitCategoryLabels(bars(GRADES_ES), 1000, measure), measure)).toBe(15);
    expect(labelsDepth({ xAxis: { type: 'value' } }, measure)).toBe(0);
  });

  it('labels every n-th category in a slot n categories wide', () => {
    expect(bottomLabels(['01-01 08:00', '01-01 11:00', '01-01 14:00', '01-01 17:00'], 2, 200, measure)).toMatchObject({
      width: 94,
      overflow: 'break',
    });
  });

  it('leaves alone axes whose overlapping labels ECharts hides, value axes and hidden labels', () => {
    const hiding = bars(['2021', '2022'], { interval: 0, hideOverlap: true });
    expect(fitCategoryLabels(hiding, 100, measure).xAxis).toBe(hiding.xAxis);
    const auto = bars(['2021', '2022'], {});
    expect(fitCategoryLabels(auto, 100, measure).xAxis).toBe(auto.xAxis);
    const option = { xAxis: [{ type: 'value' }], yAxis: { type: 'category', data: ['a'], axisLabel: { show: false } } };
    const fitted = fitCategoryLabels(option, 100, measure);
    expect(fitted.xAxis).toEqual(option.xAxis);
    expect(fitted.yAxis).toBe(option.yAxis);
  });

  it('wraps the labels of a vertical category axis at a third of the chart, short ones as they are', () => {
    const regions = { xAxis: { type: 'value' }, yAxis: { type: 'category', data: ['Xi’an', 'Yulin City and its counties around'] } };
    expect(fitCategoryLabels(regions, 300, measure).yAxis).toMatchObject({ axisLabel: { width: 100, overflow: 'break' } });
    expect(fitCategoryLabels(regions, 900, measure).yAxis).toBe(regions.yAxis);
  });

  it('does not change the option it is given', () => {
    const option = bars(GRADES_ES);
    const copy = JSON.parse(JSON.stringify(option)) as unknown;
    fitCategoryLabels(option, 300, measure);
    expect(option).toEqual(copy);
  });
});
