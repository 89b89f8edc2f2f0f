import type { ApiDef } from '@agromet/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AuditSpec } from './audit.js';
import { accessGuard, type AuthContext } from './auth/context.js';
import type { TokenService } from './auth/tokens.js';
import type { Db } from './db/index.js';

type Infer<T> = T extends z.ZodType ? z.output<T> : undefined;

/** The caller of a guarded route is always known (the guard refused anyone else); a public route may have none. */
type AuthOf<D extends ApiDef> = D['access'] extends { kind: 'public' } ? AuthContext | null : AuthContext;

export interface RouteInput<D extends ApiDef> {
  auth: AuthOf<D>;
  body: Infer<D['body']>;
  query: Infer<D['query']>;
  params: Infer<D['params']>;
  req: FastifyRequest;
  reply: FastifyReply;
}

export interface RouteResult<T> {
  data: T;
  msg?: string;
  /** For download routes (`raw` in the contract): the bytes to send instead of the envelope. */
  file?: {
    contentType: string;
    filename: string;
    body: Buffer | string;
    /** Shown in place, cacheable (static data). */ inline?: boolean;
    /** Overrides the cache-control header (e.g. a short private cache for a customer's own data). */
    cacheControl?: string;
    /** More response headers (e.g. the x-grid-meta of a grid's values). */
    headers?: Record<string, string>;
    /** Strong validator of the bytes (quoted): a request naming it in If-None-Match gets 304 without a body. */
    etag?: string;
  };
}

/** The bytes a `raw` route answers (RouteResult.file). */
export type FileAnswer = NonNullable<RouteResult<unknown>['file']>;

/** Whether an If-None-Match header (a list of tags, weak or strong, or *) names `etag`. */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t === `W/${etag}`;
  });
}

/**
 * A content-disposition naming the file: an ASCII `filename` (other characters as `_`) for old clients and, when the
 * name has other characters (a Chinese product name), the exact name as RFC 5987 `filename*=UTF-8''…`.
 */
export function contentDisposition(type: 'inline' | 'attachment', filename: string): string {
  const ascii = `${type}; filename="${filename.replace(/[^\w.-]/g, '_')}"`;
  return /^[\w.-]*$/.test(filename) ? ascii : `${ascii}; filename*=UTF-8''${encodeRFC5987(filename)}`;
}

const encodeRFC5987 = (s: string) => encodeURIComponent(s).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

const envelope = (data: z.ZodType) => z.object({ code: z.number(), msg: z.string(), data });

/**
 * Registers one route of the contracts' API table: its schemas validate the request, its access rule
 * guards it, and the handler returns `data` (and optionally `msg`) for the envelope.
 */
export function registerRoute<D extends ApiDef>(
  app: FastifyInstance,
  deps: { db: Db; tokens: TokenService },
  def: D,
  opts: {
    audit?: AuditSpec;
    bodyLimit?: number;
    handler: (input: RouteInput<D>) => Promise<RouteResult<z.input<D['data']>>>;
  },
): void {
  app.route({
    method: def.method,
    url: def.url,
    bodyLimit: opts.bodyLimit,
    config: { audit: opts.audit },
    schema: {
      summary: def.summary,
      ...(def.body && !def.multipart ? { body: def.body } : {}),
      ...(def.query ? { querystring: def.query } : {}),
      ...(def.params ? { params: def.params } : {}),
      ...(def.raw ? {} : { response: { 200: envelope(def.data) } }),
      ...(def.access.kind === 'public' ? {} : { security: [{ bearer: [] }] }),
    },
    // Authentication before validation: an anonymous caller learns nothing about the body rules.
    onRequest: accessGuard(def.access, deps.db, deps.tokens),
    handler: async (req, reply) => {
      if (def.access.kind !== 'public' && !req.auth)
        throw new Error(`${def.method} ${def.url}: the access guard let a request through without a caller`);
      const result = await opts.handler({
        auth: req.auth as AuthOf<D>,
        body: req.body as never,
        query: req.query as never,
        params: req.params as never,
        req,
        reply,
      });
      if (result.file) {
        const { etag, headers = {} } = result.file;
        reply.header('cache-control', result.file.cacheControl ?? (result.file.inline ? 'public, max-age=86400' : 'no-store'));
        for (const [name, value] of Object.entries(headers)) reply.header(name, value);
        if (etag) {
          reply.header('etag', etag);
          if (matchesEtag(req.headers['if-none-match'], etag)) return reply.status(304).send();
        }
        return reply
          .header('content-type', result.file.contentType)
          .header('content-disposition', contentDisposition(result.file.inline ? 'inline' : 'attachment', result.file.filename))
          .send(result.file.body);
      }
      return { code: 0, msg: result.msg ?? 'success', data: result.data };
    },
  });
}
