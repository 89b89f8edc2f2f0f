import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Insertable } from 'kysely';
import type { Db } from './db/index.js';
import type { OperationLogTable } from './db/schema.js';
import { nowIso } from './db/index.js';
import { redactSecrets } from './log-redact.js';
import type { LogType } from '@agromet/contracts';

/** What a mutating route records in the operation log. */
export interface AuditSpec {
  action: string;
  type: LogType;
  description: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    audit?: AuditSpec;
  }
  interface FastifyRequest {
    /** The envelope code answered, for the log. */
    resultCode: number;
    /** Who the log row is about when nobody is signed in (sign-in attempts). */
    auditSubject: { userId: number | null; username: string; name: string; customerId: number | null } | null;
    /** Extra parameters a handler wants in the log (e.g. an upload's file name). */
    auditExtra: Record<string, unknown> | null;
  }
}

/**
 * The action of the row that sums up refused anonymous calls (no session, no sign-in subject: a 401 for a missing
 * token, a refused public write) per client address and minute, rather than a row each: a flood of them from one
 * address adds one row whose count grows (docs/architecture.md#operation-log).
 */
export const ANONYMOUS_REFUSED_ACTION = 'anonymous.refused';
/** What the summary row stores as its description (the zh text of log.action.anonymous.refused). */
const ANONYMOUS_REFUSED_DESCRIPTION = '匿名请求被拒绝（按地址与分钟汇总）';
/** How often a summary row's count is written while refusals keep coming. */
export const SUMMARY_FLUSH_MS = 1000;
/** At most this many address-minutes are counted at once; past it, a new one is not summarised in this process. */
const MAX_SUMMARIES = 10_000;

interface Summary {
  minute: string;
  /** The row, once inserted (null while its insert runs, or when it failed). */
  id: number | null;
  inserting: Promise<void> | null;
  count: number;
  written: number;
  /** Refusals per audited action. */
  actions: Record<string, number>;
  /** Refusals per HTTP status. */
  statuses: Record<string, number>;
}

/**
 * Refused anonymous calls summed up per client address and minute: the first of an address-minute inserts the row
 * (before its answer leaves, as every audited call), the next ones count in memory and the count is written to the
 * row's parameter at most every SUMMARY_FLUSH_MS, and when the server closes. Each process counts its own: behind
 * nginx with several API processes an address-minute has at most one row per process.
 */
class RefusalSummaries {
  private readonly byKey = new Map<string, Summary>();
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly log: { error(obj: object, msg: string): void },
  ) {}

  /** Counts a refusal: the first of its address-minute inserts `row` with the count as its parameter. */
  async record(
    req: FastifyRequest,
    reply: FastifyReply,
    spec: AuditSpec,
    row: Omit<Insertable<OperationLogTable>, 'parameter'>,
  ): Promise<void> {
    const at = row.created_at;
    const minute = at.slice(0, 16);
    const key = `${req.ip}\u0000${minute}`;
    const existing = this.byKey.get(key);
    if (existing) {
      existing.count += 1;
      existing.actions[spec.action] = (existing.actions[spec.action] ?? 0) + 1;
      existing.statuses[reply.statusCode] = (existing.statuses[reply.statusCode] ?? 0) + 1;
      this.schedule();
      return;
    }
    if (this.byKey.size >= MAX_SUMMARIES) this.forgetOld(minute);
    const summary: Summary = {
      minute,
      id: null,
      inserting: null,
      count: 1,
      written: 1,
      actions: { [spec.action]: 1 },
      statuses: { [reply.statusCode]: 1 },
    };
    if (this.byKey.size < MAX_SUMMARIES) this.byKey.set(key, summary);
    summary.inserting = (async () => {
      try {
        const inserted = await this.db
          .insertInto('operation_log')
          .values({ ...row, parameter: this.parameter(summary) })
          .returning('id')
          .executeTakeFirstOrThrow();
        summary.id = inserted.id;
      } catch (err) {
        this.log.error({ err }, 'operation log write failed');
      } finally {
        summary.inserting = null;
      }
    })();
    await summary.inserting;
  }

  private parameter(s: Summary): string {
    return JSON.stringify({ count: s.count, minute: `${s.minute}Z`, actions: s.actions, statuses: s.statuses });
  }

  private schedule(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, SUMMARY_FLUSH_MS);
    this.timer.unref();
  }

  /** Writes every changed count; forgets address-minutes that are over and written. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(async () => {
      const current = new Date().toISOString().slice(0, 16);
      for (const [key, s] of this.byKey) {
        if (s.inserting) await s.inserting;
        if (s.id !== null && s.count > s.written) {
          const count = s.count;
          try {
            await this.db
              .updateTable('operation_log')
              .set({ parameter: this.parameter(s) })
              .where('id', '=', s.id)
              .execute();
            s.written = count;
          } catch (err) {
            this.log.error({ err }, 'operation log summary write failed');
          }
        }
        if (s.minute < current && (s.written >= s.count || s.id === null)) this.byKey.delete(key);
      }
    });
    return this.flushing;
  }

  /** Makes room: address-minutes before `minute` that are written. */
  private forgetOld(minute: string): void {
    for (const [key, s] of this.byKey) if (s.minute < minute && s.written >= s.count && !s.inserting) this.byKey.delete(key);
  }

  async close(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.flush();
  }
}

