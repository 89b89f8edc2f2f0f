import { API, type JobInfo, type JobSummary } from '@agromet/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { TokenService } from '../../core/auth/tokens.js';
import type { Db } from '../../core/db/index.js';
import { errors } from '../../core/errors.js';
import { jobErrorMessage, type JobRow } from '../../core/jobs.js';
import type { Lang } from '../../core/messages.js';
import { registerRoute } from '../../core/route.js';
import { parseStoredJsonOrNull } from '../../core/stored-json.js';

export function jobView(row: JobRow, lang: Lang): JobInfo {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    progress: row.progress,
    error: jobErrorMessage(row.error, lang),
    result: parseStoredJsonOrNull(z.unknown(), row.result, { table: 'job', id: row.id, column: 'result' }),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** How many finished jobs the dashboard lists, from how far back. */
const RECENT_FINISHED = 10;
const RECENT_DAYS = 7;

function jobSummary(row: JobRow, lang: Lang): JobSummary {
  const { result: _result, ...summary } = jobView({ ...row, result: null }, lang);
  return summary;
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

  // Only the caller's own jobs, in the caller's customer: what they started and may want to follow.
  registerRoute(app, deps, API.jobRecent, {
    handler: async ({ auth, req }) => {
      const mine = deps.db.selectFrom('job').selectAll().where('customer_id', '=', auth.customerId).where('user_id', '=', auth.userId);
      const since = new Date(Date.now() - RECENT_DAYS * 86_400_000).toISOString();
      const [active, finished] = await Promise.all([
        mine.where('status', 'in', ['queued', 'running']).orderBy('created_at', 'desc').limit(100).execute(),
        mine
          .where('status', 'in', ['done', 'failed'])
          .where('updated_at', '>=', since)
          .orderBy('updated_at', 'desc')
          .limit(RECENT_FINISHED)
          .execute(),
      ]);
      return { data: { active: active.map((r) => jobSummary(r, req.lang)), finished: finished.map((r) => jobSummary(r, req.lang)) } };
    },
  });
}
