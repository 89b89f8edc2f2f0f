// npm run bench:contours: the WMS contours style as vector isolines (issue 30) against the pixel-band isolines it
// replaced (bench/src/reference/pixel-contours.ts), the same 256 × 256 EPSG:3857 tiles of the national grid rendered
// and PNG-encoded by both, alternating run by run; the median of the run-by-run time ratios, and nearest's time for
// scale. BENCH_RUNS (default 41) runs per tile.
import { cellLat, cellLon, createGrid, type ColorMap } from '@agromet/grid';
import { contourLevels } from '../../apps/server/src/modules/wms/contours.js';
import { lonLatToMercator, type MapRequest } from '../../apps/server/src/modules/wms/params.js';
import { encodePng, renderGridPixels, sampleBilinear } from '../../apps/server/src/modules/wms/render.js';
import { drawContours as drawPixelContours } from './reference/pixel-contours.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 41);
const WARM_UP = 5;

const ramp: ColorMap = {
  type: 'ramp',
  stops: [
    { value: -30, color: '#3b4cc0' },
    { value: 40, color: '#7a0403' },
  ],
};

function tile(z: number, lon: number, lat: number): Pick<MapRequest, 'bbox' | 'crs' | 'width' | 'height'> {
  // The web-mercator tile of zoom z holding (lon, lat), as OpenLayers asks for it.
  const span = (2 * Math.PI * 6378137) / 2 ** z;
  const [x, y] = lonLatToMercator(lon, lat);
  const minX = Math.floor((x + Math.PI * 6378137) / span) * span - Math.PI * 6378137;
  const minY = Math.floor((y + Math.PI * 6378137) / span) * span - Math.PI * 6378137;
  return { bbox: { minX, minY, maxX: minX + span, maxY: minY + span }, crs: 'EPSG:3857', width: 256, height: 256 };
}

const median = (v: number[]) => [...v].sort((a, b) => a - b)[v.length >> 1]!;

async function main() {
  // The national grid of bench:grid (a smooth field), and a busy one: waves of 0.9° adding many small rings.
  for (const busy of [false, true]) await bench(busy);
}

async function bench(busy: boolean) {
  const grid = createGrid({ lon0: 70, lat0: 60, dx: 0.05, dy: -0.05, nx: 1401, ny: 1201 });
  for (let j = 0; j < grid.ny; j++) {
    for (let i = 0; i < grid.nx; i++) {
      const [lon, lat] = [cellLon(grid, i), cellLat(grid, j)];
      grid.values[j * grid.nx + i] =
        28 - 0.6 * (lat - 20) + 3 * Math.sin(lon / 3) + (busy ? 1.5 * Math.sin(lon * 7) * Math.cos(lat * 5) : 0);
    }
  }
  const levels = contourLevels('tmp', ramp);
  const oldStyle = (req: ReturnType<typeof tile>) => {
    const out = new Uint8ClampedArray(req.width * req.height * 4);
    drawPixelContours(out, sampleBilinear(grid, req), req.width, req.height, levels);
    return encodePng(out, req.width, req.height);
  };
  const newStyle = async (req: ReturnType<typeof tile>) =>
    encodePng(await renderGridPixels(grid, ramp, req, 'contours', levels), req.width, req.height);
  const nearest = async (req: ReturnType<typeof tile>) =>
    encodePng(await renderGridPixels(grid, ramp, req, 'nearest'), req.width, req.height);
  console.log(
    `\nWMS contours, 256 × 256 EPSG:3857 tile of the ${busy ? 'busy' : 'smooth'} national grid with PNG encode, ${RUNS} alternating runs (median ms)`,
  );
  console.log(
    `${'tile'.padEnd(26)} ${'nearest'.padStart(8)} ${'pixel bands'.padStart(12)} ${'vector'.padStart(8)} ${'vector ÷ pixel (time)'.padStart(22)}`,
  );
  for (const [name, req] of [
    ['z4 (most of China)', tile(4, 105, 35)],
    ['z6 (central China)', tile(6, 109, 34)],
    ['z9 (Xi’an)', tile(9, 108.9, 34.3)],
  ] as const) {
    for (let k = 0; k < WARM_UP; k++) {
      await oldStyle(req);
      await newStyle(req);
    }
    const [tn, to, tv, ratio]: [number[], number[], number[], number[]] = [[], [], [], []];
    for (let k = 0; k < RUNS; k++) {
      let t0 = performance.now();
      await nearest(req);
      tn.push(performance.now() - t0);
      t0 = performance.now();
      await oldStyle(req);
      const a = performance.now() - t0;
      t0 = performance.now();
      await newStyle(req);
      const b = performance.now() - t0;
      to.push(a);
      tv.push(b);
      ratio.push(b / a);
    }
    console.log(
      `${name.padEnd(26)} ${median(tn).toFixed(2).padStart(8)} ${median(to).toFixed(2).padStart(12)} ${median(tv).toFixed(2).padStart(8)} ${median(ratio).toFixed(2).padStart(22)}`,
    );
  }
}

await main();
