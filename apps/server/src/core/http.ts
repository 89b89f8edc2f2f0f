import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { ErrorCode, httpStatusOf } from '@agromet/contracts';
import type { ConnectionError, FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from './errors.js';
import { isMessageKey, pickLanguage, translate, type Lang } from './messages.js';

declare module 'fastify' {
  interface FastifyRequest {
    lang: Lang;
  }
}

const zodLocales = { zh: z.locales.zhCN, en: z.locales.en, es: z.locales.es } as const;

type ValidationContext = 'body' | 'querystring' | 'params' | 'headers';

/** Validation with zod; failures carry the schema and data so the error handler can word them in the caller's language. */
export function zodValidatorCompiler({ schema }: { schema: unknown }) {
  const zodSchema = schema as z.ZodType;
  return (data: unknown) => {
    const result = zodSchema.safeParse(data);
    if (result.success) return { value: result.data };
    const error = Object.assign(new Error('validation failed'), { zodSchema, zodData: data });
    return { error };
  };
}

export interface FieldIssue {
  field: string;
  message: string;
}

/** Issues of a failed parse in the caller's language, each naming its field. */
export function localisedIssues(schema: z.ZodType, data: unknown, lang: Lang, context: ValidationContext): FieldIssue[] {
  const locale = zodLocales[lang]();
  const result = schema.safeParse(data, {
    error: (iss) => locale.localeError(iss as never) as string | undefined,
  });
  if (result.success) return [];
  const prefix = context === 'querystring' ? 'query' : context;
  return result.error.issues.map((iss) => {
    const keys = iss.code === 'unrecognized_keys' ? iss.keys.join(', ') : '';
    const pathText = iss.path.map(String).join('.');
    const field = [pathText, keys].filter(Boolean).join('.') || prefix;
    // Messages written in our schemas (refinements, regex rules) take precedence over the locale; translate the known ones.
    return { field, message: iss.code === 'custom' || isMessageKey(iss.message) ? customMessage(lang, iss.message) : iss.message };
  });
}

function customMessage(lang: Lang, message: string): string {
  if (message === 'must equal newPassword') return translate(lang, 'mustEqualNewPassword');
  // Contract refinements name their rule by a message key (e.g. 'ringNotClosed').
  if (isMessageKey(message)) return translate(lang, message);
  return message;
}

function send(reply: FastifyReply, status: number, body: { code: number; msg: string; data: unknown }) {
  reply.request.resultCode = body.code;
  return reply.status(status).type('application/json; charset=utf-8').send(body);
}

export function registerEnvelope(app: FastifyInstance): void {
  app.decorateRequest('lang', 'zh');
  app.addHook('onRequest', async (req) => {
    req.lang = pickLanguage(req.headers['accept-language']);
  });

  app.setErrorHandler((error: unknown, req: FastifyRequest, reply) => {
    const err = error as FastifyError & { zodSchema?: z.ZodType; zodData?: unknown };
    const lang = req.lang ?? 'zh';
    if (error instanceof AppError) {
      // A storage fault is the operator's to see (which call, what S3 or the disk said); the caller gets 503 (5031).
      if (error.code === ErrorCode.STORAGE_UNAVAILABLE) req.log.warn({ err: error.cause, reqId: req.id }, 'file storage unavailable');
      for (const [k, v] of Object.entries(error.headers)) reply.header(k, v);
      const text = translate(lang, error.key, error.params);
      const msg = error.field ? translate(lang, 'validationField', { field: error.field, rule: text }) : text;
      return send(reply, error.status, { code: error.code, msg, data: error.data });
    }
    if (err.zodSchema && err.validationContext) {
      const issues = localisedIssues(err.zodSchema, err.zodData, lang, err.validationContext as ValidationContext);
      const first = issues[0] ?? { field: err.validationContext, message: err.message };
      return send(reply, 400, {
        code: ErrorCode.VALIDATION,
        msg: translate(lang, 'validationField', { field: first.field, rule: first.message }),
        data: { issues },
      });
    }
    if (err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || (err.statusCode === 400 && err instanceof SyntaxError)) {
      keepConnectionForRestOfBody(req, reply);
      return send(reply, 400, {
        code: ErrorCode.VALIDATION,
        msg: `body: ${translate(lang, 'malformedJson')}`,
        data: { issues: [{ field: 'body' }] },
      });
    }
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || err.code === 'FST_REQ_FILE_TOO_LARGE' || err.statusCode === 413) {
      keepConnectionForRestOfBody(req, reply);
      return send(reply, 413, {
        code: ErrorCode.PAYLOAD_TOO_LARGE,
        msg: translate(lang, 'payloadTooLarge', { limit: err.code === 'FST_REQ_FILE_TOO_LARGE' ? '10240 KB' : '1 MB' }),
        data: null,
      });
    }
    const outOfRange = numberOutOfRange(req, err);
    if (outOfRange) {
      return send(reply, 400, {
        code: ErrorCode.VALIDATION,
        msg: translate(lang, 'validationField', { field: outOfRange, rule: translate(lang, 'numberOutOfRange') }),
        data: { issues: [{ field: outOfRange }] },
      });
    }
    if ((err.statusCode && err.statusCode >= 400 && err.statusCode < 500) || malformedMultipart(req, err)) {
      // Other client errors from Fastify itself (bad content type, bad multipart…): a validation answer naming the body.
      return send(reply, 400, { code: ErrorCode.VALIDATION, msg: `body: ${err.message}`, data: { issues: [{ field: 'body' }] } });
    }
    req.log.error({ err, reqId: req.id }, 'unhandled error');
    return send(reply, httpStatusOf[ErrorCode.INTERNAL], {
      code: ErrorCode.INTERNAL,
      msg: translate(lang, 'internal', { requestId: req.id }),
      data: { requestId: req.id },
    });
  });
}

