// Resampling against GDAL: sources written by gdal_translate from ASCII grids with missing cells, resampled both by
// gdalwarp (-r near, -r bilinear) and by resampleGrid onto the same target cells. Needs gdal-bin (CI installs it).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readGeoTiff } from './formats/geotiff.js';
import type { GridGeometry } from './grid.js';
import { resampleGrid } from './resample.js';

const work = mkdtempSync(join(tmpdir(), 'grid-resample-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const gdal = (tool: string, args: string[]) => execFileSync(tool, ['-q', ...args], { cwd: work, encoding: 'utf8' });

/** 9 × 7 cells of 0.5° from 100°E, 30°N (lower-left corner), a smooth field with four missing cells. */
function writeSource(): string {
  const rows: string[] = [];
  for (let r = 0; r < 7; r++) {
    const row: string[] = [];
    for (let c = 0; c < 9; c++) {
      const missing = (r === 2 && c === 3) || (r === 2 && c === 4) || (r === 5 && c === 8) || (r === 0 && c === 0);
      row.push(missing ? '-9999' : (10 + 1.7 * c - 0.9 * r + Math.sin(c * 1.3 + r) * 3).toFixed(3));
    }
    rows.push(row.join(' '));
  }
  writeFileSync(
    join(work, 'source.asc'),
    ['ncols 9', 'nrows 7', 'xllcorner 100', 'yllcorner 30', 'cellsize 0.5', 'NODATA_value -9999', ...rows, ''].join('\n'),
  );
  gdal('gdal_translate', ['-ot', 'Float32', '-a_srs', 'EPSG:4326', 'source.asc', 'source.tif']);
  return join(work, 'source.tif');
}

const source = writeSource();

/** gdalwarp onto `target` (north-up), read back. */
async function warp(target: GridGeometry, method: 'near' | 'bilinear') {
  const west = target.lon0 - target.dx / 2;
  const north = target.lat0 - target.dy / 2;
  const out = `warp-${method}-${target.nx}x${target.ny}-${west}.tif`;
  gdal('gdalwarp', [
    '-overwrite',
    '-et',
    '0',
    '-r',
    method,
    '-te',
    String(west),
    String(north + target.ny * target.dy),
    String(west + target.nx * target.dx),
    String(north),
    '-ts',
    String(target.nx),
    String(target.ny),
    source,
    out,
  ]);
  return (await readGeoTiff(readFileSync(join(work, out)))).grid;
}

const targets: Array<[string, GridGeometry]> = [
  ['twice as fine, same edges', { lon0: 100.125, lat0: 33.375, dx: 0.25, dy: -0.25, nx: 18, ny: 14 }],
  ['same spacing, shifted by 0.3 and 0.4 of a cell', { lon0: 100.4, lat0: 33.05, dx: 0.5, dy: -0.5, nx: 8, ny: 6 }],
  ['0.2° from an odd origin', { lon0: 100.13, lat0: 33.37, dx: 0.2, dy: -0.2, nx: 21, ny: 16 }],
];

describe('resampleGrid agrees with gdalwarp', () => {
  for (const [name, target] of targets) {
    it(`${name}: nearest and bilinear`, async () => {
      const src = (await readGeoTiff(readFileSync(source))).grid;
      for (const [method, ours] of [
        ['near', 'nearest'],
        ['bilinear', 'bilinear'],
      ] as const) {
        const theirs = await warp(target, method);
        expect(theirs).toMatchObject({ nx: target.nx, ny: target.ny });
        const mine = resampleGrid(src, target, ours);
        let missing = 0;
        for (let k = 0; k < mine.values.length; k++) {
          const a = mine.values[k]!;
          const b = theirs.values[k]!;
          expect(Number.isNaN(a), `${method} cell ${k}: ${a} vs GDAL ${b}`).toBe(Number.isNaN(b));
          if (Number.isNaN(a)) missing += 1;
          else expect(Math.abs(a - b), `${method} cell ${k}`).toBeLessThanOrEqual(1e-5 * Math.max(1, Math.abs(b)));
        }
        // The missing source cells reach the target in both.
        expect(missing).toBeGreaterThan(0);
      }
    });
  }
});
