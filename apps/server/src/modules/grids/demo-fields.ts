import { createGrid, dayEndUtcHour, windDirection, type Grid, type GridGeometry } from '@agromet/grid';
import { weatherCodeOf } from './weather-code.js';

// Demo forecast fields a forecaster recognises (docs/grids.md#demo-data): continuous functions of place and time, so
// that the 3-hourly temperature, the daily extremes and the 3 h amounts are drawn from the same weather.

/** The demo region: Shaanxi at 0.05°, rows north to south. */
export const DEMO_GEOMETRY: GridGeometry = { lon0: 105.5, lat0: 39.6, dx: 0.05, dy: -0.05, nx: 121, ny: 161 };
export const DEMO_SEED = 20261122;
/** Temperature falls by 0.6 °C per 100 m of altitude. */
export const LAPSE_RATE_PER_M = 0.006;

/** Small, fast, seedable PRNG (mulberry32): the same seed gives the same demo everywhere. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Smooth value noise on a coarse lattice, bilinearly interpolated; amplitude about ±1. */
function valueNoise(random: () => number, cells: number) {
  const n = cells + 2;
  const lattice = Float64Array.from({ length: n * n }, () => random() * 2 - 1);
  const at = (a: number, b: number) => lattice[Math.min(b, n - 1) * n + Math.min(a, n - 1)]!;
  return (u: number, v: number) => {
    const x = Math.min(Math.max(u, 0), 1) * cells;
    const y = Math.min(Math.max(v, 0), 1) * cells;
    const i = Math.floor(x);
    const j = Math.floor(y);
    const fx = x - i;
    const fy = y - j;
    return (at(i, j) * (1 - fx) + at(i + 1, j) * fx) * (1 - fy) + (at(i, j + 1) * (1 - fx) + at(i + 1, j + 1) * fx) * fy;
  };
}

const gauss = (d: number, w: number) => Math.exp(-(d * d) / (2 * w * w));

/** A noise function of the region's unit square evaluated at every demo cell. */
function atCells(noise: (u: number, v: number) => number): Float64Array {
  const g = DEMO_GEOMETRY;
  const out = new Float64Array(g.nx * g.ny);
  for (let j = 0; j < g.ny; j++) {
    for (let i = 0; i < g.nx; i++) out[j * g.nx + i] = noise((i * g.dx) / 6, (-j * g.dy) / 8);
  }
  return out;
}
const cellIndex = (lon: number, lat: number) =>
  Math.round((lat - DEMO_GEOMETRY.lat0) / DEMO_GEOMETRY.dy) * DEMO_GEOMETRY.nx + Math.round((lon - DEMO_GEOMETRY.lon0) / DEMO_GEOMETRY.dx);

/** A place whose altitude the terrain must have (a station: longitude, latitude in degrees, altitude in metres). */
export interface TerrainAnchor {
  lon: number;
  lat: number;
  alt: number;
}

/**
 * Terrain in metres shaped like the region: the Loess Plateau in the north, the Wei valley, the Qinling ridge
 * (Taibai near 107.8°E), the Hanzhong basin and the Daba mountains in the south. Each anchor's cell is brought to the
 * anchor's altitude (the demo passes its stations: Huashan's 2065 m peak rises out of the valley), so station and grid
 * agree.
 */
