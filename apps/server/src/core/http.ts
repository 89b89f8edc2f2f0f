import { randomUUID } from 'node:crypto';
import { ErrorCode, httpStatusOf } from '@agromet/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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
      return send(reply, 400, {
        code: ErrorCode.VALIDATION,
        msg: `body: ${translate(lang, 'malformedJson')}`,
        data: { issues: [{ field: 'body' }] },
      });
    }
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || err.code === 'FST_REQ_FILE_TOO_LARGE' || err.statusCode === 413) {
      return send(reply, 413, {
        code: ErrorCode.PAYLOAD_TOO_LARGE,
        msg: translate(lang, 'payloadTooLarge', { limit: err.code === 'FST_REQ_FILE_TOO_LARGE' ? '10240 KB' : '1 MB' }),
        data: null,
      });
    }
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
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

export function apiNotFound(req: FastifyRequest, reply: FastifyReply) {
  const path = req.url.split('?')[0] ?? '';
  return send(reply, 404, { code: ErrorCode.NOT_FOUND, msg: translate(req.lang ?? 'zh', 'notFoundPath', { path }), data: null });
}

export function ok<T>(data: T, msg = 'success') {
  return { code: 0, msg, data };
}

export const genReqId = () => randomUUID();
