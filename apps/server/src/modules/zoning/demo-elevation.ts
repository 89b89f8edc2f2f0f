import { cellLat, cellLon, createGrid, rasterizeArea, type AreaShape, type Grid, type GridGeometry } from '@agromet/grid';
import { provincesLayer } from '../gis/offline.js';

// A synthetic elevation grid of the demo region (Shaanxi) for zoning: the main landforms where they are, at
// plausible heights, a smooth relief masked to the province's outline. It is a stand-in for a real DEM (which a
// customer imports as the altitude factor), not a survey. The stations are not imposed on it: the gridding regresses
// on each station's own altitude from the station table (Huashan's 2065 m summit station stands far above the 2.5 km
// cell around it, as on any DEM), so nothing is bent under them (docs/zoning.md#the-demo-elevation).

/** 0.025° (about 2.5 km) over the demo forecast region. */
export const DEMO_ELEVATION_GEOMETRY: GridGeometry = { lon0: 105.5, lat0: 39.6, dx: 0.025, dy: -0.025, nx: 241, ny: 321 };

const gauss = (d: number, w: number) => Math.exp(-(d * d) / (2 * w * w));
const smoothstep = (a: number, b: number, x: number) => {
  const t = Math.min(1, Math.max(0, (x - a) / (b - a)));
  return t * t * (3 - 2 * t);
};

/** Linear between the given (x, value) points, constant beyond the first and last. */
function piecewise(x: number, points: ReadonlyArray<readonly [number, number]>): number {
  if (x <= points[0]![0]) return points[0]![1];
  for (let k = 1; k < points.length; k++) {
    const [x1, y1] = points[k]!;
    const [x0, y0] = points[k - 1]!;
    if (x <= x1) return y0 + ((y1 - y0) * (x - x0)) / (x1 - x0);
  }
  return points[points.length - 1]![1];
}

/** Distance in degrees (longitude scaled by the cosine of 34°N) from a point to a segment. */
function distanceToSegment(lon: number, lat: number, a: readonly [number, number], b: readonly [number, number]): number {
  const c = Math.cos((34 * Math.PI) / 180);
  const [px, py] = [(lon - a[0]) * c, lat - a[1]];
  const [vx, vy] = [(b[0] - a[0]) * c, b[1] - a[1]];
  const t = Math.max(0, Math.min(1, (px * vx + py * vy) / (vx * vx + vy * vy)));
  return Math.hypot(px - t * vx, py - t * vy);
}

/** Deterministic value noise (hashed lattice, smooth interpolation), about ±1. */
function noise(x: number, y: number, seed: number): number {
  const hash = (i: number, j: number) => {
    let h = (Math.imul(i, 374761393) + Math.imul(j, 668265263) + Math.imul(seed, 1442695041)) | 0;
    h = Math.imul(h ^ (h >>> 13), 1274126177);
    return ((h ^ (h >>> 16)) >>> 0) / 2147483648 - 1;
  };
  const i = Math.floor(x);
  const j = Math.floor(y);
  const fx = x - i;
  const fy = y - j;
  const sx = fx * fx * (3 - 2 * fx);
  const sy = fy * fy * (3 - 2 * fy);
  const top = hash(i, j) * (1 - sx) + hash(i + 1, j) * sx;
  const bottom = hash(i, j + 1) * (1 - sx) + hash(i + 1, j + 1) * sx;
  return top * (1 - sy) + bottom * sy;
}

/** Four octaves of noise: ridges and valleys at 40 km down to 5 km. */
function texture(lon: number, lat: number): number {
  let sum = 0;
  let amp = 1;
  let freq = 2.5;
  for (let o = 0; o < 4; o++) {
    sum += amp * noise(lon * freq, lat * freq, 17 + o);
    amp *= 0.5;
    freq *= 2;
  }
  return sum / 1.875;
}

