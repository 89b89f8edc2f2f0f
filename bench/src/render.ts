// Part of npm run bench:grid: a 256 × 256 WMS GetMap render of the national grid (sample + colour map + PNG encode),
// against a baseline measured in the same run: the PNG encode of a blank 256 × 256 tile; and the WMS styles (nearest,
// smooth, contours) against each other, in tiles per second.
import { cellLat, cellLon, createGrid, type ColorMap } from '@agromet/grid';
import { lonLatToMercator, parseWmsRequest, type MapRequest } from '../../apps/server/src/modules/wms/params.js';
import { contourLevels } from '../../apps/server/src/modules/wms/contours.js';
import { encodePng, renderGridPixels } from '../../apps/server/src/modules/wms/render.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 21);
const WARM_UP = Number(process.env.BENCH_WARMUP ?? 5);

const ramp: ColorMap = {
  type: 'ramp',
  stops: [
    { value: -30, color: '#3b4cc0' },
    { value: 0, color: '#b0cbfc' },
    { value: 20, color: '#f6a35c' },
    { value: 40, color: '#7a0403' },
  ],
};

async function time(run: () => Promise<unknown>): Promise<number> {
  for (let k = 0; k < WARM_UP; k++) await run();
  const samples: number[] = [];
  for (let k = 0; k < RUNS; k++) {
    const t0 = performance.now();
    await run();
    samples.push(performance.now() - t0);
  }
  samples.sort((a, b) => a - b);
  return samples[samples.length >> 1]!;
}

async function main() {
  const grid = createGrid({ lon0: 70, lat0: 60, dx: 0.05, dy: -0.05, nx: 1401, ny: 1201 });
  for (let j = 0; j < grid.ny; j++) {
    for (let i = 0; i < grid.nx; i++)
      grid.values[j * grid.nx + i] = 28 - 0.6 * (cellLat(grid, j) - 20) + 3 * Math.sin(cellLon(grid, i) / 3);
  }
  // A zoom-6 tile over central China in Web Mercator, as OpenLayers asks for it.
  const [x0, y0] = lonLatToMercator(106.875, 31.95);
  const [x1, y1] = lonLatToMercator(112.5, 36.6);
  const req = parseWmsRequest({
    SERVICE: 'WMS',
    VERSION: '1.3.0',
    REQUEST: 'GetMap',
    LAYERS: 'x.y',
    CRS: 'EPSG:3857',
    BBOX: `${x0},${y0},${x1},${y1}`,
    WIDTH: '256',
    HEIGHT: '256',
    FORMAT: 'image/png',
    TRANSPARENT: 'TRUE',
  }) as MapRequest;
  const blank = new Uint8ClampedArray(256 * 256 * 4);
  const baseline = await time(() => encodePng(blank, 256, 256));
  const render = await time(async () => encodePng(await renderGridPixels(grid, ramp, req), 256, 256));
  const sampleOnly = await time(async () => renderGridPixels(grid, ramp, req));
  // The styles, same tile and run: tiles per second of each against nearest (issue 14).
  const levels = contourLevels('tmp', ramp);
  const styles = [] as Array<[string, number]>;
  for (const style of ['nearest', 'smooth', 'contours'] as const) {
    styles.push([style, await time(async () => encodePng(await renderGridPixels(grid, ramp, req, style, levels), 256, 256))]);
  }
  console.log('\nWMS GetMap 256 × 256 of the national grid (EPSG:3857)');
  console.log(`${'operation'.padEnd(42)} ${'median ms'.padStart(10)} ${'× baseline'.padStart(11)}`);
  for (const [name, ms] of [
    ['baseline: PNG encode of a blank tile', baseline],
    ['render (sample + colour + PNG)', render],
    ['  of which: sample + colour', sampleOnly],
  ] as const) {
    console.log(`${name.padEnd(42)} ${ms.toFixed(2).padStart(10)} ${(ms / baseline).toFixed(1).padStart(11)}`);
  }
  const nearest = styles[0]![1];
  console.log('\nWMS styles, 256 × 256 tile with PNG encode (same run)');
  console.log(`${'style'.padEnd(12)} ${'median ms'.padStart(10)} ${'tiles/s'.padStart(9)} ${'× nearest time'.padStart(15)}`);
  for (const [style, ms] of styles) {
    console.log(
      `${style.padEnd(12)} ${ms.toFixed(2).padStart(10)} ${(1000 / ms).toFixed(0).padStart(9)} ${(ms / nearest).toFixed(2).padStart(15)}`,
    );
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