/**
 * The multipart parser's (@fastify/busboy) errors on a form that is cut off or has no boundary: plain errors without a
 * status, but the client's doing, like malformed JSON (a 500 here was found by bench/src/reliability/fuzz.ts).
 */
const MULTIPART_PARSE_ERROR =
  /^(Unexpected end of multipart data|\w+ terminated early due to unexpected end of multipart data|Multipart: Boundary not found)$/;

function malformedMultipart(req: FastifyRequest, err: { message?: unknown }): boolean {
  return (
    typeof err.message === 'string' && MULTIPART_PARSE_ERROR.test(err.message) && /^multipart\//i.test(req.headers['content-type'] ?? '')
  );
}

/**
 * A request integer PostgreSQL cannot compare with or store in an `integer` column (SQLSTATE 22003; the schemas allow
 * up to 2^53 − 1, SQLite stores 64 bits and simply finds nothing): the field that holds it, or `request`. Undefined
 * for any other error. Found answering 500 by bench/src/reliability/fuzz.ts.
 */
function numberOutOfRange(req: FastifyRequest, err: { code?: unknown; severity?: unknown; message?: unknown }): string | undefined {
  if (err.code !== '22003' || typeof err.severity !== 'string') return undefined;
  const value = /"(-?\d+)"/.exec(String(err.message))?.[1];
  const search = (v: unknown, path: string, depth: number): string | undefined => {
    if (depth > 6 || v === null || v === undefined) return undefined;
    if ((typeof v === 'number' || typeof v === 'string') && String(v) === value) return path;
    if (typeof v === 'string' && value && new RegExp(`(^|\\D)${value}$`).test(v)) return path;
    if (typeof v !== 'object') return undefined;
    for (const [k, x] of Object.entries(v)) {
      const found = search(x, path ? `${path}.${k}` : k, depth + 1);
      if (found) return found;
    }
    return undefined;
  };
  return (value && (search(req.params, '', 0) ?? search(req.query, '', 0) ?? search(req.body, '', 0))) || 'request';
}

/** The longest path parameter the router reads (a longer one is answered 414). */
/** Up to this declared size, a refused body is read to its end rather than the connection closed (see below). */
const DRAIN_LIMIT = 16 * 1024 * 1024;

