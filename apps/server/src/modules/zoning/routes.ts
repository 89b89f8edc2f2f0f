import { API, BaseFactorImportFields, GRID_IMPORT_MAX_MB, NORMALS_IMPORT_MAX_KB, type BaseFactorCode } from '@agromet/contracts';
import type { FastifyInstance } from 'fastify';
import type { TokenService } from '../../core/auth/tokens.js';
import { errors } from '../../core/errors.js';
import { readFileForm } from '../../core/multipart.js';
import { registerRoute } from '../../core/route.js';
import * as criteria from './criteria.js';
import * as crops from './crops.js';
import * as factors from './base-factors.js';
import { downloadProduct } from './download.js';
import { defineFactorJobs, queueFactorImport, REGRID_JOB, type FactorJobDeps, type RegridPayload } from './factor-jobs.js';
import { factorGridFile } from './grid-file.js';
import { ZoningGridder } from './gridding.js';
import { importNormalsCsv } from './normals.js';
import { queryCell } from './product-cells.js';
import * as products from './products.js';

export type ZoningRouteDeps = FactorJobDeps & { tokens: TokenService };

/**
 * The job kinds of zoning: zoning.execute (a product), zoning.regrid (base factors from normals), zoning.importGrid.
 * Gridding runs in a worker thread; close() stops it.
 */
export function defineZoningJobs(deps: Omit<FactorJobDeps, 'grid'>): { close(): Promise<void> } {
  const gridder = new ZoningGridder();
  defineFactorJobs({ ...deps, grid: gridder.grid });
  products.defineZoningJob(deps);
  return { close: () => gridder.close() };
}

