import { cellLat, cellLon, createGrid, rasterizeArea, type AreaShape, type Grid, type GridGeometry } from '@agromet/grid';
import { provincesGeoJson } from '../gis/offline.js';
import { SHAANXI_STATIONS } from '../stations/demo.js';

// A synthetic elevation grid of the demo region (Shaanxi) for zoning: the main landforms where they are, at
// plausible heights, with the demo stations standing at their published altitudes, masked to the province's
// outline. It is a stand-in for a real DEM (which a customer imports as the altitude factor), not a survey.

/** 0.025° (about 2.5 km) over the demo forecast region. */
export const DEMO_ELEVATION_GEOMETRY: GridGeometry = { lon0: 105.5, lat0: 39.6, dx: 0.025, dy: -0.025, nx: 241, ny: 321 };

const gauss = (d: number, w: number) => Math.exp(-(d * d) / (2 * w * w));
const smoothstep = (a: number, b: number, x: number) => {
  const t = Math.min(1, Math.max(0, (x - a) / (b - a)));
  return t * t * (3 - 2 * t);
};

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

/** The landforms, in metres, before the stations' altitudes are imposed. */
export function reliefAt(lon: number, lat: number): number {
  // Loess Plateau north of the Guanzhong plain, rising north-west towards the Baiyu Mountains and the Mu Us edge.
  const loess =
    smoothstep(34.6, 35.2, lat) * (1050 + 180 * smoothstep(36, 38, lat) + 260 * gauss(lat - 37.4, 0.5) * gauss(lon - 107.9, 0.8));
  // The Yellow River gorge along the eastern border cuts the plateau down to 400–600 m.
  const gorge = smoothstep(34.8, 35.2, lat) * 650 * gauss(lon - 110.55, 0.22);
  // Huanglong and Ziwu Mountains on the plateau.
  const ranges = 380 * gauss(lat - 35.9, 0.35) * (gauss(lon - 108.6, 0.3) + gauss(lon - 110.0, 0.25));
  // Guanzhong (Wei valley): 600 m at Baoji falling to 330 m at Tongguan.
  const wei = 600 - 270 * smoothstep(107.1, 110.3, lon);
  // Qinling: a crest near 33.9°N, highest at Taibai (107.8°E), lower to the east.
  const qinlingCrest = 33.9 + 0.15 * Math.sin((lon - 106) * 1.3);
  const qinling = (1500 + 1200 * gauss(lon - 107.8, 0.9) + 400 * gauss(lon - 108.9, 0.6)) * gauss(lat - qinlingCrest, 0.28);
  // Han River valley: Hanzhong basin ~500 m, Ankang ~300 m.
  const han = 520 - 230 * smoothstep(107.5, 109.2, lon);
  // Daba and Micang Mountains along the southern border.
  const daba = 1500 * gauss(lat - 32.2, 0.3) * (0.8 + 0.3 * gauss(lon - 108.5, 1.2));
  // Shangluo hills between the Qinling and the Han.
  const shangluo = 350 * gauss(lat - 33.6, 0.35) * gauss(lon - 110, 0.7);
  const lowland = lat > 34.5 ? Math.max(wei, loess - gorge + ranges) : Math.max(han, wei * smoothstep(33.9, 34.5, lat));
  const base = lowland + qinling + daba + shangluo;
  // Texture grows with the relief: gentle on plains, rugged in mountains.
  const rugged = 80 + 0.25 * Math.max(0, base - 500);
  return Math.max(180, base + rugged * texture(lon, lat));
}

/** The province's outline from the built-in province layer. */
function shaanxiOutline(): AreaShape {
  const doc = JSON.parse(provincesGeoJson()) as { features: Array<{ properties: { name?: string }; geometry: AreaShape }> };
  const f = doc.features.find((x) => x.properties.name === '陕西');
  if (!f) throw new Error('the province layer has no Shaanxi');
  return f.geometry;
}

/**
 * The demo elevation: the relief, bent so that every demo station's cell has the station's altitude (the difference
 * spread with a Gaussian of 0.1°), NaN outside Shaanxi.
 */
export function demoElevation(geometry: GridGeometry = DEMO_ELEVATION_GEOMETRY): Grid {
  const grid = createGrid(geometry);
  const inside = rasterizeArea(geometry, shaanxiOutline()).inside;
  const offsets = SHAANXI_STATIONS.map((s) => ({ lon: s.lon, lat: s.lat, d: s.alt - reliefAt(s.lon, s.lat) }));
  for (let j = 0; j < geometry.ny; j++) {
    const lat = cellLat(geometry, j);
    for (let i = 0; i < geometry.nx; i++) {
      const k = j * geometry.nx + i;
      if (!inside[k]) continue;
      const lon = cellLon(geometry, i);
      let h = reliefAt(lon, lat);
      for (const o of offsets) h += o.d * gauss(Math.hypot((lon - o.lon) * Math.cos((lat * Math.PI) / 180), lat - o.lat), 0.1);
      grid.values[k] = Math.round(Math.max(150, h));
    }
  }
  return grid;
}