export function demoTerrain(seed = DEMO_SEED, anchors: readonly TerrainAnchor[] = []): Grid {
  const g = createGrid(DEMO_GEOMETRY, 0);
  const noise = valueNoise(prng(seed), 24);
  const fine = valueNoise(prng(seed + 1), 70);
  for (let j = 0; j < g.ny; j++) {
    const lat = g.lat0 + j * g.dy;
    for (let i = 0; i < g.nx; i++) {
      const lon = g.lon0 + i * g.dx;
      const plateau = lat > 34.9 ? 1150 + 250 * Math.min(1, (lat - 34.9) / 1.5) : 0;
      const weiValley = 380 * gauss(lat - 34.35, 0.25);
      const qinling = 2400 * gauss(lat - 33.85, 0.22) * (0.6 + 0.4 * gauss(lon - 107.8, 1.2));
      const hanzhong = 550 * gauss(lat - 33.1, 0.18);
      const daba = 1500 * gauss(lat - 32.2, 0.35);
      const base = Math.max(plateau, weiValley, hanzhong, 300) + qinling + daba;
      const h = base + 220 * noise((lon - 105.5) / 6, (39.6 - lat) / 8) + 90 * fine((lon - 105.5) / 6, (39.6 - lat) / 8);
      g.values[j * g.nx + i] = Math.max(150, h);
    }
  }
  // Local bumps (a few cells wide) bring each anchor's cell to its altitude; stations are far enough apart not to meet.
  for (const s of anchors) {
    const k0 = cellIndex(s.lon, s.lat);
    const diff = s.alt - g.values[k0]!;
    const cj = Math.floor(k0 / g.nx);
    const ci = k0 % g.nx;
    for (let j = Math.max(0, cj - 4); j <= Math.min(g.ny - 1, cj + 4); j++) {
      for (let i = Math.max(0, ci - 4); i <= Math.min(g.nx - 1, ci + 4); i++) {
        g.values[j * g.nx + i] = Math.max(150, g.values[j * g.nx + i]! + diff * gauss(Math.hypot(i - ci, j - cj), 1.1));
      }
    }
  }
  for (let k = 0; k < g.values.length; k++) g.values[k] = Math.round(g.values[k]!);
  return g;
}

export interface DemoFieldContext {
  terrain: Grid;
  baseTime: Date;
  seed: number;
}

interface RainCell {
  start: number;
  lon0: number;
  lat0: number;
  /** mm/h at the centre, at the height of the cell's life. */
  peak: number;
  life: number;
}

/** Showers and storms drifting east-north-east across the region over the three days. */
function rainCells(seed: number): RainCell[] {
  const random = prng(seed + 7);
  return Array.from({ length: 5 }, () => ({
    start: random() * 60,
    lon0: 105 + random() * 3,
    lat0: 31.8 + random() * 4,
    peak: 1.5 + random() * 6,
    life: 12 + random() * 18,
  }));
}

/** Day of the year (0 = 1 January) with its fraction. */
function dayOfYear(ms: number): number {
  const d = new Date(ms);
  return (ms - Date.UTC(d.getUTCFullYear(), 0, 1)) / 86_400_000;
}

/** −1 in mid-January, +1 in mid-July: the temperature's season. */
const seasonOf = (ms: number) => -Math.cos((2 * Math.PI * (dayOfYear(ms) - 15)) / 365.25);
/** 0.15 in winter to 1 in early August: how wet the season is (Shaanxi's rain falls mostly July to September). */
const wetnessOf = (ms: number) => 0.15 + 0.85 * ((1 + Math.cos((2 * Math.PI * (dayOfYear(ms) - 215)) / 365.25)) / 2);

/** The daily temperature cycle, −1 at 05:30 and +1 at 14:30 local solar time. */
function diurnalShape(localHour: number): number {
  const p = (((localHour - 5.5) % 24) + 24) % 24;
  return p < 9 ? -Math.cos((Math.PI * p) / 9) : Math.cos((Math.PI * (p - 9)) / 15);
}

/** The demo's cold front: at 40°N 30 h after the run, then south by a quarter of a degree an hour. */
const FRONT = { enters: 30, lat: 40, degreesPerHour: 0.25 };

/** Latitude of the cold front's leading edge `hours` after the run. */
const frontLatitude = (hours: number) => FRONT.lat - Math.max(0, hours - FRONT.enters) * FRONT.degreesPerHour;

/**
 * When the demo's cold front reaches a latitude (north of 40°N: when it enters): what the demo's dated texts forecast
 * (the bulletin's cold spell, the WeChat reminder), so that they agree with the grids of the run.
 */
