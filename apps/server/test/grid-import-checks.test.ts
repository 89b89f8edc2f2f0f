import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { cellAt, type GridGeometry } from '@agromet/grid';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_GEOMETRY } from '../src/modules/grids/demo-fields.js';
import { GridStore } from '../src/modules/grids/store.js';
import { GdalFiles } from './gdal-files.js';
import { childProcessEnv, createTestApp, startApp, type TestApp } from './helpers.js';
import { squareRing } from './geojson-shapes.js';
import {
  addCustomer,
  addUser,
  allocate,
  bitsOf,
  call,
  factorIds,
  field,
  gridRow,
  multipartForm as multipart,
  saveGrid,
  storedValues,
} from './revise-helpers.js';

/**
 * What an import checks before it replaces a grid: the product's geometry (refusing another region, resampling only
 * on request), GDAL's packing (scale, offset, nodata) and the factor's range on the unpacked values, and a revision
 * that lands while the import is saving (a conflict, not an internal error). The files are written by GDAL.
 */
let t: TestApp;
let customer = 0;
let importer = '';
let forecaster = '';
const gdal = new GdalFiles();
const BASE = '2026-03-01T00:00:00.000Z';
/** The demo's Shaanxi grid: 0.05°, centres 105.5–111.5°E, 31.6–39.6°N. */
const PRODUCT: GridGeometry = DEMO_GEOMETRY;
const XIAN = { lon: 108.94, lat: 34.34 };
/** A smooth temperature field in °C by position. */
const temperature = (lon: number, lat: number) => Number((20 + 1.5 * (lon - 105) - 2 * (lat - 31) + Math.sin(lon * 3) * 2).toFixed(2));

beforeAll(async () => {
  t = await createTestApp();
  customer = await addCustomer(t, '陕西省气象局');
  importer = (await addUser(t, customer, 'geo-importer', ['revise.submit.admin'])).token;
  const fc = await addUser(t, customer, 'geo-forecaster', ['revise.polygon.admin'], '王预报');
  const alloc = await addUser(t, customer, 'geo-alloc', ['revise.allocation.admin']);
  await allocate(t, alloc.token, fc.id);
  forecaster = fc.token;
  // The product: Shaanxi temperature, +60 h and +57 h, and 3 h precipitation +60 h.
  for (const lead of [57, 60]) await saveGrid(t, customer, { lead, baseTime: BASE, grid: field(PRODUCT, () => 5) });
  await saveGrid(t, customer, { lead: 60, baseTime: BASE, factor: 'pre3h', grid: field(PRODUCT, () => 0) });
});
afterAll(async () => {
  await t.close();
  gdal.remove();
});

async function startImport(fields: Record<string, string>, file: string, app = t.app, lang = 'en') {
  const m = multipart(
    { type: 'fine-grid', factor: 'tmp', baseTime: BASE, ...fields },
    { name: 'upload.tif', bytes: fs.readFileSync(file) },
  );
  return app.inject({
    method: 'POST',
    url: '/api/grid/import',
    payload: m.payload,
    headers: { ...m.headers, ...t.bearer(importer), 'accept-language': lang },
  });
}

async function readJob(id: string, lang = 'en') {
  return (await t.app.inject({ method: 'GET', url: `/api/job/${id}`, headers: { ...t.bearer(importer), 'accept-language': lang } })).json()
    .data;
}

/** Waits for the job on the server that queued it, then reads it as the web client does. */
async function waitJob(id: string, lang = 'en', jobs = t.jobs) {
  await jobs.waitFor(id);
  return readJob(id, lang);
}

async function importFile(fields: Record<string, string>, file: string, lang = 'en') {
  const res = await startImport(fields, file, t.app, lang);
  expect(res.json(), res.body).toMatchObject({ code: 0 });
  return waitJob(res.json().data.jobId, lang);
}

const valueAt = (values: Float32Array, lon: number, lat: number) => {
  const cell = cellAt(PRODUCT, lon, lat)!;
  return values[cell.j * PRODUCT.nx + cell.i]!;
};

