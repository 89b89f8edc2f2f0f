import type { GridGeometry } from '@agromet/grid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHAANXI_STATIONS } from '../src/modules/stations/demo.js';
import { FACTORS } from '../src/modules/zoning/factors.js';
import { seedDemoZoning } from '../src/modules/zoning/demo.js';
import { productFiles, productGeometry } from '../src/modules/zoning/products.js';
import { consoleCleanupLog } from '../src/core/storage.js';
import { demoAppAs, type TestApp } from './helpers.js';

/**
 * The demo's base factors gridded by evidence (docs/zoning.md#base-factors-from-stations-gridding-and-cross-validation)
 * on its smooth relief (docs/zoning.md#the-demo-elevation): shares never sit on a bound, every fit reports the
 * leave-one-out error of both ways and uses the smaller, and the zoning maps draw no island of a class around a
 * station (the rings the old elevation's pits and cones drew at Baoji on tea and at Huashan on kiwifruit).
 */

const NO_CLASS = 255;

/**
 * Patches of one class, all of whose cells lie within `radius` cells of a station and one of which comes within
 * `near` cells of it: a class made by the station itself rather than by the landscape (a ring or a spot around it).
 */
export function islandsAround(classes: Uint8Array, geometry: GridGeometry, lon: number, lat: number, radius = 12, near = 2): number {
  const { nx, ny } = geometry;
  const ci = Math.round((lon - geometry.lon0) / geometry.dx);
  const cj = Math.round((lat - geometry.lat0) / geometry.dy);
  const seen = new Uint8Array(nx * ny);
  let islands = 0;
  for (let j = Math.max(0, cj - near); j <= Math.min(ny - 1, cj + near); j++) {
    for (let i = Math.max(0, ci - near); i <= Math.min(nx - 1, ci + near); i++) {
      const start = j * nx + i;
      if (seen[start] || classes[start] === NO_CLASS) continue;
      // flood the patch (4-neighbours); it is an island when it never leaves the radius
      const c = classes[start]!;
      const stack = [start];
      seen[start] = 1;
      let inside = true;
      while (stack.length > 0) {
        const k = stack.pop()!;
        const [x, y] = [k % nx, Math.floor(k / nx)];
        if (Math.hypot(x - ci, y - cj) > radius) inside = false;
        for (const [a, b] of [
          [x + 1, y],
          [x - 1, y],
          [x, y + 1],
          [x, y - 1],
        ] as const) {
          if (a < 0 || b < 0 || a >= nx || b >= ny) continue;
          const m = b * nx + a;
          if (!seen[m] && classes[m] === c) {
            seen[m] = 1;
            stack.push(m);
          }
        }
      }
      if (inside) islands++;
    }
  }
  return islands;
}