export function demoFrontArrival(baseTime: Date, lat: number): Date {
  const hours = FRONT.enters + Math.max(0, FRONT.lat - lat) / FRONT.degreesPerHour;
  return new Date(baseTime.getTime() + hours * 3_600_000);
}

/** What the weather at one time shares across cells (computed once per time). */
interface Moment {
  season: number;
  wetness: number;
  frontLat: number;
  utcHour: number;
  /** The rain cells alive: centre and strength now. */
  showers: Array<{ lon: number; lat: number; strength: number }>;
  /** Noise fields of this moment: the two 12-hourly fields around it and the blend between. */
  k: number;
  f: number;
}

/**
 * The weather of one demo forecast as functions of a cell and of the hours since the run: a cold front entering from
 * the north-west around 30 h and crossing the region by 72 h, showers, the season of the run's date, and the daily
 * cycle in local solar time.
 */
class DemoWeather {
  private readonly base: number;
  private readonly cells: RainCell[];
  /** Noise fields evaluated at every cell, made when first needed. */
  private readonly noises = new Map<number, Float64Array>();
  private readonly moments = new Map<number, Moment>();
  private readonly rainNoise: Float64Array;

  constructor(readonly ctx: DemoFieldContext) {
    this.base = ctx.baseTime.getTime();
    this.cells = rainCells(ctx.seed);
    this.rainNoise = atCells(valueNoise(prng(ctx.seed + 11), 8));
  }

  private moment(hours: number): Moment {
    let m = this.moments.get(hours);
    if (m) return m;
    const ms = this.base + hours * 3_600_000;
    const d = new Date(ms);
    const showers: Moment['showers'] = [];
    for (const c of this.cells) {
      const age = hours - c.start;
      if (age < 0 || age > c.life) continue;
      showers.push({ lon: c.lon0 + age * 0.09, lat: c.lat0 + age * 0.03, strength: c.peak * Math.sin((Math.PI * age) / c.life) });
    }
    m = {
      season: seasonOf(ms),
      wetness: wetnessOf(ms),
      frontLat: frontLatitude(hours),
      utcHour: d.getUTCHours() + d.getUTCMinutes() / 60,
      showers,
      k: Math.floor(hours / 12),
      f: hours / 12 - Math.floor(hours / 12),
    };
    this.moments.set(hours, m);
    return m;
  }

  /** A noise field drifting in time: fields every 12 h, blended linearly between. */
  private noise(kind: number, k: number, m: Moment): number {
    return this.field(kind, m.k)[k]! * (1 - m.f) + this.field(kind, m.k + 1)[k]! * m.f;
  }

  private field(kind: number, n: number): Float64Array {
    const key = kind * 1000 + n;
    let values = this.noises.get(key);
    if (!values) this.noises.set(key, (values = atCells(valueNoise(prng(this.ctx.seed + key * 7919), 12))));
    return values;
  }

  /** 0 ahead of the front, 1 well behind it (north of it), smooth over about 0.3°. */
  behindFront(lat: number, hours: number): number {
    return 1 / (1 + Math.exp(-(lat - this.moment(hours).frontLat) / 0.15));
  }

  /** Rain rate in mm/h. */
  rainRate(k: number, lon: number, lat: number, hours: number): number {
    const m = this.moment(hours);
    let rate = 0;
    for (const c of m.showers) {
      // A Gaussian 0.35° wide (a little narrower north–south); beyond four widths it is nothing.
      const dx = lon - c.lon;
      const dy = (lat - c.lat) * 1.2;
      const d2 = dx * dx + dy * dy;
      if (d2 < 1.96) rate += c.strength * Math.exp(-d2 / (2 * 0.35 * 0.35));
    }
    // A band of steady rain just behind the front, broken where the noise is low.
    const near = lat - m.frontLat - 0.3;
    if (Math.abs(near) < 1.5) rate += 1.4 * gauss(near, 0.3) * Math.max(0, 0.6 + this.rainNoise[k]!);
    return rate * m.wetness;
  }

