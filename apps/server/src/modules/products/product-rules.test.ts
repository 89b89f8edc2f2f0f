import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  aggregateGrids,
  aggregationAllowed,
  checkClasses,
  classesOfColorMap,
  classifyValues,
  fillPlaceholders,
  formatDate,
  formatLead,
  formatTime,
  isDailyExtreme,
  KM_PER_DEGREE,
  legendLabels,
  niceStep,
  precipitationClasses,
  scaleBar,
  unknownPlaceholders,
  validPeriod,
} from './product-rules.js';
import { sumLeads } from './making.js';
import { aggregatedName } from './words.js';

describe('placeholders', () => {
  it('fills the known ones and names the unknown ones', () => {
    const values = { region: '陕西', factor: '24小时降水量', validStart: '11月24日08时', validEnd: '11月25日08时' };
    expect(fillPlaceholders('{region}{validStart}—{validEnd}{factor}预报', values)).toBe('陕西11月24日08时—11月25日08时24小时降水量预报');
    expect(fillPlaceholders('{weather} {region}', values)).toBe('{weather} 陕西');
    expect(unknownPlaceholders('{region}{validStart}{validEnd}{factor}{unit}{baseTime}{lead}{issueTime}{date}')).toEqual([]);
    expect(unknownPlaceholders('{Region} {weather} {weather} {}')).toEqual(['Region', 'weather', '']);
    expect(unknownPlaceholders('no braces, { spaced }')).toEqual([' spaced ']);
  });

  it('leaves text without placeholders as it is (property)', () => {
    fc.assert(
      fc.property(
        fc.string().filter((s) => !s.includes('{')),
        (s) => fillPlaceholders(s, { region: 'x' }) === s && unknownPlaceholders(s).length === 0,
      ),
    );
  });
});

describe('aggregation', () => {
  const a = Float32Array.from([1, 5, Number.NaN, -2]);
  const b = Float32Array.from([3, 2, 4, Number.NaN]);
  const c = Float32Array.from([2, 8, 1, 1]);
  it('sums, maximises, minimises and averages cell by cell; a cell missing anywhere stays missing', () => {
    expect([...aggregateGrids([a, b, c], 'sum')]).toEqual([6, 15, Number.NaN, Number.NaN]);
    expect([...aggregateGrids([a, b, c], 'max')]).toEqual([3, 8, Number.NaN, Number.NaN]);
    expect([...aggregateGrids([a, b, c], 'min')]).toEqual([1, 2, Number.NaN, Number.NaN]);
    expect([...aggregateGrids([a, b, c], 'mean')]).toEqual([2, 5, Number.NaN, Number.NaN]);
    expect(() => aggregateGrids([], 'sum')).toThrow();
  });

  it('agrees with a per-cell reference (property)', () => {
    const cell = fc.oneof(fc.constant(Number.NaN), fc.float({ min: -50, max: 50, noNaN: true }));
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5 }), fc.integer({ min: 1, max: 20 }), fc.infiniteStream(cell), (nGrids, n, stream) => {
        const it = stream[Symbol.iterator]();
        const grids = Array.from({ length: nGrids }, () => Float32Array.from({ length: n }, () => it.next().value as number));
        for (const agg of ['sum', 'max', 'min', 'mean'] as const) {
          const out = aggregateGrids(grids, agg);
          for (let k = 0; k < n; k++) {
            const vs = grids.map((g) => g[k]!);
            if (vs.some(Number.isNaN)) {
              if (!Number.isNaN(out[k]!)) return false;
              continue;
            }
            const ref =
              agg === 'sum'
                ? vs.reduce((s, v) => Math.fround(s + v), 0)
                : agg === 'max'
                  ? Math.max(...vs)
                  : agg === 'min'
                    ? Math.min(...vs)
                    : Math.fround(vs.reduce((s, v) => Math.fround(s + v), 0) / vs.length);
            if (Math.abs(out[k]! - ref) > 1e-3) return false;
          }
        }
        return true;
      }),
    );
  });

  it('sums precipitation only, and reads each hour once', () => {
    expect(aggregationAllowed('pre3h', 'sum')).toBe(true);
    expect(aggregationAllowed('pre24h', 'sum')).toBe(true);
    expect(aggregationAllowed('tmp', 'sum')).toBe(false);
    expect(aggregationAllowed('tmp', 'max')).toBe(true);
    expect(sumLeads([0, 3, 6, 9, 12, 15, 18, 21, 24], 24, 3)).toEqual([3, 6, 9, 12, 15, 18, 21, 24]);
    // 24 h totals every 3 h: only the ones a day apart.
    expect(sumLeads([24, 27, 30, 48, 51, 72], 72, 24)).toEqual([24, 48, 72]);
    expect(sumLeads([3, 6], 6, 0)).toEqual([3, 6]);
  });

  it('names what an aggregation makes in each language', () => {
    expect(aggregatedName('pre3h', '3小时降水', 'sum', 24, 'zh')).toBe('24小时降水量');
    expect(aggregatedName('pre3h', '3小时降水', 'sum', 24, 'en')).toBe('24-hour precipitation');
    expect(aggregatedName('tmp', '气温', 'max', 24, 'zh')).toBe('最高气温');
    expect(aggregatedName('tmp', '气温', 'max', 24, 'en')).toBe('Maximum temperature');
    expect(aggregatedName('tmp', '气温', 'min', 24, 'es')).toBe('Temperatura mínima');
    expect(aggregatedName('tmax', '最高气温', 'max', 24, 'zh')).toBe('最高气温');
  });
});

