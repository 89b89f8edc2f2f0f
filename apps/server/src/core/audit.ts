import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from './db/index.js';
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
  // onSend runs before the answer leaves, so a caller that sees the answer also finds the log row.
  app.addHook('onSend', async (req, reply, payload) => {
    const spec = req.routeOptions.config?.audit;
    if (!spec) return payload;
    const subject = req.auth
      ? { userId: req.auth.userId, username: req.auth.username, name: req.auth.name, customerId: req.auth.customerId }
      : req.auditSubject;
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
          ip: req.ip,
          host: header(req, 'host', 256),
          agent: header(req, 'user-agent', 512),
          language: header(req, 'accept-language', 128),
          referer: redactSecrets(header(req, 'referer', 512)),
          origin: header(req, 'origin', 256),
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