describe("import geometry: the product's grid or an asked-for resampling", () => {
  it("refuses a file for another region, naming both extents, and leaves the grid as it was (issue: Xi'an read null)", async () => {
    // 0.1° over 100–106°E, 40–45°N, as the file.
    const file = gdal.geoTiff({ west: 100, south: 40, cellsize: 0.1, nx: 60, ny: 50, nodata: -9999, value: temperature });
    const before = await gridRow(t, customer, 60);
    for (const resample of [undefined, 'bilinear']) {
      const job = await importFile({ lead: '60', ...(resample ? { resample } : {}) }, file);
      expect(job).toMatchObject({ status: 'failed', result: null });
      expect(job.error).toBe(
        'The file covers 100°E–106°E, 40°N–45°N, which does not take in the region of 精细化网格预报, ' +
          '105.475°E–111.525°E, 31.575°N–39.625°N; the file was not imported',
      );
      expect((await readJob(job.id, 'zh')).error).toBe(
        '文件的范围 100°E–106°E, 40°N–45°N 没有覆盖精细化网格预报的区域 105.475°E–111.525°E, 31.575°N–39.625°N，文件未导入',
      );
      expect((await readJob(job.id, 'es')).error).toBe(
        'El archivo abarca 100°E–106°E, 40°N–45°N, que no incluye la región de 精细化网格预报, ' +
          '105.475°E–111.525°E, 31.575°N–39.625°N; no se importó',
      );
    }
    const after = await gridRow(t, customer, 60);
    expect(after).toEqual(before);
    expect(valueAt(await storedValues(t, after.storage_key), XIAN.lon, XIAN.lat)).toBe(5);
  });

  it('refuses a covering file on other cells unless resampling is asked for, saying both grids', async () => {
    const file = gdal.geoTiff({ west: 105, south: 31, cellsize: 0.1, nx: 70, ny: 90, nodata: -9999, value: temperature });
    const job = await importFile({ lead: '60' }, file);
    expect(job.status).toBe('failed');
    expect(job.error).toBe(
      "The file's grid (cell centres 105.05°E–111.95°E, 31.05°N–39.95°N, spacing 0.1° × 0.1°, 70 × 90 cells) is not the grid of " +
        '精细化网格预报 (cell centres 105.5°E–111.5°E, 31.6°N–39.6°N, spacing 0.05° × 0.05°, 121 × 161 cells); ask for resampling ' +
        '(nearest or bilinear) to put the file onto that grid. The file was not imported',
    );
    expect((await readJob(job.id, 'zh')).error).toContain('重采样');
    expect((await readJob(job.id, 'es')).error).toContain('remuestreo');
    expect((await gridRow(t, customer, 60)).version).toBe(1);
  });

  it("resamples onto the product's cells when asked, as gdalwarp does, and says so in the result", async () => {
    // Missing cells near Xi'an, so that nodata travels through the resampling too.
    const hole = (lon: number, lat: number) =>
      Math.abs(lon - 108.95) < 0.15 && Math.abs(lat - 34.35) < 0.15 ? null : temperature(lon, lat);
    const file = gdal.geoTiff({ west: 105, south: 31, cellsize: 0.1, nx: 70, ny: 90, nodata: -9999, value: hole });
    for (const [lead, method, gdalMethod] of [
      [57, 'nearest', 'near'],
      [60, 'bilinear', 'bilinear'],
    ] as const) {
      const before = await gridRow(t, customer, lead);
      const job = await importFile({ lead: String(lead), resample: method }, file);
      expect(job.error).toBeNull();
      expect(job.result).toMatchObject({
        resample: method,
        version: before.version + 1,
        lon0: 105.5,
        lat0: 39.6,
        dx: 0.05,
        dy: -0.05,
        nx: 121,
        ny: 161,
        source: { lon0: 105.05, lat0: 39.95, dx: 0.1, dy: -0.1, nx: 70, ny: 90 },
      });
      const stored = await storedValues(t, (await gridRow(t, customer, lead)).storage_key);
      const reference = await gdal.warp(file, PRODUCT, gdalMethod);
      expect(stored.length).toBe(reference.length);
      let missing = 0;
      for (let k = 0; k < stored.length; k++) {
        expect(Number.isNaN(stored[k]!), `cell ${k}`).toBe(Number.isNaN(reference[k]!));
        if (Number.isNaN(stored[k]!)) missing += 1;
        else expect(Math.abs(stored[k]! - reference[k]!), `cell ${k}`).toBeLessThanOrEqual(1e-4);
      }
      expect(missing).toBeGreaterThan(0);
      expect(job.result.missing).toBe(missing);
      expect(valueAt(stored, XIAN.lon, XIAN.lat)).toBeNaN();
      expect(valueAt(stored, 107, 33)).toBeCloseTo(temperature(107, 33), 0);
    }
  });

  it("takes a file on the product's own cells as it is (north-up from GDAL, south-up, decimal noise), without resampling", async () => {
    const exact = gdal.geoTiff({ west: 105.475, south: 31.575, cellsize: 0.05, nx: 121, ny: 161, nodata: -9999, value: temperature });
    const job = await importFile({ lead: '60', resample: 'bilinear' }, exact);
    expect(job.error).toBeNull();
    expect(job.result).toMatchObject({ resample: null, lon0: 105.5, lat0: 39.6, nx: 121, ny: 161 });
    const stored = await storedValues(t, (await gridRow(t, customer, 60)).storage_key);
    expect(valueAt(stored, XIAN.lon, XIAN.lat)).toBe(Math.fround(temperature(108.95, 34.35)));
    // The same cells, rows south to north (GDAL writes a positive y spacing when asked to flip with -a_ullr).
    const southUp = `${exact}.south.tif`;
    execFileSync('gdal_translate', ['-q', '-a_ullr', '105.475', '31.575', '111.525', '39.625', exact, southUp]);
    const flippedJob = await importFile({ lead: '57' }, southUp);
    expect(flippedJob.error).toBeNull();
    expect(flippedJob.result).toMatchObject({ resample: null, lat0: 39.6, dy: -0.05 });
    const flipped = await storedValues(t, (await gridRow(t, customer, 57)).storage_key);
    // Rows were reversed by the file's georeference, so the stored field is the mirror image.
    expect(valueAt(flipped, XIAN.lon, 31.6 + 39.6 - 34.35)).toBe(Math.fround(temperature(108.95, 34.35)));
  });

  it('refuses an unknown resampling method at once (4100 naming the field)', async () => {
    const file = gdal.geoTiff({ west: 105, south: 31, cellsize: 0.1, nx: 70, ny: 90, nodata: -9999, value: temperature });
    const res = await startImport({ lead: '60', resample: 'cubic' }, file);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 4100 });
    expect(res.json().msg).toMatch(/^resample: /);
  });
});

