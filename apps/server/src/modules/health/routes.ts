import { API } from '@agromet/contracts';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { TokenService } from '../../core/auth/tokens.js';
import type { Db } from '../../core/db/index.js';
import { registerRoute } from '../../core/route.js';

export function healthRoutes(app: FastifyInstance, deps: { db: Db; tokens: TokenService; dialect: string }): void {
  registerRoute(app, deps, API.health, {
    handler: async () => {
      await sql`select 1`.execute(deps.db);
      return { data: { status: 'ok' as const, db: deps.dialect, uptime: Math.round(process.uptime()) } };
    },
  });

  registerRoute(app, deps, API.branding, {
    handler: async () => {
      const c = await deps.db.selectFrom('customer').selectAll().where('is_platform', '=', 1).executeTakeFirstOrThrow();
      return { data: { sysName: c.sys_name, logo: c.logo, centerLat: c.center_lat, centerLon: c.center_lon, zoom: c.zoom } };
    },
  });
}