/** Agro-climatic zoning: crops, criteria, base factors and products (docs/zoning.md#calls). Every change is logged. */
export function zoningRoutes(app: FastifyInstance, deps: ZoningRouteDeps): void {
  const { db, storage } = deps;

  // ---- crops ----
  registerRoute(app, deps, API.cropAll, { handler: async ({ auth, req }) => ({ data: await crops.listCrops(db, auth, req.lang) }) });
  registerRoute(app, deps, API.cropAdd, {
    audit: { action: 'zoning.crop.add', type: 'zoning', description: '新增作物' },
    handler: async ({ auth, body, req }) => ({ data: await crops.createCrop(db, auth, body, req.lang) }),
  });
  registerRoute(app, deps, API.cropUpdate, {
    audit: { action: 'zoning.crop.update', type: 'zoning', description: '修改作物' },
    handler: async ({ auth, body, req }) => ({ data: await crops.updateCrop(db, auth, body, req.lang) }),
  });
  registerRoute(app, deps, API.cropDelete, {
    audit: { action: 'zoning.crop.delete', type: 'zoning', description: '删除作物' },
    handler: async ({ auth, body }) => {
      await crops.deleteCrop(db, auth, body.id);
      return { data: null };
    },
  });

  // ---- criteria ----
  registerRoute(app, deps, API.criterionAllByCrop, {
    handler: async ({ auth, query, req }) => ({ data: await criteria.criteriaOfCrop(db, auth, query.cropId, req.lang) }),
  });
  registerRoute(app, deps, API.criterionPage, {
    handler: async ({ auth, query, req }) => ({ data: await criteria.criteriaPage(db, auth, query, req.lang) }),
  });
  registerRoute(app, deps, API.criterionGet, {
    handler: async ({ auth, query, req }) => ({ data: await criteria.criterionById(db, auth.customerId, query.criteriaId, req.lang) }),
  });
  registerRoute(app, deps, API.criterionAdd, {
    audit: { action: 'zoning.criterion.add', type: 'zoning', description: '新增区划指标' },
    handler: async ({ auth, body, req }) => ({ data: await criteria.createCriterion(db, auth, body, req.lang) }),
  });
  registerRoute(app, deps, API.criterionUpdate, {
    audit: { action: 'zoning.criterion.update', type: 'zoning', description: '修改区划指标' },
    handler: async ({ auth, body, req }) => ({ data: await criteria.updateCriterion(db, auth, body, req.lang) }),
  });
  registerRoute(app, deps, API.criterionDelete, {
    audit: { action: 'zoning.criterion.delete', type: 'zoning', description: '删除区划指标' },
    handler: async ({ auth, body }) => {
      await criteria.deleteCriterion(db, auth, body.criteriaId);
      return { data: null };
    },
  });

  // ---- base factors ----
  registerRoute(app, deps, API.baseFactorAll, {
    handler: async ({ auth, req }) => ({ data: await factors.listBaseFactors(db, auth.customerId, req.lang) }),
  });
  registerRoute(app, deps, API.baseFactorHistogram, {
    handler: async ({ auth, query }) => ({ data: await factors.factorHistogram(db, storage, auth.customerId, query.code, query.bins) }),
  });
  registerRoute(app, deps, API.baseFactorGrid, {
    handler: async ({ auth, query }) => ({ data: null, file: await factorGridFile(db, storage, auth.customerId, query.code) }),
  });
  registerRoute(app, deps, API.baseFactorNormals, {
    handler: async ({ auth }) => ({ data: await factors.stationNormals(db, auth.customerId) }),
  });
  registerRoute(app, deps, API.baseFactorImportNormals, {
    audit: { action: 'zoning.normals.import', type: 'zoning', description: '导入站点气候值' },
    handler: async ({ auth, req }) => {
      const { file } = await readFileForm(req, BaseFactorImportFields.partial(), { maxMb: NORMALS_IMPORT_MAX_KB / 1024 });
      const imported = await importNormalsCsv(db, auth.customerId, file.bytes, req.lang);
      const jobId = await deps.jobs.enqueue<RegridPayload>(
        REGRID_JOB,
        { customerId: auth.customerId, codes: imported.factors, by: auth.name, lang: req.lang },
        { customerId: auth.customerId, userId: auth.userId },
      );
      return { data: { jobId, rows: imported.rows, stations: imported.stations, factors: imported.factors as BaseFactorCode[] } };
    },
  });
  registerRoute(app, deps, API.baseFactorImportGrid, {
    audit: { action: 'zoning.factor.import', type: 'zoning', description: '导入基础因子格点' },
    handler: async ({ auth, req }) => {
      const { fields, file } = await readFileForm(req, BaseFactorImportFields, { maxMb: GRID_IMPORT_MAX_MB });
      if (fields.code === 'slope') throw errors.validation('code', 'zoning.notImportable', { factor: fields.code });
      const jobId = await queueFactorImport(deps, {
        customerId: auth.customerId,
        code: fields.code,
        fileName: file.name,
        by: auth.name,
        lang: req.lang,
        bytes: file.bytes,
      });
      return { data: { jobId } };
    },
  });

  // ---- products ----
  registerRoute(app, deps, API.zoningExecute, {
    audit: { action: 'zoning.execute', type: 'zoning', description: '制作区划产品' },
    handler: async ({ auth, body, req }) => ({ data: await products.executeZoning(deps, auth, body, req.lang) }),
  });
  registerRoute(app, deps, API.zoningRunning, { handler: async ({ auth }) => ({ data: await products.runningProducts(db, auth) }) });
  registerRoute(app, deps, API.zoningProduct, {
    handler: async ({ auth, query, req }) => ({ data: await products.getProduct(db, auth, query.productId, req.lang) }),
  });
  registerRoute(app, deps, API.zoningProductPage, {
    handler: async ({ auth, query, req }) => ({ data: await products.productPage(db, auth, query, req.lang) }),
  });
  registerRoute(app, deps, API.zoningQuery, {
    handler: async ({ auth, body, req }) => ({ data: await queryCell(deps, auth, body, req.lang) }),
  });
  registerRoute(app, deps, API.zoningDelete, {
    audit: { action: 'zoning.delete', type: 'zoning', description: '删除区划产品' },
    handler: async ({ auth, body }) => {
      await products.deleteProduct(deps, auth, body.productId);
      return { data: null };
    },
  });
  registerRoute(app, deps, API.zoningDownload, {
    handler: async ({ auth, query, req }) => ({ data: null, file: await downloadProduct(deps, auth, query.productId, req.lang) }),
  });
}
