import { completeWindowEnds, sumGrids, temperatureOutsideExtremes, windComponents } from '@agromet/grid';
import { describe, expect, it } from 'vitest';
import { boundingLead } from './consistency.js';
import { codeAgreesWithPrecipitation, weatherCodeOf } from './weather-code.js';
import {
  DEMO_GEOMETRY,
  DEMO_SEED,
  dailyExtremeLeads,
  demoField,
  demoFields,
  demoStoredAt,
  demoTerrain,
  latestBaseTime,
  LAPSE_RATE_PER_M,
} from './demo-fields.js';

const stats = (v: Float32Array) => {
  let min = Infinity;
  let max = -Infinity;
  let sum = 0;
  for (const x of v) {
    min = Math.min(min, x);
    max = Math.max(max, x);
    sum += x;
  }
  return { min, max, mean: sum / v.length };
};
const at = (lon: number, lat: number) =>
  Math.round((lat - DEMO_GEOMETRY.lat0) / DEMO_GEOMETRY.dy) * DEMO_GEOMETRY.nx + Math.round((lon - DEMO_GEOMETRY.lon0) / DEMO_GEOMETRY.dx);
/** Two of the demo's stations (their published positions and altitudes): Huashan's peak and Xi'an in the valley. */
const HUASHAN = { lon: 110.08, lat: 34.48, alt: 2064.9 };
const XIAN = { lon: 108.93, lat: 34.3, alt: 397.5 };
const ANCHORS = [HUASHAN, XIAN];
const LEADS = Array.from({ length: 25 }, (_, k) => k * 3);

/**
 * Every field of a 72 h demo forecast as the demo stores it (extremes only at the ends of the forecast days, 3 h
 * amounts from lead 3).
 */
function forecast(baseTime: string, dayEndLocalHour = 8) {
  const ctx = { terrain: demoTerrain(DEMO_SEED, ANCHORS), baseTime: new Date(baseTime), seed: 1 };
  const daily = dailyExtremeLeads(ctx.baseTime, 72, dayEndLocalHour);
  const stored = (l: number) => ['tmp', 'tmax', 'tmin', 'pre3h', 'wsp', 'wdir'].filter((f) => demoStoredAt(f, l, new Set(daily)));
  const byLead = new Map(LEADS.map((l) => [l, demoFields(stored(l), l, ctx)]));
  return { ctx, daily, byLead, values: (factor: string, lead: number) => byLead.get(lead)!.get(factor)!.values };
}

describe('demo terrain', () => {
  const terrain = demoTerrain(DEMO_SEED, ANCHORS);

  it('has mountains where the Qinling are and valleys where the Wei flows', () => {
    expect(terrain.values[at(107.8, 33.9)]).toBeGreaterThan(2000);
    expect(terrain.values[at(108.9, 34.35)]).toBeLessThan(900);
    expect(stats(terrain.values).min).toBeGreaterThanOrEqual(150);
  });

  it("puts each anchor's cell at its altitude (Huashan's peak at 2065 m), and changes nothing far from them", () => {
    for (const s of ANCHORS) expect(Math.abs(terrain.values[at(s.lon, s.lat)]! - s.alt)).toBeLessThan(15);
    expect(demoTerrain(DEMO_SEED).values[at(HUASHAN.lon, HUASHAN.lat)]).toBeLessThan(1200);
    expect(terrain.values[at(107.8, 33.9)]).toBe(demoTerrain(DEMO_SEED).values[at(107.8, 33.9)]);
  });
});