describe('packed GeoTIFFs (GDAL scale, offset, nodata)', () => {
  const onProduct = { west: 105.475, south: 31.575, cellsize: 0.05, nx: 121, ny: 161 };

  it("unpacks an Int16 precipitation file with scale 0.1 (the issue's file was stored 10× too large)", async () => {
    // Tenths of a millimetre; a dry strip is nodata.
    const file = gdal.geoTiff(
      { ...onProduct, nodata: -9999, value: (lon, lat) => (lat > 39 ? null : Math.round((lon - 105) * 40 + (lat - 31) * 15)) },
      ['-ot', 'Int16', '-a_scale', '0.1'],
    );
    const job = await importFile({ factor: 'pre3h', lead: '60' }, file);
    expect(job.error).toBeNull();
    expect(job.result).toMatchObject({ scaling: { scale: 0.1, offset: 0 }, resample: null });
    const stored = await storedValues(t, (await gridRow(t, customer, 60, 'pre3h')).storage_key);
    const raw = Math.round((108.95 - 105) * 40 + (34.35 - 31) * 15);
    expect(valueAt(stored, XIAN.lon, XIAN.lat)).toBe(Math.fround(raw * 0.1));
    expect(valueAt(stored, XIAN.lon, 39.5)).toBeNaN();
    // Stored 380 at the wet corner: 38 mm, not 380.
    expect(job.result.max).toBeCloseTo(38, 4);
  });

  it('applies the offset too (UInt16 hundredths of a kelvin to °C)', async () => {
    const file = gdal.geoTiff({ ...onProduct, nodata: 0, value: (lon, lat) => Math.round((temperature(lon, lat) + 273.15) * 100) }, [
      '-ot',
      'UInt16',
      '-a_scale',
      '0.01',
      '-a_offset',
      '-273.15',
    ]);
    const job = await importFile({ lead: '57' }, file);
    expect(job.error).toBeNull();
    expect(job.result.scaling).toEqual({ scale: 0.01, offset: -273.15 });
    const stored = await storedValues(t, (await gridRow(t, customer, 57)).storage_key);
    expect(valueAt(stored, XIAN.lon, XIAN.lat)).toBeCloseTo(temperature(108.95, 34.35), 4);
  });

  it("checks the unpacked values against the factor's range, naming the value, the range and the factor", async () => {
    const file = gdal.geoTiff(
      { ...onProduct, nodata: -9999, value: (lon, lat) => (Math.abs(lon - 108.5) < 0.01 && Math.abs(lat - 35) < 0.01 ? 3500 : 120) },
      ['-ot', 'Int16', '-a_scale', '0.1'],
    );
    const before = await gridRow(t, customer, 60, 'pre3h');
    const job = await importFile({ factor: 'pre3h', lead: '60' }, file);
    expect(job.error).toBe(
      '1 cells are outside the valid range of 3小时降水, [0, 300] mm (the file has 12 to 350); the file was not imported',
    );
    expect(await gridRow(t, customer, 60, 'pre3h')).toEqual(before);
  });
});

