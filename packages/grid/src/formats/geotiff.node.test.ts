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
    const sameBits = Buffer.from(grid.values.buffer, grid.values.byteOffset, grid.values.byteLength).equals(
      Buffer.from(micaps.values.buffer, micaps.values.byteOffset, micaps.values.byteLength),
    );
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
    const valueAt = (lon: number, lat: number) =>
      execFileSync('gdallocationinfo', ['-valonly', '-geoloc', file, String(lon), String(lat)], { encoding: 'utf8' }).trim();
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

  it("is north-up with a numeric nodata whatever the grid's row order", () => {
    const { info, valueAt } = exportAndInspect('south-north.tif', writeGeoTiff(flipRows(micaps), { nodata: -9999 }));
    expect(info.geoTransform[3]).toBeCloseTo(37.025, 10);
    expect(info.geoTransform[5]).toBeCloseTo(-0.05, 12);
    expect(info.bands[0].noDataValue).toBe(-9999);
    expect(Number(valueAt(113.5, 34.5))).toBe(Math.fround(24.5));
    expect(valueAt(110.1, 36.9)).toBe('-9999');
  });
});

describe('packed GeoTIFFs made by gdal_translate (scale, offset, nodata): read as GDAL unpacks them', () => {
  const work = mkdtempSync(join(tmpdir(), 'grid-packed-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  /** An ASCII grid of stored integers, 6 × 4 cells of 0.1° from 108°E, 34°N, two of them nodata. */
  function asciiGrid(nodata: number, value: (k: number) => number): string {
    const cells = Array.from({ length: 24 }, (_, k) => (k === 3 || k === 17 ? nodata : value(k)));
    const rows = Array.from({ length: 4 }, (_, r) => cells.slice(r * 6, r * 6 + 6).join(' '));
    const file = join(work, `stored-${nodata}.asc`);
    writeFileSync(
      file,
      ['ncols 6', 'nrows 4', 'xllcorner 108', 'yllcorner 34', 'cellsize 0.1', `NODATA_value ${nodata}`, ...rows, ''].join('\n'),
    );
    return file;
  }

  const cases: Array<{
    name: string;
    args: string[];
    nodata: number;
    value: (k: number) => number;
    first: number;
    scaling: { scale: number; offset: number };
  }> = [
    // Precipitation in tenths of a millimetre, as the issue's file.
    {
      name: 'Int16, scale 0.1',
      args: ['-ot', 'Int16', '-a_scale', '0.1'],
      nodata: -9999,
      value: (k) => k * 37,
      first: 0,
      scaling: { scale: 0.1, offset: 0 },
    },
    {
      name: 'Byte, scale 0.5 and offset −10, tiled DEFLATE',
      args: [
        '-ot',
        'Byte',
        '-a_scale',
        '0.5',
        '-a_offset',
        '-10',
        '-co',
        'TILED=YES',
        '-co',
        'BLOCKXSIZE=16',
        '-co',
        'BLOCKYSIZE=16',
        '-co',
        'COMPRESS=DEFLATE',
      ],
      nodata: 255,
      value: (k) => k * 10,
      first: -10,
      scaling: { scale: 0.5, offset: -10 },
    },
    {
      name: 'UInt16 kelvin hundredths, offset −273.15',
      args: ['-ot', 'UInt16', '-a_scale', '0.01', '-a_offset', '-273.15'],
      nodata: 0,
      value: (k) => 27315 + k * 125,
      first: 0,
      scaling: { scale: 0.01, offset: -273.15 },
    },
  ];

  for (const c of cases) {
    it(c.name, async () => {
      const packed = join(work, 'packed.tif');
      const unpacked = join(work, 'unpacked.tif');
      execFileSync('gdal_translate', [
        '-q',
        ...c.args,
        '-a_nodata',
        String(c.nodata),
        '-a_srs',
        'EPSG:4326',
        asciiGrid(c.nodata, c.value),
        packed,
      ]);
      // GDAL's own unpacking is the reference.
      execFileSync('gdal_translate', ['-q', '-unscale', '-ot', 'Float32', packed, unpacked]);
      const ours = await readGeoTiff(readFileSync(packed));
      const gdal = await readGeoTiff(readFileSync(unpacked));
      expect(ours.scaling).toEqual(c.scaling);
      expect(gdal.scaling).toBeNull();
      expect(ours.nodata).toBe(c.nodata);
      expect(ours.grid).toMatchObject({ nx: 6, ny: 4, dx: gdal.grid.dx, dy: gdal.grid.dy, lon0: gdal.grid.lon0, lat0: gdal.grid.lat0 });
      const values = [...ours.grid.values];
      expect(values.map(Number.isNaN)).toEqual([...gdal.grid.values].map(Number.isNaN));
      expect(values.filter(Number.isNaN)).toHaveLength(2);
      for (let k = 0; k < values.length; k++) if (!Number.isNaN(values[k]!)) expect(values[k]).toBeCloseTo(gdal.grid.values[k]!, 5);
      expect(values[0]).toBeCloseTo(c.first, 5);
    });
  }

  it('Int16 precipitation: stored 1234 is 123.4 mm, not 1234', async () => {
    const packed = join(work, 'rain.tif');
    execFileSync('gdal_translate', [
      '-q',
      '-ot',
      'Int16',
      '-a_scale',
      '0.1',
      '-a_nodata',
      '-9999',
      '-a_srs',
      'EPSG:4326',
      asciiGrid(-9999, () => 1234),
      packed,
    ]);
    const { grid, scaling } = await readGeoTiff(readFileSync(packed));
    expect(scaling).toEqual({ scale: 0.1, offset: 0 });
    expect(grid.values[0]).toBe(Math.fround(123.4));
    expect(grid.values[3]).toBeNaN();
  });
});

describe.skipIf(!hasGdal)('GeoTIFF metadata in GDAL (issue 14)', () => {
  const work = mkdtempSync(join(tmpdir(), 'grid-gdal-meta-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('carries element, unit, issue time, valid time and lead as GDAL metadata, band unit and description', async () => {
    const file = join(work, 'meta.tif');
    const bytes = writeGeoTiff(micaps, {
      metadata: {
        ELEMENT: 'tmp',
        ELEMENT_NAME: '气温 <2 m> & "air"',
        UNIT: '°C',
        ISSUE_TIME: '2024-06-15T00:00:00Z',
        VALID_TIME: '2024-06-16T00:00:00Z',
        LEAD_HOURS: '24',
      },
      band: { unit: '°C', description: '气温' },
    });
    writeFileSync(file, bytes);
    const info = JSON.parse(execFileSync('gdalinfo', ['-json', file], { encoding: 'utf8' }));
    expect(info.metadata['']).toMatchObject({
      ELEMENT: 'tmp',
      ELEMENT_NAME: '气温 <2 m> & "air"',
      UNIT: '°C',
      ISSUE_TIME: '2024-06-15T00:00:00Z',
      VALID_TIME: '2024-06-16T00:00:00Z',
      LEAD_HOURS: '24',
    });
    expect(info.bands[0]).toMatchObject({ unit: '°C', description: '气温', type: 'Float32' });
    // Values unchanged, and our reader still reads it.
    const read = await readGeoTiff(bytes);
    expect(Buffer.from(read.grid.values.buffer).equals(Buffer.from(micaps.values.buffer))).toBe(true);
  });

  it('writes a colour table on request: classes as a paletted Byte band that GDAL shows with its colours', () => {
    const file = join(work, 'classes.tif');
    const bytes = writeGeoTiff(micaps, {
      colorTable: {
        classOf: (v) => (v < 20 ? 0 : v < 30 ? 1 : 2),
        colors: [
          [0, 0, 255, 255],
          [0, 255, 0, 255],
          [255, 0, 0, 255],
        ],
      },
      metadata: { ELEMENT: 'tmp' },
    });
    writeFileSync(file, bytes);
    const info = JSON.parse(execFileSync('gdalinfo', ['-json', file], { encoding: 'utf8' }));
    const band = info.bands[0];
    expect(band.type).toBe('Byte');
    expect(band.colorInterpretation).toBe('Palette');
    expect(band.colorTable.entries.slice(0, 3)).toEqual([
      [0, 0, 255, 255],
      [0, 255, 0, 255],
      [255, 0, 0, 255],
    ]);
    expect(band.noDataValue).toBe(255);
    // A cell's class, read by GDAL at the cell's centre.
    const k = micaps.values.findIndex((v) => !Number.isNaN(v));
    const i = k % micaps.nx;
    const j = Math.floor(k / micaps.nx);
    const v = micaps.values[k]!;
    const got = execFileSync(
      'gdallocationinfo',
      ['-valonly', '-geoloc', file, String(micaps.lon0 + i * micaps.dx), String(micaps.lat0 + j * micaps.dy)],
      { encoding: 'utf8' },
    ).trim();
    expect(Number(got)).toBe(v < 20 ? 0 : v < 30 ? 1 : 2);
  });
});