describe('demo temperature', () => {
  const run = forecast('2026-11-22T00:00:00Z');

  it('keeps tmin ≤ t ≤ tmax in every cell of every lead that has a forecast day (08–08 and 20–20, both runs)', () => {
    for (const [baseTime, hour] of [
      ['2026-11-22T00:00:00Z', 8],
      ['2026-11-22T12:00:00Z', 8],
      ['2026-07-10T00:00:00Z', 20],
      ['2026-07-10T12:00:00Z', 20],
    ] as const) {
      const f = baseTime === '2026-11-22T00:00:00Z' && hour === 8 ? run : forecast(baseTime, hour);
      let checked = 0;
      for (const lead of LEADS) {
        const end = boundingLead(lead, f.daily);
        if (end === undefined) continue;
        const outside = temperatureOutsideExtremes(DEMO_GEOMETRY.nx, f.values('tmp', lead), f.values('tmin', end), f.values('tmax', end));
        expect(outside.indices.length, `${baseTime} ${hour}h lead ${lead}`).toBe(0);
        checked += 1;
      }
      // Every lead within a stored forecast day is checked (a 12 UTC run's lead 0 lies in its first day).
      expect(checked).toBe(LEADS.filter((l) => f.daily.some((end) => end - 24 < l && l <= end)).length);
      expect(checked).toBeGreaterThanOrEqual(20);
    }
  });

  it('stores the extremes once per forecast day, at its end: 08–08 Beijing ends at 00 UTC, 20–20 at 12 UTC', () => {
    expect(dailyExtremeLeads(new Date('2026-11-22T00:00:00Z'), 72, 8)).toEqual([24, 48, 72]);
    expect(dailyExtremeLeads(new Date('2026-11-22T12:00:00Z'), 72, 8)).toEqual([12, 36, 60]);
    expect(dailyExtremeLeads(new Date('2026-11-22T00:00:00Z'), 72, 20)).toEqual([12, 36, 60]);
    expect(dailyExtremeLeads(new Date('2026-11-22T12:00:00Z'), 72, 20)).toEqual([24, 48, 72]);
  });

  it('has daily extremes a day apart: a diurnal range of several degrees, not a near-constant field', () => {
    const range = stats(sumGrids([run.values('tmax', 24), run.values('tmin', 24).map((v) => -v)]));
    expect(range.min).toBeGreaterThan(2);
    expect(range.mean).toBeGreaterThan(6);
    expect(range.max).toBeLessThan(25);
    // The extreme is reached at some hour of its day, not at every one.
    const day = LEADS.filter((l) => l > 0 && l <= 24).map((l) => run.values('tmp', l));
    const k = at(108.93, 34.3);
    expect(Math.max(...day.map((d) => d[k]!))).toBeLessThanOrEqual(run.values('tmax', 24)[k]!);
    expect(Math.max(...day.map((d) => d[k]!)) - Math.min(...day.map((d) => d[k]!))).toBeGreaterThan(4);
  });

  it('cools by 0.6 °C per 100 m: Huashan (2065 m) is colder than Xi’an (398 m) at every lead', () => {
    const hua = at(HUASHAN.lon, HUASHAN.lat);
    const xian = at(XIAN.lon, XIAN.lat);
    for (const lead of LEADS) {
      const t = run.values('tmp', lead);
      expect(t[hua]!, `lead ${lead}`).toBeLessThan(t[xian]! - 5);
    }
    // Across the region, temperature against altitude at one time has the lapse rate's slope (least squares).
    const t = run.values('tmp', 6);
    const h = run.ctx.terrain.values;
    let [sh, st, shh, sht] = [0, 0, 0, 0];
    const n = t.length;
    for (let k = 0; k < n; k++) {
      sh += h[k]!;
      st += t[k]!;
      shh += h[k]! * h[k]!;
      sht += h[k]! * t[k]!;
    }
    const slope = (n * sht - sh * st) / (n * shh - sh * sh);
    expect(slope).toBeLessThan(-LAPSE_RATE_PER_M * 0.7);
    expect(slope).toBeGreaterThan(-LAPSE_RATE_PER_M * 1.5);
  });

  it('follows the season of the run: July warmer than January by 20 °C or more, in both the mean and at Xi’an', () => {
    const january = demoField('tmp', 6, { terrain: demoTerrain(), baseTime: new Date('2026-01-15T00:00:00Z'), seed: 1 }).values;
    const july = demoField('tmp', 6, { terrain: demoTerrain(), baseTime: new Date('2026-07-15T00:00:00Z'), seed: 1 }).values;
    expect(stats(july).mean - stats(january).mean).toBeGreaterThan(20);
    const xian = at(108.93, 34.3);
    // Xi'an's normals: about 0 °C in January, 27 °C in July (afternoon, 14 Beijing time, a bit above).
    expect(january[xian]!).toBeGreaterThan(-6);
    expect(january[xian]!).toBeLessThan(10);
    expect(july[xian]!).toBeGreaterThan(25);
    expect(july[xian]!).toBeLessThan(40);
  });
});

describe('demo rain and wind', () => {
  const summer = forecast('2026-07-20T00:00:00Z');
  const winter = forecast('2026-01-20T00:00:00Z');
  const daily = (f: ReturnType<typeof forecast>, end: number) =>
    sumGrids([3, 6, 9, 12, 15, 18, 21, 24].map((d) => f.values('pre3h', end - 24 + d)));

  it('has plausible 24 h totals: rain in part of the region, at most tens of millimetres, more in summer than in winter', () => {
    const ends = completeWindowEnds('2026-07-20T00:00:00Z', LEADS, 24, 3, 0);
    expect(ends).toEqual([24, 48, 72]);
    let wettest = 0;
    for (const end of ends) {
      const total = daily(summer, end);
      const s = stats(total);
      expect(s.min).toBe(0);
      expect(s.max, `24 h to ${end}`).toBeLessThan(120);
      wettest = Math.max(wettest, s.max);
      const wet = total.filter((v) => v >= 0.1).length / total.length;
      expect(wet).toBeLessThan(0.95);
    }
    expect(wettest).toBeGreaterThan(10);
    // The front's rain band reaches most of the region within the three days.
    const three = sumGrids(ends.map((e) => daily(summer, e)));
    expect(three.filter((v) => v >= 0.1).length / three.length).toBeGreaterThan(0.5);
    const winterMax = Math.max(...ends.map((e) => stats(daily(winter, e)).max));
    expect(winterMax).toBeLessThan(wettest / 3);
    for (const lead of LEADS.slice(1)) expect(stats(summer.values('pre3h', lead)).min).toBe(0);
  });

  it('blows from the south-west ahead of the front and from the north-west behind it, at a plausible speed', () => {
    const k = at(108.93, 34.3);
    const ahead = summer.values('wdir', 6)[k]!;
    const behind = summer.values('wdir', 60)[k]!;
    expect(ahead).toBeGreaterThan(150);
    expect(ahead).toBeLessThan(260);
    expect(behind).toBeGreaterThan(270);
    expect(behind).toBeLessThanOrEqual(359);
    for (const lead of LEADS) {
      const s = stats(summer.values('wsp', lead));
      const d = stats(summer.values('wdir', lead));
      expect(s.min).toBeGreaterThanOrEqual(0);
      expect(s.max).toBeLessThan(25);
      expect(d.min).toBeGreaterThanOrEqual(0);
      expect(d.max).toBeLessThan(360);
    }
    // Speed and direction are one wind: its components point away from where it blows from.
    const { u, v } = windComponents(summer.values('wsp', 60)[k]!, behind);
    expect(u).toBeGreaterThan(0);
    expect(v).toBeLessThan(0);
  });
});

