import { createGrid, type Grid, type GridGeometry } from '@agromet/grid';

/** The demo region: Shaanxi at 0.05°, rows north to south. */
export const DEMO_GEOMETRY: GridGeometry = { lon0: 105.5, lat0: 39.6, dx: 0.05, dy: -0.05, nx: 121, ny: 161 };
export const DEMO_SEED = 20261122;

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
  return (u: number, v: number) => {
    const x = Math.min(Math.max(u, 0), 1) * cells;
    const y = Math.min(Math.max(v, 0), 1) * cells;
    const i = Math.floor(x);
    const j = Math.floor(y);
    const fx = x - i;
    const fy = y - j;
    const at = (a: number, b: number) => lattice[Math.min(b, n - 1) * n + Math.min(a, n - 1)]!;
    return (at(i, j) * (1 - fx) + at(i + 1, j) * fx) * (1 - fy) + (at(i, j + 1) * (1 - fx) + at(i + 1, j + 1) * fx) * fy;
  };
}

const gauss = (d: number, w: number) => Math.exp(-(d * d) / (2 * w * w));

/**
 * Terrain in metres shaped like the region: the Loess Plateau in the north, the Wei valley, the Qinling ridge
 * (Taibai near 107.8°E), the Hanzhong basin and the Daba mountains in the south.
 */
export function demoTerrain(seed = DEMO_SEED): Grid {
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
      g.values[j * g.nx + i] = Math.max(150, Math.round(h));
    }
  }
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
  peak: number;
  life: number;
}

/** Rain cells drifting east-north-east across the region over the three days. */
function rainCells(seed: number): RainCell[] {
  const random = prng(seed + 7);
  return Array.from({ length: 4 }, () => ({
    start: random() * 60,
    lon0: 105 + random() * 3,
    lat0: 31.8 + random() * 4,
    peak: 4 + random() * 14,
    life: 12 + random() * 18,
  }));
}

function rainAt(lon: number, lat: number, hours: number, cells: readonly RainCell[]): number {
  let total = 0;
  for (const c of cells) {
    const age = hours - c.start;
    if (age < 0 || age > c.life) continue;
    const strength = c.peak * Math.sin((Math.PI * age) / c.life);
    total += strength * gauss(Math.hypot(lon - (c.lon0 + age * 0.09), (lat - (c.lat0 + age * 0.03)) * 1.2), 0.35);
  }
  return total < 0.05 ? 0 : total;
}

/** Plausible values of one factor at one lead time; same inputs, same field. */
export function demoField(factor: string, leadHours: number, ctx: DemoFieldContext): Grid {
  const g = createGrid(DEMO_GEOMETRY, 0);
  const noise = valueNoise(prng(ctx.seed + factor.length * 31 + leadHours), 12);
  const valid = new Date(ctx.baseTime.getTime() + leadHours * 3_600_000);
  const utcHour = valid.getUTCHours() + valid.getUTCMinutes() / 60;
  // A cold front crosses from the north-west around 36–48 h.
  const frontLat = 40 - Math.max(0, leadHours - 30) * 0.25;
  const cells = rainCells(ctx.seed);
  const needsRain = factor === 'pre3h' || factor === 'wsp' || factor === 'rh' || factor === 'vis';
  for (let j = 0; j < g.ny; j++) {
    const lat = g.lat0 + j * g.dy;
    const behindFront = lat > frontLat ? 1 : 0;
    const seaLevel = 17 - 1.05 * (lat - 32) - 5 * behindFront;
    const v = (39.6 - lat) / 8;
    for (let i = 0; i < g.nx; i++) {
      const lon = g.lon0 + i * g.dx;
      const k = j * g.nx + i;
      const h = ctx.terrain.values[k]!;
      const u = (lon - 105.5) / 6;
      const diurnal = Math.sin((2 * Math.PI * (((utcHour + lon / 15) % 24) - 9)) / 24);
      const rain = needsRain ? rainAt(lon, lat, leadHours, cells) : 0;
      const rh = () =>
        Math.min(100, Math.max(12, 62 - 18 * diurnal + 30 * Math.min(1, rain / 2) + 8 * noise(u * 0.7, v * 0.7) - 10 * behindFront));
      let value: number;
      switch (factor) {
        case 'tmp':
          value = seaLevel - 0.0065 * h + 5.5 * diurnal + 1.2 * noise(u, v);
          break;
        case 'tmax':
          value = seaLevel - 0.0065 * h + 5.5 + 1.2 * noise(u, v);
          break;
        case 'tmin':
          value = seaLevel - 0.0065 * h - 5.5 + 1.2 * noise(u, v);
          break;
        case 'pre3h':
          value = rain;
          break;
        case 'wsp':
          value = Math.max(0, 2 + 0.0015 * h + 5 * behindFront * gauss(lat - frontLat, 1.2) + 1.5 * noise(u, v) + rain * 0.3);
          break;
        case 'rh':
          value = rh();
          break;
        case 'vis':
          value = Math.max(0.2, Math.min(30, 28 - 0.22 * rh() - 3 * rain + 3 * noise(u * 1.5, v * 1.5)));
          break;
        default:
          value = Number.NaN;
      }
      g.values[k] = Math.round(value * 10) / 10;
    }
  }
  return g;
}

/** The latest 00 or 12 UTC at or before `now`: the base time of the demo forecast. */
export function latestBaseTime(now: Date): Date {
  const t = new Date(now);
  t.setUTCMinutes(0, 0, 0);
  t.setUTCHours(t.getUTCHours() >= 12 ? 12 : 0);
  return t;
}
