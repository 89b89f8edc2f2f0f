import { API, type JobInfo } from '@agromet/contracts';
import type { FastifyInstance } from 'fastify';
import type { TokenService } from '../../core/auth/tokens.js';
import type { Db } from '../../core/db/index.js';
import { errors } from '../../core/errors.js';
import { jobErrorMessage, type JobRow } from '../../core/jobs.js';
import type { Lang } from '../../core/messages.js';
import { registerRoute } from '../../core/route.js';

export function jobView(row: JobRow, lang: Lang): JobInfo {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    progress: row.progress,
    error: jobErrorMessage(row.error, lang),
    result: row.result === null ? null : JSON.parse(row.result),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function jobRoutes(app: FastifyInstance, deps: { db: Db; tokens: TokenService }): void {
  // Another customer's job answers 4004 like a missing one.
  registerRoute(app, deps, API.jobGet, {
    handler: async ({ auth, req, params }) => {
      const row = await deps.db
        .selectFrom('job')
        .selectAll()
        .where('id', '=', params.id)
        .where('customer_id', '=', auth.customerId)
        .executeTakeFirst();
      if (!row) throw errors.notFound();
      return { data: jobView(row, req.lang) };
    },
  });
}