/**
 * Fastify closes the connection after refusing a body it did not read to the end (too large, not JSON), since the
 * client may still be sending. Behind nginx that connection is nginx's own, still writing the body it buffered: the
 * close breaks its write and it answers 502 instead of the refusal. A body of a declared, bounded length is instead
 * read to its end and dropped, and the connection kept; one of unknown or huge length is still cut off.
 */
function keepConnectionForRestOfBody(req: FastifyRequest, reply: FastifyReply): void {
  const declared = Number(req.headers['content-length']);
  if (!Number.isFinite(declared) || declared > DRAIN_LIMIT || reply.getHeader('connection') !== 'close') return;
  reply.removeHeader('connection');
  req.raw.resume();
}

export const MAX_PARAM_LENGTH = 300;
/** Node's bound on the request line and headers together (its `--max-http-header-size` default). */
const MAX_HEADER_BYTES = '16 KB';

/**
 * Errors the router meets before any route or hook runs (Fastify's `frameworkErrors`): an address it cannot decode, a
 * path parameter over MAX_PARAM_LENGTH. Answered in the envelope like every other refusal, in the caller's language.
 */
export function answerFrameworkError(error: FastifyError, req: FastifyRequest, reply: FastifyReply): void {
  const lang = pickLanguage(req.headers['accept-language']);
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    const msg = translate(lang, 'uriTooLong', { field: 'url', limit: MAX_PARAM_LENGTH });
    return void send(reply, 414, { code: ErrorCode.URI_TOO_LONG, msg, data: { issues: [{ field: 'url' }], limit: MAX_PARAM_LENGTH } });
  }
  if (error.code === 'FST_ERR_BAD_URL') {
    const msg = translate(lang, 'validationField', { field: 'url', rule: translate(lang, 'malformedRequest') });
    return void send(reply, 400, { code: ErrorCode.VALIDATION, msg, data: { issues: [{ field: 'url' }] } });
  }
  req.log.error({ err: error, reqId: req.id }, 'router error');
  void send(reply, 500, {
    code: ErrorCode.INTERNAL,
    msg: translate(lang, 'internal', { requestId: req.id }),
    data: { requestId: req.id },
  });
}

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (Fastify's `clientErrorHandler`): headers over 16 KB
 * (an over-long address among them), a malformed request, one not sent in full in time. Fastify's default answers
 * its own JSON; this answers the envelope. There is no request to read a language from, so it is looked for in the
 * bytes the parser received.
 */
export function answerClientError(error: ConnectionError, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  // Fastify types the packet as its JSON form; Node hands over the Buffer itself.
  const packet: unknown = error.rawPacket;
  const raw = Buffer.isBuffer(packet) ? packet.toString('latin1') : '';
  const lang = pickLanguage(/\r\naccept-language:[ \t]*([^\r\n]*)/i.exec(raw)?.[1]);
  const [status, body] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, { code: ErrorCode.HEADERS_TOO_LARGE, msg: translate(lang, 'headersTooLarge', { limit: MAX_HEADER_BYTES }), data: null }]
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, { code: ErrorCode.REQUEST_TIMEOUT, msg: translate(lang, 'requestTimeout'), data: null }]
        : [400, { code: ErrorCode.VALIDATION, msg: translate(lang, 'malformedRequest'), data: { issues: [{ field: 'request' }] } }];
  if (!socket.writable) return void socket.destroy(error);
  const json = JSON.stringify(body);
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(json)}\r\nConnection: close\r\n\r\n${json}`,
  );
}

export function apiNotFound(req: FastifyRequest, reply: FastifyReply) {
  const path = req.url.split('?')[0] ?? '';
  return send(reply, 404, { code: ErrorCode.NOT_FOUND, msg: translate(req.lang ?? 'zh', 'notFoundPath', { path }), data: null });
}

export function ok<T>(data: T, msg = 'success') {
  return { code: 0, msg, data };
}

export const genReqId = () => randomUUID();