describe('classes', () => {
  it('puts a value on a threshold in the class above, at single precision; NaN and outside the mask get 255', () => {
    const t = [0.1, 10, 25, 50, 100, 250];
    const v = Float32Array.from([0, 0.1, 0.09999, 9.99, 10, 24.9, 25, 49.99, 50, 100, 249.9, 250, 1000, Number.NaN]);
    expect([...classifyValues(v, t)]).toEqual([0, 1, 0, 1, 2, 2, 3, 3, 4, 5, 5, 6, 6, 255]);
    expect([...classifyValues(Float32Array.from([5, 5]), t, Uint8Array.from([1, 0]))]).toEqual([1, 255]);
  });

  it('labels the classes and checks custom ones', () => {
    // GB/T 28592-2012's grades at 0.1 mm: 0.1～9.9, 10～24.9 in Chinese; 0.1–9.9 in English and Spanish.
    expect(legendLabels([0.1, 10, 25], 'zh')).toEqual(['< 0.1', '0.1～9.9', '10～24.9', '≥ 25']);
    expect(legendLabels([0.1, 10, 25], 'es')).toEqual(['< 0.1', '0.1–9.9', '10–24.9', '≥ 25']);
    expect(legendLabels([-4, -2, 0, 2], 'en', 1)).toEqual(['< -4', '-4 to -2.1', '-2 to -0.1', '0–1.9', '≥ 2']);
    expect(legendLabels([-4, -2, 0, 2], 'zh', 0)).toEqual(['< -4', '-4～-3', '-2～-1', '0～1', '≥ 2']);
    expect(checkClasses([1, 5], ['#fff000', '#000000', '#111111'])).toBeNull();
    expect(checkClasses([1, 5], ['#fff000', '#000000'])).toEqual({ field: 'colors', key: 'colorsLength' });
    expect(checkClasses([1, 5, 5], ['#1', '#2', '#3', '#4'])).toEqual({ field: 'thresholds.2', key: 'thresholdsOrder' });
  });

  it('keeps interval maps and cuts ramps at a nice step over the values shown', () => {
    expect(precipitationClasses(24).thresholds).toEqual([0.1, 10, 25, 50, 100, 250]);
    expect(precipitationClasses(12).thresholds).toEqual([0.1, 5, 15, 30, 70, 140]);
    expect(precipitationClasses(3).thresholds).toEqual([0.1, 1, 3, 10, 20, 50]);
    const ramp = {
      type: 'ramp' as const,
      stops: [
        { value: -30, color: '#0000ff' },
        { value: 40, color: '#ff0000' },
      ],
    };
    const c = classesOfColorMap(ramp, { min: -3.2, max: 14.7 });
    expect(c.thresholds).toEqual([-2, 0, 2, 4, 6, 8, 10, 12, 14]);
    expect(c.colors).toHaveLength(c.thresholds.length + 1);
    expect(niceStep(17.9, 10)).toBe(2);
    expect(niceStep(230, 10)).toBe(25);
    const iv = classesOfColorMap({ type: 'intervals', thresholds: [1, 2], colors: ['#00000000', '#ff0000', '#00ff00'] }, null);
    expect(iv).toEqual({ thresholds: [1, 2], colors: ['#00000000', '#ff0000', '#00ff00'] });
  });
});

