// npm run bench:product: the time to make one A4 map product (classes, province outlines with names, legend, title,
// scale bar, north arrow; PNG at 150 dpi and PDF) of the national 0.05° grid (1401 × 1201) and of the demo region
// (Shaanxi at 0.05°, 121 × 161, clipped to the province), each as a ratio to the WMS rendering of the same grid in the
// same run: one GetMap of the same box at the size of the product's map frame (sample, colour map, PNG encode).
// Product and WMS runs alternate, so both see the same load; the ratio is the median of the paired ratios.
import { rasterizeArea, type Grid, type GridGeometry, type PolygonGeometry } from '@agromet/grid';
import {
  classesOfColorMap,
  classifyValues,
  legendLabels,
  TEMPERATURE_PRODUCT_RAMP,
} from '../../apps/server/src/modules/products/product-rules.js';
import { classBBox, fitProjection, pageLayout } from '../../apps/server/src/core/cartography/layout.js';
import { renderMapProduct, PRODUCT_PNG_SCALE, type MapProductInput } from '../../apps/server/src/modules/products/render.js';
import { provincesGeoJson } from '../../apps/server/src/modules/gis/offline.js';
import { parseWmsRequest, type MapRequest } from '../../apps/server/src/modules/wms/params.js';
import { encodePng, renderGridPixels } from '../../apps/server/src/modules/wms/render.js';
import { temperatureRamp } from '../../apps/server/src/modules/grids/catalog.js';
import { nationalGrid } from './national.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 9);
const WARM_UP = Number(process.env.BENCH_WARMUP ?? 2);

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
const quartiles = (xs: number[]): [number, number] => {
  const s = [...xs].sort((a, b) => a - b);
  return [s[Math.floor((s.length - 1) / 4)]!, s[Math.ceil((3 * (s.length - 1)) / 4)]!];
};

interface Feature {
  properties: { name: string };
  geometry: PolygonGeometry | { type: 'MultiPolygon'; coordinates: number[][][][] };
}
const provinces = (JSON.parse(provincesGeoJson()) as { features: Feature[] }).features;
const boundaries = provinces.map((f) => ({
  name: f.properties.name,
  geometry: f.geometry as MapProductInput['regionOutline'] & object,
  level: 'province' as const,
}));

function shaanxiGrid(): { grid: Grid; outline: Feature['geometry'] } {
  const g: GridGeometry = { lon0: 105.5, lat0: 39.6, dx: 0.05, dy: -0.05, nx: 121, ny: 161 };
  const values = new Float32Array(g.nx * g.ny);
  for (let j = 0; j < g.ny; j++) {
    for (let i = 0; i < g.nx; i++) values[j * g.nx + i] = 18 - 0.9 * (j * 0.05) * 2 + 3 * Math.sin(i / 9) * Math.cos(j / 13);
  }
  return { grid: { ...g, values }, outline: provinces.find((f) => f.properties.name === '陕西')!.geometry };
}

function productInput(grid: Grid, title: string, outline: Feature['geometry'] | null): MapProductInput {
  const mask = outline ? rasterizeArea(grid, outline).inside : null;
  let min = Infinity;
  let max = -Infinity;
  for (let k = 0; k < grid.values.length; k++) {
    const v = grid.values[k]!;
    if (Number.isNaN(v) || (mask && !mask[k])) continue;
    if (v < min) min = v;
    if (v > max) max = v;
  }
  const classes = classesOfColorMap(TEMPERATURE_PRODUCT_RAMP, { min, max });
  const labels = legendLabels(classes.thresholds, 'zh');
  return {
    lang: 'zh',
    paper: { size: 'A4', orientation: 'landscape' },
    geometry: grid,
    classes: classifyValues(grid.values, classes.thresholds, null),
    field: { values: grid.values, thresholds: classes.thresholds },
    legend: { title: '最高气温', unit: '°C', classes: classes.colors.map((color, k) => ({ color, label: labels[k]! })) },
    title,
    subtitle: '起报时间：2026年11月24日08时　预报时效：0–24小时',
    customerName: '陕西省农业气象服务中心',
    issuer: '陕西省农业气象服务中心',
    issueTime: '2026年11月24日10时',
    footer: '本产品仅供参考，请以最新预报为准',
    boundaries,
    regionOutline: outline as MapProductInput['regionOutline'],
    clipRaster: outline as MapProductInput['regionOutline'],
    ...(outline ? { bbox: classBBox(grid, classifyValues(grid.values, classes.thresholds, mask))! } : {}),
  };
}

/** The same grid drawn by the WMS: the product's map box at the size of its map frame in pixels. */
function wmsRequest(input: MapProductInput): MapRequest {
  const frame = pageLayout(input.paper).map;
  const box = fitProjection(input.bbox ?? classBBox(input.geometry, input.classes)!, frame).visible;
  return parseWmsRequest({
    SERVICE: 'WMS',
    VERSION: '1.3.0',
    REQUEST: 'GetMap',
    LAYERS: 'x.y',
    CRS: 'CRS:84',
    BBOX: `${box.west},${box.south},${box.east},${box.north}`,
    WIDTH: String(Math.round(frame.w * PRODUCT_PNG_SCALE)),
    HEIGHT: String(Math.round(frame.h * PRODUCT_PNG_SCALE)),
    FORMAT: 'image/png',
    TRANSPARENT: 'TRUE',
  }) as MapRequest;
}

async function bench(name: string, grid: Grid, outline: Feature['geometry'] | null) {
  const input = productInput(grid, `${name}11月24日08时—11月25日08时最高气温预报`, outline);
  const req = wmsRequest(input);
  const product = async () => {
    const out = await renderMapProduct(input);
    return out.png.length + out.pdf!.length;
  };
  const wms = async () => encodePng(await renderGridPixels(grid, temperatureRamp, req), req.width, req.height);
  for (let k = 0; k < WARM_UP; k++) {
    await product();
    await wms();
  }
  const p: number[] = [];
  const w: number[] = [];
  const ratios: number[] = [];
  let bytes = 0;
  for (let k = 0; k < RUNS; k++) {
    let t0 = performance.now();
    bytes = await product();
    const tp = performance.now() - t0;
    t0 = performance.now();
    await wms();
    const tw = performance.now() - t0;
    p.push(tp);
    w.push(tw);
    ratios.push(tp / tw);
  }
  const [q1, q3] = quartiles(ratios);
  console.log(
    `${name.padEnd(6)} ${grid.nx}×${grid.ny}: product (PNG+PDF, ${Math.round(bytes / 1024)} KB) median ${median(p).toFixed(0)} ms, ` +
      `WMS ${req.width}×${req.height} median ${median(w).toFixed(0)} ms, ratio ${median(ratios).toFixed(1)}× (quartiles ${q1.toFixed(1)}–${q3.toFixed(1)})`,
  );
}

async function main() {
  console.log(`bench:product — ${RUNS} runs after ${WARM_UP} warm-up, product and WMS alternating`);
  await bench('全国', nationalGrid(), null);
  const { grid, outline } = shaanxiGrid();
  await bench('陕西', grid, outline);
}

await main();