  temperature(k: number, lon: number, lat: number, hours: number): number {
    const m = this.moment(hours);
    const h = this.ctx.terrain.values[k]!;
    const seaLevelMean = 16.2 - 0.45 * (lat - 34.3);
    const annualAmplitude = 13.7 + 1.1 * (lat - 34.3);
    const front = 6 / (1 + Math.exp(-(lat - m.frontLat) / 0.15));
    // A wider daily range on the dry plateau, a narrower one under rain.
    const range = (4.5 + 1.5 * Math.min(1, Math.max(0, (lat - 35) / 2))) * (1 - 0.6 * Math.min(1, this.rainRate(k, lon, lat, hours)));
    return (
      seaLevelMean +
      annualAmplitude * m.season -
      front -
      LAPSE_RATE_PER_M * h +
      range * diurnalShape(m.utcHour + lon / 15) +
      1.2 * this.noise(1, k, m)
    );
  }

  /** Wind components in m/s: light south-westerlies ahead of the front, north-westerlies behind it, stronger up high. */
  wind(k: number, lon: number, lat: number, hours: number): { u: number; v: number } {
    const m = this.moment(hours);
    const h = this.ctx.terrain.values[k]!;
    const behind = this.behindFront(lat, hours);
    const surge = 0.6 + 0.6 * gauss(lat - m.frontLat, 1.2);
    const u0 = 1.2 * (1 - behind) + 4.5 * surge * behind;
    const v0 = 1.8 * (1 - behind) - 6 * surge * behind;
    const exposure = Math.max(0.7, 1 + 0.0003 * (h - 500));
    return {
      u: (u0 + 1.5 * this.noise(2, k, m)) * exposure,
      v: (v0 + 1.5 * this.noise(3, k, m)) * exposure,
    };
  }

  /** Rain in mm over the 3 h ending at `hours` (the rate integrated over six half hours). */
  rain3h(k: number, lon: number, lat: number, hours: number): number {
    let sum = 0;
    for (let s = 0; s < 6; s++) sum += this.rainRate(k, lon, lat, hours - 3 + 0.25 + 0.5 * s) * 0.5;
    return sum;
  }
}

/** To tenths (as MICAPS files carry them); monotone, so the rounded extremes still bound the rounded temperatures. */
const tenth = (v: number) => Math.round(v * 10) / 10;

/**
 * Plausible values of one factor at one lead time; same inputs, same field. `tmax`/`tmin` at lead L are the extremes
 * of the forecast day ending at L (sampled every hour, the 3-hourly times included), so tmin ≤ tmp ≤ tmax.
 */
export function demoField(factor: string, leadHours: number, ctx: DemoFieldContext): Grid {
  return demoFields([factor], leadHours, ctx).get(factor)!;
}

