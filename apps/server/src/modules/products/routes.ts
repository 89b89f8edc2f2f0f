import { API } from '@agromet/contracts';
import type { FastifyInstance } from 'fastify';
import type { TokenService } from '../../core/auth/tokens.js';
import { registerRoute } from '../../core/route.js';
import * as service from './service.js';
import * as schedules from './schedules.js';
import * as templates from './templates.js';

export type ProductRouteDeps = service.ProductDeps & { tokens: TokenService };

/** Map products: templates, preview, making as a job, the products and their files (docs/products.md#calls). */
export function productRoutes(app: FastifyInstance, deps: ProductRouteDeps): void {
  const { db } = deps;

  registerRoute(app, deps, API.productTemplateList, {
    handler: async ({ auth, req }) => ({ data: await templates.listTemplates(db, auth, req.lang) }),
  });
  registerRoute(app, deps, API.productTemplateSave, {
    audit: { action: 'product.template.save', type: 'product', description: '保存产品模板' },
    handler: async ({ auth, body, req }) => ({ data: await templates.saveTemplate(db, auth, body, req.lang) }),
  });
  registerRoute(app, deps, API.productTemplateDelete, {
    audit: { action: 'product.template.delete', type: 'product', description: '删除产品模板' },
    handler: async ({ auth, body }) => {
      await templates.deleteTemplate(db, auth, body.id);
      return { data: null };
    },
  });
  registerRoute(app, deps, API.productPreview, {
    handler: async ({ auth, body, req }) => ({ data: null, file: await service.previewProduct(deps, auth, body, req.lang) }),
  });
  registerRoute(app, deps, API.productMake, {
    audit: { action: 'product.make', type: 'product', description: '制作地图产品' },
    handler: async ({ auth, body, req }) => ({ data: await service.makeProduct(deps, auth, body, req.lang) }),
  });
  registerRoute(app, deps, API.productPage, {
    handler: async ({ auth, query, req }) => ({ data: await service.productPage(db, auth, query, req.lang) }),
  });
  registerRoute(app, deps, API.productInfo, {
    handler: async ({ auth, query, req }) => ({ data: await service.productInfo(db, auth, query.id, req.lang) }),
  });
  registerRoute(app, deps, API.productScheduleList, {
    handler: async ({ auth, req }) => ({ data: await schedules.listSchedules(db, auth, req.lang) }),
  });
  registerRoute(app, deps, API.productScheduleSave, {
    audit: { action: 'product.schedule.save', type: 'product', description: '保存自动制作计划' },
    handler: async ({ auth, body, req }) => ({ data: await schedules.saveSchedule(deps, auth, body, req.lang) }),
  });
  registerRoute(app, deps, API.productScheduleDelete, {
    audit: { action: 'product.schedule.delete', type: 'product', description: '删除自动制作计划' },
    handler: async ({ auth, body }) => {
      await schedules.deleteSchedule(db, auth, body.id);
      return { data: null };
    },
  });
  registerRoute(app, deps, API.productFile, {
    handler: async ({ auth, query }) => ({ data: null, file: await service.productFile(deps, auth, query.id, query.format) }),
  });
}