describe('import-grid command: --resample', () => {
  const cli = path.resolve(import.meta.dirname, '../src/cli/import-grid.ts');
  const run = (args: string[]) =>
    spawnSync(
      process.execPath,
      ['--import', 'tsx', cli, '--customer', String(customer), '--type', 'fine-grid', '--factor', 'tmp', ...args],
      {
        cwd: path.resolve(import.meta.dirname, '../../..'),
        encoding: 'utf8',
        env: childProcessEnv(t),
        timeout: 120_000,
      },
    );

  it('refuses other cells without the flag, resamples with it, and exits 2 for an unknown method', async () => {
    const file = gdal.geoTiff({ west: 105, south: 31, cellsize: 0.1, nx: 70, ny: 90, nodata: -9999, value: temperature });
    const common = ['--base-time', BASE, '--lead', '54', '--lang', 'en'];
    const refused = run([...common, file]);
    expect(refused.status, refused.stderr).toBe(1);
    expect(refused.stderr).toContain('ask for resampling (nearest or bilinear)');
    const done = run([...common, '--resample', 'nearest', file]);
    expect(done.status, done.stderr).toBe(0);
    expect(done.stdout).toMatch(
      /: done, fine-grid\.tmp 2026-03-01T00:00:00\.000Z \+54 h, 121 × 161, resampled \(nearest\) from 70 × 90, version 1/,
    );
    const stored = await storedValues(t, (await gridRow(t, customer, 54)).storage_key);
    const reference = await gdal.warp(file, PRODUCT, 'near');
    expect(bitsOf(stored).equals(bitsOf(reference))).toBe(true);
    const bad = run([...common, '--resample', 'cubic', file]);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('--resample must be nearest or bilinear');
  });
});