const SECRET_KEY = /pass(word)?|token|secret|authorization|cookie|signature|api[-_]?key|aes[-_]?key|credential/i;
const MAX_PARAMETER_LENGTH = 4000;

/** A copy with every secret-looking field replaced, and secrets inside text values redacted, at any depth. */
export function redact(value: unknown, depth = 0): unknown {
  if (depth > 8) return '[…]';
  if (Array.isArray(value)) return value.slice(0, 100).map((v) => redact(v, depth + 1));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = SECRET_KEY.test(k) ? '******' : redact(v, depth + 1);
    return out;
  }
  // A secret inside a text value (an address with ?token=…, a bearer header, a JWT) is redacted too.
  if (typeof value === 'string') return redactSecrets(value.length > 500 ? `${value.slice(0, 500)}…` : value);
  return value;
}

function header(req: FastifyRequest, name: string, max: number): string {
  const v = req.headers[name];
  return (Array.isArray(v) ? v.join(', ') : (v ?? '')).slice(0, max);
}

/** Where a logged call came from: its address and headers, cut to their columns' sizes (the referer without secrets). */
function requestColumns(req: FastifyRequest) {
  return {
    ip: req.ip,
    host: header(req, 'host', 256),
    agent: header(req, 'user-agent', 512),
    language: header(req, 'accept-language', 128),
    referer: redactSecrets(header(req, 'referer', 512)),
    origin: header(req, 'origin', 256),
  };
}

/** The audited routes of each app, as registered (a test checks every action has its text in every language). */
const auditedRoutes = new WeakMap<FastifyInstance, Array<{ method: string; url: string; audit: AuditSpec }>>();

export function auditedRoutesOf(app: FastifyInstance): ReadonlyArray<{ method: string; url: string; audit: AuditSpec }> {
  return auditedRoutes.get(app) ?? [];
}

export function registerAudit(app: FastifyInstance, db: Db): void {
  const routes: Array<{ method: string; url: string; audit: AuditSpec }> = [];
  auditedRoutes.set(app, routes);
  app.addHook('onRoute', (opts) => {
    const audit = (opts.config as { audit?: AuditSpec } | undefined)?.audit;
    if (audit) routes.push({ method: String(opts.method), url: opts.url, audit });
  });
  app.decorateRequest('resultCode', 0);
  app.decorateRequest('auditSubject', null);
  app.decorateRequest('auditExtra', null);
  const summaries = new RefusalSummaries(db, app.log);
  app.addHook('onClose', async () => summaries.close());
  // onSend runs before the answer leaves, so a caller that sees the answer also finds the log row.
  app.addHook('onSend', async (req, reply, payload) => {
    const spec = req.routeOptions.config?.audit;
    if (!spec) return payload;
    const subject = req.auth
      ? { userId: req.auth.userId, username: req.auth.username, name: req.auth.name, customerId: req.auth.customerId }
      : req.auditSubject;
    if (!subject && reply.statusCode >= 400) {
      // Nobody signed in and refused: summed up per address and minute, not a row each.
      await summaries.record(req, reply, spec, {
        customer_id: null,
        action: ANONYMOUS_REFUSED_ACTION,
        operator_name: '',
        type: 'auth',
        description: ANONYMOUS_REFUSED_DESCRIPTION,
        user_id: null,
        username: '',
        ...requestColumns(req),
        status_code: reply.statusCode,
        result_code: req.resultCode,
        created_at: nowIso(),
      });
      return payload;
    }
    const parameter = JSON.stringify(
      redact({
        query: req.query ?? {},
        params: req.params ?? {},
        body: req.isMultipart() ? undefined : (req.body ?? undefined),
        ...(req.auditExtra ?? {}),
        // Done by a platform administrator in another customer's context: the row is that customer's, and says so.
        ...(req.auth && req.auth.customerId !== req.auth.homeCustomerId ? { actAsCustomer: req.auth.customerId } : {}),
      }),
    ).slice(0, MAX_PARAMETER_LENGTH);
    try {
      await db
        .insertInto('operation_log')
        .values({
          customer_id: subject?.customerId ?? null,
          action: spec.action,
          operator_name: subject?.name ?? '',
          type: spec.type,
          parameter,
          description: spec.description,
          user_id: subject?.userId ?? null,
          username: subject?.username ?? '',
          ...requestColumns(req),
          status_code: reply.statusCode,
          result_code: reply.statusCode < 400 ? 0 : req.resultCode,
          created_at: nowIso(),
        })
        .execute();
    } catch (err) {
      req.log.error({ err }, 'operation log write failed');
    }
    return payload;
  });
}
