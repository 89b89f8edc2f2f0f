import { API } from '@agromet/contracts';
import type { FastifyInstance } from 'fastify';
import type { TokenService } from '../../core/auth/tokens.js';
import type { Db } from '../../core/db/index.js';
import { registerRoute } from '../../core/route.js';
import * as calendars from './service.js';

/** Crop calendars (docs/crop-calendar.md#calls), under the zoning codes. Every change is logged (type zoning). */
export function cropCalendarRoutes(app: FastifyInstance, deps: { db: Db; tokens: TokenService }): void {
  const { db } = deps;
  registerRoute(app, deps, API.cropCalendarAll, {
    handler: async ({ auth, req }) => ({ data: await calendars.listCalendars(db, auth, req.lang) }),
  });
  registerRoute(app, deps, API.cropCalendarAdd, {
    audit: { action: 'zoning.calendar.add', type: 'zoning', description: '新增作物发育期日历' },
    handler: async ({ auth, body, req }) => ({ data: await calendars.createCalendar(db, auth, body, req.lang) }),
  });
  registerRoute(app, deps, API.cropCalendarUpdate, {
    audit: { action: 'zoning.calendar.update', type: 'zoning', description: '修改作物发育期日历' },
    handler: async ({ auth, body, req }) => ({ data: await calendars.updateCalendar(db, auth, body, req.lang) }),
  });
  registerRoute(app, deps, API.cropCalendarDelete, {
    audit: { action: 'zoning.calendar.delete', type: 'zoning', description: '删除作物发育期日历' },
    handler: async ({ auth, body }) => {
      await calendars.deleteCalendar(db, auth, body.id);
      return { data: null };
    },
  });
}
