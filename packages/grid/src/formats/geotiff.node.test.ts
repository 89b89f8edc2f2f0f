// GeoTIFF against GDAL: the committed GDAL-made fixture, and our exports opened by gdalinfo and
// gdallocationinfo (Debian gdal-bin; skipped only where it is not installed). Needs node:* modules.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { flipRows } from '../grid.js';
import { readGeoTiff, writeGeoTiff } from './geotiff.js';
import { parseMicaps4 } from './micaps4.js';

const testData = new URL('../../test-data/', import.meta.url);
const micaps = parseMicaps4(readFileSync(new URL('henan-t2m.m4', testData))).grid;
const hasGdal = spawnSync('gdalinfo', ['--version']).status === 0;

describe('GeoTIFF made by GDAL (tiled, DEFLATE, floating-point predictor, nodata −9999)', () => {
  it('reads to the same grid as the MICAPS fixture', async () => {
    const { grid, nodata, epsg } = await readGeoTiff(readFileSync(new URL('henan-t2m.tif', testData)));
    expect(nodata).toBe(-9999);
    expect(epsg).toBe(4326);
    expect(grid).toMatchObject({ nx: 141, ny: 121 });
    for (const key of ['lon0', 'lat0', 'dx', 'dy'] as const) expect(grid[key]).toBeCloseTo(micaps[key], 10);
    const sameBits = Buffer.from(grid.values.buffer, grid.values.byteOffset, grid.values.byteLength)
      .equals(Buffer.from(micaps.values.buffer, micaps.values.byteOffset, micaps.values.byteLength));
    expect(sameBits).toBe(true);
  });
});

describe.skipIf(!hasGdal)('our GeoTIFF exports in GDAL', () => {
  const work = mkdtempSync(join(tmpdir(), 'grid-gdal-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  function exportAndInspect(name: string, bytes: Uint8Array) {
    const file = join(work, name);
    writeFileSync(file, bytes);
    const info = JSON.parse(execFileSync('gdalinfo', ['-json', file], { encoding: 'utf8' }));
    const valueAt = (lon: number, lat: number) => execFileSync('gdallocationinfo', ['-valonly', '-geoloc', file, String(lon), String(lat)], { encoding: 'utf8' }).trim();
    return { info, valueAt };
  }

  it('has the georeference, type, nodata and values we wrote', () => {
    const { info, valueAt } = exportAndInspect('henan.tif', writeGeoTiff(micaps));
    expect(info.size).toEqual([141, 121]);
    const [x0, sx, rx, y0, ry, sy] = info.geoTransform as number[];
    expect([rx, ry]).toEqual([0, 0]);
    expect(x0).toBeCloseTo(109.975, 10);
    expect(y0).toBeCloseTo(37.025, 10);
    expect(sx).toBeCloseTo(0.05, 12);
    expect(sy).toBeCloseTo(-0.05, 12);
    expect(info.cornerCoordinates.upperLeft[0]).toBeCloseTo(109.975, 9);
    expect(info.cornerCoordinates.upperLeft[1]).toBeCloseTo(37.025, 9);
    expect(info.cornerCoordinates.lowerRight[0]).toBeCloseTo(117.025, 9);
    expect(info.cornerCoordinates.lowerRight[1]).toBeCloseTo(30.975, 9);
    expect(info.coordinateSystem.wkt).toMatch(/ID\["EPSG",4326\]\]$/);
    expect(info.bands[0]).toMatchObject({ type: 'Float32', noDataValue: 'NaN' });
    expect(info.metadata[''].AREA_OR_POINT).toBe('Area');
    // Zhengzhou's cell, a cell by the east edge, and a missing one outside the outline
    expect(Number(valueAt(113.5, 34.5))).toBe(Math.fround(24.5));
    expect(Number(valueAt(116.6, 34.3))).toBe(micaps.values[Math.round((37 - 34.3) / 0.05) * 141 + Math.round((116.6 - 110) / 0.05)]);
    expect(valueAt(110.1, 36.9).toLowerCase()).toBe('nan');
  });

  it('is north-up with a numeric nodata whatever the grid\'s row order', () => {
    const { info, valueAt } = exportAndInspect('south-north.tif', writeGeoTiff(flipRows(micaps), { nodata: -9999 }));
    expect(info.geoTransform[3]).toBeCloseTo(37.025, 10);
    expect(info.geoTransform[5]).toBeCloseTo(-0.05, 12);
    expect(info.bands[0].noDataValue).toBe(-9999);
    expect(Number(valueAt(113.5, 34.5))).toBe(Math.fround(24.5));
    expect(valueAt(110.1, 36.9)).toBe('-9999');
  });
});