describe('the demo base factors and zoning', () => {
  let demo: TestApp;
  let token = '';
  beforeAll(async () => {
    [demo, token] = await demoAppAs('demo-zoning');
  });
  afterAll(() => demo.close());
  const headers = () => ({ authorization: `Bearer ${token}`, 'accept-language': 'en' });
  const get = (url: string) => demo.app.inject({ method: 'GET', url, headers: headers() });
  const post = (url: string, payload: unknown) => demo.app.inject({ method: 'POST', url, payload: payload as never, headers: headers() });

  it('grids shares on the logit scale with no cell on a bound, and keeps residuals only where they lower the LOO error', async () => {
    const list = (await get('/api/baseWeatherFactor/allFactorAndAltitude')).json().data as Array<{
      code: string;
      source: string;
      min: number;
      max: number;
      gridMin: number;
      gridMax: number;
      fit: {
        scale: string;
        looRmse: number;
        looRmseRegression: number;
        looRmseResiduals: number;
        residuals: boolean;
      };
    }>;
    const report: Record<string, string> = {};
    for (const f of list.filter((x) => x.source === 'stations')) {
      const share = FACTORS.find((d) => d.code === f.code)!.kind === 'share';
      expect(f.fit.scale, f.code).toBe(share ? 'logit' : 'linear');
      expect(f.fit.looRmseRegression, f.code).toBeGreaterThan(0);
      expect(f.fit.looRmseResiduals, f.code).toBeGreaterThan(0);
      expect(f.fit.residuals, f.code).toBe(f.fit.looRmseResiduals < f.fit.looRmseRegression);
      expect(f.fit.looRmse, f.code).toBe(Math.min(f.fit.looRmseRegression, f.fit.looRmseResiduals));
      report[f.code] =
        `${f.fit.looRmseRegression.toFixed(2)} / ${f.fit.looRmseResiduals.toFixed(2)} → ${f.fit.residuals ? 'residuals' : 'regression'}; ` +
        `${f.gridMin.toFixed(1)}…${f.gridMax.toFixed(1)}`;
      // No cell clipped: a share's grid stays strictly inside its range, counted cell by cell.
      if (share) {
        const res = await get(`/api/baseWeatherFactor/grid?code=${f.code}`);
        const values = new Float32Array(new Uint8Array(res.rawPayload).buffer);
        let onBound = 0;
        let cells = 0;
        for (const v of values) {
          if (Number.isNaN(v)) continue;
          cells++;
          if (v <= f.min || v >= f.max) onBound++;
        }
        expect(cells, f.code).toBeGreaterThan(30_000);
        expect(onBound, f.code).toBe(0);
      }
    }
    console.log('LOO RMSE regression / with residuals → chosen; grid range', report);
  });

  it('draws no island of a class around a station on the tea and kiwifruit maps, with class areas that still make sense', async () => {
    const crops = (await get('/api/crop/all')).json().data as Array<{ id: number; nameEn: string }>;
    const areas: Record<string, number[]> = {};
    for (const crop of ['Tea', 'Kiwifruit']) {
      const criterion = (await get(`/api/qhCriterion/allByCrop?cropId=${crops.find((c) => c.nameEn === crop)!.id}`)).json().data[0];
      const res = await post('/api/quhua/execute', { criteriaId: criterion.id, name: crop });
      await demo.jobs.waitFor(res.json().data.jobId);
      const productId = res.json().data.productId as number;
      const row = await demo.db.db.selectFrom('zoning_product').selectAll().where('id', '=', productId).executeTakeFirstOrThrow();
      const files = await productFiles(demo.storage, row);
      const geometry = productGeometry(row)!;
      const islands = Object.fromEntries(SHAANXI_STATIONS.map((s) => [s.name, islandsAround(files.classes, geometry, s.lon, s.lat)]));
      console.log(`${crop}: islands around stations`, islands);
      for (const s of SHAANXI_STATIONS) expect(islands[s.name], `${crop} at ${s.name}`).toBe(0);
      const product = (await get(`/api/quhua/product?productId=${productId}`)).json().data;
      areas[crop] = product.stats.classAreasKm2.map((a: number) => Math.round(a));
      // the checks of a specialist: the Han valley well rated, the north unsuitable
      const classAt = async (lon: number, lat: number) => (await post('/api/quhua/querydata', { productId, lon, lat })).json().data.class;
      expect(await classAt(107.03, 33.07)).toBeLessThanOrEqual(1);
      expect(await classAt(109.78, 38.27)).toBe(3);
      // Against the maps of the bent elevation with linear, always-interpolated factors (km², most suitable first):
      // the Guanzhong plain and the Han valley now lie at their heights everywhere, not only at the stations, so the
      // suitable classes grow a little, the classes of the province move by no more than 12 % of its area.
      const before = { Tea: [0, 7003, 29866, 168892], Kiwifruit: [22862, 31293, 72177, 79430] }[crop]!;
      areas[crop]!.forEach((a, k) => expect(Math.abs(a - before[k]!), `${crop} class ${k}`).toBeLessThan(25_000));
    }
    console.log('class areas km² (most suitable … unsuitable)', areas);
  });

  it('makes a demo gridded before evidence (fits without scale) again at start, and leaves a current one alone', async () => {
    const db = demo.db.db;
    const altitude = await db.selectFrom('zoning_base_factor').selectAll().where('code', '=', 'altitude').executeTakeFirstOrThrow();
    const customerId = altitude.customer_id;
    expect(await seedDemoZoning(db, demo.storage, consoleCleanupLog, customerId)).toBe(false);
    // An old demo's fits: no scale, no second error.
    const stations = await db.selectFrom('zoning_base_factor').selectAll().where('source', '=', 'stations').execute();
    for (const r of stations) {
      const { coefficients, r2, looRmse, stationCount } = JSON.parse(r.fit!);
      await db
        .updateTable('zoning_base_factor')
        .set({ fit: JSON.stringify({ coefficients, r2, looRmse, stationCount }) })
        .where('id', '=', r.id)
        .execute();
    }
    const list = (await get('/api/baseWeatherFactor/allFactorAndAltitude')).json().data as Array<{
      code: string;
      fit: Record<string, unknown> | null;
    }>;
    // read as the old method: linear, residuals always added, the regression alone not measured
    expect(list.find((f) => f.code === 'springFrost')!.fit).toMatchObject({ scale: 'linear', residuals: true, looRmseRegression: null });
    expect(await seedDemoZoning(db, demo.storage, consoleCleanupLog, customerId)).toBe(true);
    const after = await db.selectFrom('zoning_base_factor').select(['code', 'version', 'fit']).execute();
    expect(after.find((r) => r.code === 'altitude')!.version).toBe(altitude.version + 1);
    for (const r of after.filter((x) => stations.some((s) => s.code === x.code))) expect(JSON.parse(r.fit!).scale, r.code).toBeDefined();
  });
});
