import { z } from 'zod';

export const HealthData = z.object({ status: z.literal('ok'), db: z.string(), uptime: z.number() });
/** Liveness (GET /api/health/live): the process runs and its event loop turns; asks nothing of the database. */
export const LivenessData = z.object({ status: z.literal('ok'), uptime: z.number() });
/** One dependency as the readiness check last found it. */
export const ReadinessState = z.enum(['ok', 'unavailable', 'none']);
/**
 * Readiness (GET /api/health/ready): whether this process can serve calls now: the database, file storage and Redis
 * (`none` without REDIS_URL) reachable and no migration running, each probed at most every few seconds. Answered 200 when ready; otherwise 503 in the
 * envelope (5031 storage, 5030 database or Redis) with the same object as `data`.
 */
export const ReadinessData = z.object({
  ready: z.boolean(),
  db: ReadinessState,
  storage: ReadinessState,
  redis: ReadinessState,
  /** `running` while the database's schema is being migrated (or lacks a migration this release runs). */
  migrations: z.enum(['ok', 'running']),
  checkedAt: z.string(),
});