/** The landforms, in metres. */
export function reliefAt(lon: number, lat: number): number {
  // Loess Plateau north of the Guanzhong plain, rising north-west towards the Baiyu Mountains and the Mu Us edge.
  const loess =
    smoothstep(34.6, 35.2, lat) * (1050 + 180 * smoothstep(36, 38, lat) + 260 * gauss(lat - 37.4, 0.5) * gauss(lon - 107.9, 0.8));
  // The Yellow River gorge along the eastern border cuts the plateau down to 400–600 m.
  const gorge = smoothstep(34.8, 35.2, lat) * 650 * gauss(lon - 110.55, 0.22);
  // Huanglong and Ziwu Mountains on the plateau.
  const ranges = 380 * gauss(lat - 35.9, 0.35) * (gauss(lon - 108.6, 0.3) + gauss(lon - 110.0, 0.25));
  // Guanzhong (Wei valley): 600 m at Baoji, 440 m at Wugong, 400 m at Xi'an, 340 m at Huayin, 330 m at Tongguan.
  const wei = piecewise(lon, [
    [107.1, 600],
    [108.2, 440],
    [108.9, 400],
    [110.1, 340],
    [110.5, 330],
  ]);
  // Qinling: a crest near 33.9°N, turning north-east to the Huashan massif (34.3°N at 110.3°E), highest at Taibai
  // (107.8°E). Its north face rises abruptly out of the Wei valley (a fault scarp, about 10 km wide); the south slope
  // falls gently over some 40 km to the Han valley, more steeply in the east above the Shangluo basins.
  const qinlingCrest = 33.9 + 0.35 * smoothstep(109.0, 110.3, lon);
  const qinlingHeight = 1500 + 1200 * gauss(lon - 107.8, 0.9) + 400 * gauss(lon - 108.9, 0.6);
  const fromCrest = lat - qinlingCrest;
  const qinling = qinlingHeight * gauss(fromCrest, fromCrest > 0 ? 0.1 : 0.28 - 0.06 * smoothstep(108.5, 110, lon));
  // Han River valley: Hanzhong basin ~500 m, Ankang ~290 m.
  const han = 500 - 210 * smoothstep(107.5, 109.2, lon);
  // Daba and Micang Mountains along the southern border, their north flank falling to the Han.
  const fromDaba = lat - 32.2;
  const daba = 1500 * gauss(fromDaba, fromDaba > 0 ? 0.2 : 0.3) * (0.8 + 0.3 * gauss(lon - 108.5, 1.2));
  // Shangluo hills between the Qinling and the Han, cut by the Danjiang valley (Shangzhou, 33.87°N 109.97°E, down
  // south-east to the provincial border).
  const danjiang = gauss(distanceToSegment(lon, lat, [109.6, 34.0], [111.0, 33.3]), 0.07);
  const shangluo = 350 * gauss(lat - 33.6, 0.35) * gauss(lon - 110, 0.7);
  const valleys = danjiang * 0.75;
  const lowland = lat > 34.5 ? Math.max(wei, loess - gorge + ranges) : Math.max(han, wei * smoothstep(33.9, 34.5, lat));
  const base = (lowland + qinling + daba + shangluo) * (1 - valleys) + 700 * valleys;
  // Texture grows with the relief: gentle on plains, rugged in mountains.
  const rugged = 80 + 0.25 * Math.max(0, base - 500);
  return Math.max(180, base + rugged * texture(lon, lat));
}

/** The province's outline from the built-in province layer. */
function shaanxiOutline(): AreaShape {
  const g = provincesLayer().features.find((x) => x.properties?.name === '陕西')?.geometry;
  if (!g || (g.type !== 'Polygon' && g.type !== 'MultiPolygon')) throw new Error('the province layer has no Shaanxi outline');
  return g as AreaShape;
}

/** The demo elevation: the relief (rounded to the metre, at least 150 m) inside Shaanxi, NaN outside. */
export function demoElevation(geometry: GridGeometry = DEMO_ELEVATION_GEOMETRY): Grid {
  const grid = createGrid(geometry);
  const inside = rasterizeArea(geometry, shaanxiOutline()).inside;
  for (let j = 0; j < geometry.ny; j++) {
    const lat = cellLat(geometry, j);
    for (let i = 0; i < geometry.nx; i++) {
      const k = j * geometry.nx + i;
      if (inside[k]) grid.values[k] = Math.round(Math.max(150, reliefAt(cellLon(geometry, i), lat)));
    }
  }
  return grid;
}