describe('an import racing a revision', () => {
  const square = squareRing(108, 34, 1);
  const revise = (lead: number, version: number) =>
    call(t, forecaster, 'POST', '/api/revise/polygonRevise', {
      type: 'fine-grid',
      factor: 'tmp',
      baseTime: BASE,
      leads: [lead],
      expectedVersions: [version],
      polygons: { type: 'Polygon', coordinates: [square] },
      operation: 'assign',
      value: 42,
      edge: { mode: 'flat' },
    });

  /** A second server on the same database whose grid saves let `during` run between their reads and their writes. */
  async function racingServer(during: () => Promise<void>) {
    let armed = true;
    const app = await startApp(t.config, {
      logger: false,
      gridStoreHooks: {
        afterRead: async () => {
          if (!armed) return;
          armed = false;
          await during();
        },
      },
    });
    return app;
  }

  it('ends failed with the conflict (who changed it, when), not an internal error, and keeps the revision', async () => {
    const file = gdal.geoTiff({ west: 105.475, south: 31.575, cellsize: 0.05, nx: 121, ny: 161, nodata: -9999, value: () => 7 });
    const before = await gridRow(t, customer, 60);
    let revised: { code: number } | undefined;
    const server = await racingServer(async () => {
      // The forecaster's revision commits through the other server while the import's transaction is open.
      revised = (await revise(60, before.version)).json();
    });
    const errors: unknown[] = [];
    const errorLog = vi.spyOn(server.app.log, 'error').mockImplementation((...args: unknown[]) => {
      errors.push(args);
    });
    try {
      const res = await startImport({ lead: '60' }, file, server.app);
      expect(res.json().code).toBe(0);
      const job = await waitJob(res.json().data.jobId, 'en', server.jobs);
      expect(revised).toMatchObject({ code: 0 });
      const after = await gridRow(t, customer, 60);
      expect(after.version).toBe(before.version + 1);
      expect(after.updated_by_name).toBe('王预报');
      expect(job).toMatchObject({ status: 'failed', result: null });
      expect(job.error).toBe(
        `While the file was being imported, 王预报 changed this grid at ${after.updated_at} (now version ${after.version}); ` +
          'the file was not imported: check that change and import again',
      );
      expect((await readJob(job.id, 'zh')).error).toBe(
        `导入期间该格点场已被 王预报 于 ${after.updated_at} 修改（当前版本 ${after.version}），文件未导入；请确认该修改后重新导入`,
      );
      expect((await readJob(job.id, 'es')).error).toContain('王预报');
      // The revision stands (42 in the square), and the failure was not logged as an internal error.
      expect(valueAt(await storedValues(t, after.storage_key), 108.5, 34.5)).toBe(42);
      expect(errors).toEqual([]);
      // The next import, with nothing racing it, goes through.
      const again = await waitJob((await startImport({ lead: '60' }, file, server.app)).json().data.jobId, 'en', server.jobs);
      expect(again.result).toMatchObject({ version: after.version + 1 });
    } finally {
      errorLog.mockRestore();
      await server.close();
    }
  });

  it('a grid created by someone else while the import creates it is a conflict too', async () => {
    const file = gdal.geoTiff({ west: 105.475, south: 31.575, cellsize: 0.05, nx: 121, ny: 161, nodata: -9999, value: () => 7 });
    const { factorId, typeId } = await factorIds(t, 'fine-grid', 'tmp');
    const server = await racingServer(async () => {
      await new GridStore(t.db.db, t.storage).save(
        { customerId: customer, forecastTypeId: typeId, factorId, baseTime: BASE, leadHours: 63 },
        field(PRODUCT, () => 1),
        { userId: null, name: '李导入' },
      );
    });
    try {
      const job = await waitJob((await startImport({ lead: '63' }, file, server.app)).json().data.jobId, 'en', server.jobs);
      const row = await gridRow(t, customer, 63);
      expect(row).toMatchObject({ version: 1, updated_by_name: '李导入' });
      expect(job.error).toBe(
        `While the file was being imported, 李导入 changed this grid at ${row.updated_at} (now version 1); ` +
          'the file was not imported: check that change and import again',
      );
      expect(bitsOf(await storedValues(t, row.storage_key)).equals(bitsOf(field(PRODUCT, () => 1).values))).toBe(true);
    } finally {
      await server.close();
    }
  });
});