describe('demo forecast', () => {
  const ctx = { terrain: demoTerrain(), baseTime: new Date('2026-11-22T00:00:00Z'), seed: 1 };

  it('is reproducible from the seed and differs between lead times', () => {
    expect(demoField('tmp', 12, ctx).values).toEqual(demoField('tmp', 12, { ...ctx, terrain: demoTerrain() }).values);
    expect(demoField('tmp', 12, ctx).values).not.toEqual(demoField('tmp', 15, ctx).values);
    expect(demoFields(['tmp', 'rh'], 12, ctx).get('tmp')!.values).toEqual(demoField('tmp', 12, ctx).values);
  });

  it('keeps humidity and visibility in range', () => {
    const f = demoFields(['rh', 'vis'], 6, ctx);
    expect(stats(f.get('rh')!.values).min).toBeGreaterThanOrEqual(12);
    expect(stats(f.get('rh')!.values).max).toBeLessThanOrEqual(100);
    expect(stats(f.get('vis')!.values).min).toBeGreaterThanOrEqual(0.2);
  });

  it(
    'has cloud and a weather code that agree with its precipitation, temperature and each other at every cell',
    { timeout: 30_000 },
    () => {
      const seen = new Set<number>();
      for (const [baseTime, lead] of [
        ['2026-11-22T00:00:00Z', 6],
        ['2026-11-22T00:00:00Z', 30],
        ['2026-07-10T00:00:00Z', 18],
        ['2026-01-15T12:00:00Z', 42],
      ] as const) {
        const f = demoFields(['tcc', 'wp', 'pre3h', 'tmp', 'rh', 'vis'], lead, { ...ctx, baseTime: new Date(baseTime) });
        const [tcc, wp, pre, tmp, rh, vis] = ['tcc', 'wp', 'pre3h', 'tmp', 'rh', 'vis'].map((c) => f.get(c)!.values);
        const wrong: number[] = [];
        for (let k = 0; k < wp!.length; k++) {
          seen.add(wp![k]!);
          const cloudOk = tcc![k]! >= 0 && tcc![k]! <= 100 && (pre![k]! < 0.1 || tcc![k]! >= 85);
          const codeOk =
            codeAgreesWithPrecipitation(wp![k]!, pre![k]!) &&
            wp![k] === weatherCodeOf({ tcc: tcc![k]!, pre3h: pre![k]!, tmp: tmp![k]!, rh: rh![k]!, vis: vis![k]! });
          if (!cloudOk || !codeOk) wrong.push(k);
        }
        expect(wrong).toEqual([]);
      }
      // A forecaster's mix: clear and cloudy skies and some precipitation, not one code everywhere.
      expect([...seen].filter((c) => c <= 2).length).toBeGreaterThanOrEqual(2);
      expect([...seen].some((c) => c >= 3)).toBe(true);
    },
  );

  it('stores an amount only once its period lies after the run: the 3 h precipitation from lead 3, states from lead 0', () => {
    const run = forecast('2026-11-28T00:00:00Z');
    expect(LEADS.filter((l) => run.byLead.get(l)!.has('pre3h'))).toEqual(LEADS.slice(1));
    expect(LEADS.filter((l) => run.byLead.get(l)!.has('tmp'))).toEqual(LEADS);
    expect(LEADS.filter((l) => run.byLead.get(l)!.has('tmax'))).toEqual(run.daily);
    expect(demoStoredAt('pre12h', 9, new Set())).toBe(false);
    expect(demoStoredAt('pre12h', 12, new Set())).toBe(true);
  });

  it('bases the forecast at the latest 00 or 12 UTC', () => {
    expect(latestBaseTime(new Date('2026-11-22T13:45:00Z')).toISOString()).toBe('2026-11-22T12:00:00.000Z');
    expect(latestBaseTime(new Date('2026-11-22T03:00:00Z')).toISOString()).toBe('2026-11-22T00:00:00.000Z');
  });
});