describe('scale bar', () => {
  it('takes the longest 1, 2 or 5 × 10ⁿ km that fits', () => {
    expect(scaleBar(5, 40)).toEqual({ km: 200, mm: 40 });
    expect(scaleBar(4, 40)).toEqual({ km: 100, mm: 25 });
    expect(scaleBar(0.3, 40)).toEqual({ km: 10, mm: 10 / 0.3 });
    expect(KM_PER_DEGREE).toBeCloseTo(111.195, 3);
  });

  it('always fits and is never shorter than 40 % of the room (property)', () => {
    fc.assert(
      fc.property(fc.double({ min: 0.001, max: 1000, noNaN: true }), fc.double({ min: 5, max: 200, noNaN: true }), (kmPerMm, maxMm) => {
        const b = scaleBar(kmPerMm, maxMm);
        const mantissa = b.km / 10 ** Math.floor(Math.log10(b.km) + 1e-9);
        return b.mm <= maxMm + 1e-9 && b.mm >= 0.4 * maxMm - 1e-9 && [1, 2, 5].some((m) => Math.abs(mantissa - m) < 1e-9);
      }),
    );
  });
});

describe('times', () => {
  const base = new Date('2026-11-24T00:00:00Z');
  it('writes times in the office zone and the product language', () => {
    expect(formatTime(base, 'zh', 'Asia/Shanghai')).toBe('11月24日08时');
    expect(formatTime(base, 'zh', 'Asia/Shanghai', true)).toBe('2026年11月24日08时');
    expect(formatTime(base, 'en', 'Asia/Shanghai')).toBe('2026-11-24 08:00 BJT');
    expect(formatTime(base, 'es', 'Asia/Shanghai', true)).toBe('2026-11-24 08:00 BJT');
    expect(formatDate(base, 'zh', 'Asia/Shanghai')).toBe('2026年11月24日');
    expect(formatLead(0, 24, 'zh')).toBe('0–24小时');
    expect(formatLead(24, 24, 'en')).toBe('24 h');
  });

  it('starts an accumulation one period before its first lead', () => {
    expect(validPeriod(base, 3, 24, 3, true)).toEqual({ start: base, end: new Date('2026-11-25T00:00:00Z') });
    expect(validPeriod(base, 24, 48, 3, false)).toEqual({ start: new Date('2026-11-25T00:00:00Z'), end: new Date('2026-11-26T00:00:00Z') });
  });

  it('gives a daily extreme the day ending at its lead: tmax24h at 48 h is 24–48 h, never before the run', () => {
    expect([isDailyExtreme('tmax24h', 'extreme'), isDailyExtreme('tmin'), isDailyExtreme('tmp'), isDailyExtreme('pre24h', 'sum')]).toEqual([
      true,
      true,
      false,
      false,
    ]);
    expect(validPeriod(base, 48, 48, 24, true)).toEqual({ start: new Date('2026-11-25T00:00:00Z'), end: new Date('2026-11-26T00:00:00Z') });
    expect(validPeriod(base, 12, 12, 24, true)).toEqual({ start: base, end: new Date('2026-11-24T12:00:00Z') });
  });
});
