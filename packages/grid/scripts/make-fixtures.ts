// Generates the committed test data once (node --import tsx packages/grid/scripts/make-fixtures.ts):
//
// - test-data/henan-t2m.m4: a GBK-encoded MICAPS type 4 file of a 2 m temperature forecast over a
//   province-size window (Henan, 110–117°E, 31–37°N, 0.05°, 141 × 121), rows north to south, a
//   Chinese description, two-digit year, fixed-width columns ten to a line, 9999 outside an
//   approximate province outline. Written by hand here, not by the library's writer, so that the
//   reader test is not circular.
// - test-data/henan-t2m.tif: the same field made into a GeoTIFF by GDAL itself (from an Esri ASCII
//   grid, so again not by our writer): tiled, DEFLATE with the floating-point predictor, nodata −9999.
//
// The field is synthetic but shaped like the real thing: the published mean-temperature fit on a
// made-up terrain (Funiu and Taihang mountains in the west), a June-morning offset and smooth waves.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cellLat, cellLon, encodeGbk, rasterizeArea, type GridGeometry } from '../src/index.js';

const out = join(import.meta.dirname, '..', 'test-data');
const geometry: GridGeometry = { lon0: 110, lat0: 37, dx: 0.05, dy: -0.05, nx: 141, ny: 121 };

// A rough outline of Henan province (not an official boundary).
const outline = {
  type: 'Polygon' as const,
  coordinates: [
    [
      [110.36, 34.6],
      [110.9, 34.65],
      [111.6, 35.08],
      [112.05, 35.05],
      [112.8, 35.25],
      [113.6, 36.05],
      [114.05, 36.35],
      [114.6, 36.12],
      [115.45, 35.95],
      [116.05, 34.95],
      [116.65, 34.3],
      [116.2, 33.75],
      [115.6, 33.75],
      [115.55, 32.5],
      [114.9, 32.1],
      [114.1, 31.6],
      [113.2, 31.8],
      [112.55, 32.4],
      [111.55, 32.6],
      [111.05, 33.2],
      [110.6, 33.8],
      [110.36, 34.6],
    ],
  ],
};

const terrain = (lon: number, lat: number) =>
  60 +
  1500 * Math.exp(-((lon - 111.4) ** 2 / 0.6 + (lat - 33.7) ** 2 / 0.25)) +
  900 * Math.exp(-((lon - 113.4) ** 2 / 0.12 + (lat - 35.6) ** 2 / 0.5)) +
  250 * Math.exp(-((lon - 113.5) ** 2 / 0.3 + (lat - 34.4) ** 2 / 0.1)) +
  20 * Math.max(0, 115 - lon);

const t2m = (lon: number, lat: number) =>
  111.723 -
  1.029 * lon +
  0.714 * lat -
  0.005 * terrain(lon, lat) + // published fit, °C
  7.5 + // a June morning
  1.2 * Math.sin(lon * 2.1 + lat * 0.7) +
  0.8 * Math.cos(lat * 3.3 - lon * 0.9);

const mask = rasterizeArea(geometry, outline);
const values: (number | null)[] = [];
for (let j = 0; j < geometry.ny; j++) {
  for (let i = 0; i < geometry.nx; i++) {
    values.push(mask.inside[j * geometry.nx + i] ? Math.round(t2m(cellLon(geometry, i), cellLat(geometry, j)) * 10) / 10 : null);
  }
}

// MICAPS 4, by hand.
const lines = [
  'diamond 4 24年06月15日08时 河南省 2米气温 第24小时预报 (℃)',
  '24 06 15 08 24 0',
  '0.05 -0.05 110.00 117.00 37.00 31.00 141 121 2 10 36 1 0',
];
for (let j = 0; j < geometry.ny; j++) {
  const row = values.slice(j * geometry.nx, (j + 1) * geometry.nx);
  for (let k = 0; k < row.length; k += 10) {
    lines.push(
      row
        .slice(k, k + 10)
        .map((v) => (v === null ? '9999' : v.toFixed(1)).padStart(8))
        .join(''),
    );
  }
}
writeFileSync(join(out, 'henan-t2m.m4'), encodeGbk(lines.join('\r\n') + '\r\n'));

// GeoTIFF, by GDAL from an Esri ASCII grid (corner-referenced, rows north to south).
const work = mkdtempSync(join(tmpdir(), 'grid-fixtures-'));
try {
  const asc = join(work, 'henan.asc');
  const header = ['ncols 141', 'nrows 121', 'xllcorner 109.975', 'yllcorner 30.975', 'cellsize 0.05', 'NODATA_value -9999'];
  const rows: string[] = [];
  for (let j = 0; j < geometry.ny; j++) {
    rows.push(
      values
        .slice(j * geometry.nx, (j + 1) * geometry.nx)
        .map((v) => (v === null ? '-9999' : v.toFixed(1)))
        .join(' '),
    );
  }
  writeFileSync(asc, [...header, ...rows].join('\n') + '\n');
  execFileSync('gdal_translate', [
    '-q',
    '-of',
    'GTiff',
    '-ot',
    'Float32',
    '-a_srs',
    'EPSG:4326',
    '-a_nodata',
    '-9999',
    '-co',
    'TILED=YES',
    '-co',
    'BLOCKXSIZE=64',
    '-co',
    'BLOCKYSIZE=64',
    '-co',
    'COMPRESS=DEFLATE',
    '-co',
    'PREDICTOR=3',
    asc,
    join(out, 'henan-t2m.tif'),
  ]);
} finally {
  rmSync(work, { recursive: true, force: true });
}
console.log(`wrote ${out}/henan-t2m.m4 and henan-t2m.tif (${mask.count} cells inside the outline of ${values.length})`);
