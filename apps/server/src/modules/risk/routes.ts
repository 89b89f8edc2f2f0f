import { API } from '@agromet/contracts';
import type { FastifyInstance } from 'fastify';
import type { TokenService } from '../../core/auth/tokens.js';
import { registerRoute } from '../../core/route.js';
import * as hazards from './hazards.js';
import * as products from './products.js';
import { cropOptions, exposureOptions } from './run-inputs.js';

export type RiskRouteDeps = products.RiskDeps & { tokens: TokenService };

/** The job kind of risk products: risk.execute. */
export function defineRiskJobs(deps: products.RiskDeps): void {
  products.defineRiskJob(deps);
}

/** Crop risk products: hazards, runs and products (docs/risk.md#calls). Every change is logged. */
export function riskRoutes(app: FastifyInstance, deps: RiskRouteDeps): void {
  const { db } = deps;
  registerRoute(app, deps, API.riskHazardAll, {
    handler: async ({ auth, req }) => ({ data: await hazards.listHazards(db, auth, req.lang) }),
  });
  registerRoute(app, deps, API.riskHazardAdd, {
    audit: { action: 'risk.hazard.add', type: 'risk', description: '新增灾害定义' },
    handler: async ({ auth, body, req }) => ({ data: await hazards.createHazard(db, auth, body, req.lang) }),
  });
  registerRoute(app, deps, API.riskHazardUpdate, {
    audit: { action: 'risk.hazard.update', type: 'risk', description: '修改灾害定义' },
    handler: async ({ auth, body, req }) => ({ data: await hazards.updateHazard(db, auth, body, req.lang) }),
  });
  registerRoute(app, deps, API.riskHazardDelete, {
    audit: { action: 'risk.hazard.delete', type: 'risk', description: '删除灾害定义' },
    handler: async ({ auth, body }) => {
      await hazards.deleteHazard(db, auth, body.id);
      return { data: null };
    },
  });
  registerRoute(app, deps, API.riskExposures, {
    handler: async ({ auth, req }) => ({ data: await exposureOptions(db, auth, req.lang) }),
  });
  registerRoute(app, deps, API.riskCrops, {
    handler: async ({ auth, req }) => ({ data: await cropOptions(db, auth, req.lang) }),
  });
  registerRoute(app, deps, API.riskExecute, {
    audit: { action: 'risk.execute', type: 'risk', description: '制作风险产品' },
    handler: async ({ auth, body, req }) => ({ data: await products.executeRisk(deps, auth, body, req.lang) }),
  });
  registerRoute(app, deps, API.riskRunning, { handler: async ({ auth }) => ({ data: await products.runningRiskProducts(db, auth) }) });
  registerRoute(app, deps, API.riskProduct, {
    handler: async ({ auth, query, req }) => ({ data: await products.getRiskProduct(db, auth, query.productId, req.lang) }),
  });
  registerRoute(app, deps, API.riskProductPage, {
    handler: async ({ auth, query, req }) => ({ data: await products.riskProductPage(db, auth, query, req.lang) }),
  });
  registerRoute(app, deps, API.riskDelete, {
    audit: { action: 'risk.delete', type: 'risk', description: '删除风险产品' },
    handler: async ({ auth, body }) => {
      await products.deleteRiskProduct(deps, auth, body.productId);
      return { data: null };
    },
  });
}