/** Several factors at one lead, sharing the weather (cheaper than one call each). */
export function demoFields(factors: readonly string[], leadHours: number, ctx: DemoFieldContext): Map<string, Grid> {
  const weather = new DemoWeather(ctx);
  const out = new Map(factors.map((f) => [f, createGrid(DEMO_GEOMETRY, Number.NaN)]));
  const want = (f: string) => out.get(f)?.values;
  const [tmp, tmax, tmin, pre3h, wsp, wdir, rh, vis, tcc, wp] = [
    'tmp',
    'tmax',
    'tmin',
    'pre3h',
    'wsp',
    'wdir',
    'rh',
    'vis',
    'tcc',
    'wp',
  ].map(want);
  const sky = tcc || wp;
  const g = DEMO_GEOMETRY;
  for (let j = 0; j < g.ny; j++) {
    const lat = g.lat0 + j * g.dy;
    for (let i = 0; i < g.nx; i++) {
      const lon = g.lon0 + i * g.dx;
      const k = j * g.nx + i;
      const temperature = tmp || wp ? tenth(weather.temperature(k, lon, lat, leadHours)) : 0;
      if (tmp) tmp[k] = temperature;
      if (tmax || tmin) {
        let hi = -Infinity;
        let lo = Infinity;
        for (let s = 0; s < 24; s++) {
          const t = weather.temperature(k, lon, lat, leadHours - s);
          if (t > hi) hi = t;
          if (t < lo) lo = t;
        }
        if (tmax) tmax[k] = tenth(hi);
        if (tmin) tmin[k] = tenth(lo);
      }
      const rain = pre3h || rh || vis || sky ? weather.rain3h(k, lon, lat, leadHours) : 0;
      const amount = rain < 0.05 ? 0 : tenth(rain);
      if (pre3h) pre3h[k] = amount;
      if (wsp || wdir) {
        const { u, v } = weather.wind(k, lon, lat, leadHours);
        if (wsp) wsp[k] = tenth(Math.hypot(u, v));
        if (wdir) wdir[k] = Math.round(windDirection(u, v)) % 360;
      }
      if (rh || vis || sky) {
        const localHour = (((leadHours + ctx.baseTime.getUTCHours() + lon / 15) % 24) + 24) % 24;
        const wetness = 62 - 18 * diurnalShape(localHour) + 30 * Math.min(1, rain / 2) - 10 * weather.behindFront(lat, leadHours);
        const humidity = Math.min(100, Math.max(12, wetness));
        const visibility = tenth(Math.max(0.2, Math.min(30, 28 - 0.22 * humidity - 3 * rain)));
        if (rh) rh[k] = Math.round(humidity);
        if (vis) vis[k] = visibility;
        // Cloud grows with humidity; where it precipitates the sky is (nearly) covered. The code follows from them.
        const cloud = Math.round(Math.min(100, Math.max(0, (humidity - 30) * 1.6, amount > 0 ? 85 + 15 * Math.min(1, rain / 5) : 0)));
        if (tcc) tcc[k] = cloud;
        if (wp) wp[k] = weatherCodeOf({ tcc: cloud, pre3h: amount, tmp: temperature, rh: Math.round(humidity), vis: visibility });
      }
    }
  }
  return out;
}

/** Factors the demo stores once per forecast day, at the day's end (docs/grids.md#demo-data). */
export const DEMO_DAILY_FACTORS: ReadonlySet<string> = new Set(['tmax', 'tmin']);

/** Hours an amount covers, ending at its lead (`pre3h`: 3); 0 for a state such as temperature. */
export const amountHours = (factor: string): number => Number(/^pre(\d+)h$/.exec(factor)?.[1] ?? 0);

/**
 * Whether the demo stores a factor at a lead: a daily extreme only at the ends of the forecast days (`dailyLeads`), an
 * amount only once its whole period lies after the run (the 3 h precipitation from lead 3: at lead 0 the 3 h before
 * the run are not forecast), every other element at every lead.
 */
export function demoStoredAt(factor: string, lead: number, dailyLeads: ReadonlySet<number>): boolean {
  if (DEMO_DAILY_FACTORS.has(factor)) return dailyLeads.has(lead);
  return lead >= amountHours(factor);
}

/** The leads at which the demo stores daily extremes: the ends of the forecast days within the forecast. */
export function dailyExtremeLeads(baseTime: Date, maxLead: number, dayEndLocalHour = 8): number[] {
  const endUtc = dayEndUtcHour(dayEndLocalHour);
  const first = (((endUtc - baseTime.getUTCHours()) % 24) + 24) % 24 || 24;
  const out: number[] = [];
  for (let l = first; l <= maxLead; l += 24) out.push(l);
  return out;
}

/** The latest 00 or 12 UTC at or before `now`: the base time of the demo forecast. */
export function latestBaseTime(now: Date): Date {
  const t = new Date(now);
  t.setUTCMinutes(0, 0, 0);
  t.setUTCHours(t.getUTCHours() >= 12 ? 12 : 0);
  return t;
}
