import type { Writable } from 'node:stream';
import type { FastifyServerOptions } from 'fastify';

/**
 * Secrets never reach the server log: access tokens travel in the query of WMS image requests (`?token=`), refresh
 * tokens in the query form of the refresh call (`?refreshToken=`), and either may turn up in an error message.
 * Values of secret-looking query parameters and JSON fields, bearer credentials and anything shaped like a JWT are
 * replaced by REDACTED, in the request serializer, the error serializer and, as a last net, every line written.
 */
export const REDACTED = '[REDACTED]';

/** Names of parameters and fields whose values are secret (token, refreshToken, access_token, password, aesKey, …). */
const SECRET_NAME = '[A-Za-z0-9_.-]*(?:token|secret|passw(?:or)?d|signature|api[-_]?key|aes[-_]?key|credential)[A-Za-z0-9_.-]*';

/** name=value in a query string or form, up to the next separator. */
const SECRET_PARAM = new RegExp(`((?:^|[?&;\\s"'(])${SECRET_NAME}=)[^&#\\s"'\\\\;)]*`, 'gi');
/** name=value with the name percent-encoded or escaped is rare; "name":"value" in JSON text is not. */
const SECRET_JSON = new RegExp(`("${SECRET_NAME}"\\s*:\\s*)"(?:[^"\\\\]|\\\\.)*"`, 'gi');
const BEARER = /\b(Bearer\s+)[A-Za-z0-9._~+/=-]+/gi;
/** Three base64url parts, the first a JSON header: a JWT wherever it appears. */
const JWT = /\beyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+/g;
const WORTH_CHECKING = /token|secret|passw|signature|api[-_]?key|aes[-_]?key|credential|bearer|eyJ/i;

/** The text with every secret value replaced (query strings, JSON, bearer headers, JWTs). */
export function redactSecrets(text: string): string {
  if (!WORTH_CHECKING.test(text)) return text;
  return text
    .replace(SECRET_PARAM, `$1${REDACTED}`)
    .replace(SECRET_JSON, `$1"${REDACTED}"`)
    .replace(BEARER, `$1${REDACTED}`)
    .replace(JWT, REDACTED);
}

/** A request address fit for the log: secret query values replaced, the rest as it was. */
export function redactUrl(url: string): string {
  return redactSecrets(url);
}

const SECRET_KEY = new RegExp(`^${SECRET_NAME}$`, 'i');

function redactDeep(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return redactSecrets(value);
  if (depth > 6 || !value || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => redactDeep(v, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, SECRET_KEY.test(k) ? REDACTED : redactDeep(v, depth + 1)]));
}

/** Like pino's error serializer (type, message, stack, own fields, cause), with secrets redacted. */
export function serializeError(err: unknown, depth = 0): unknown {
  if (!(err instanceof Error)) return redactDeep(err);
  const out: Record<string, unknown> = { type: err.constructor?.name ?? 'Error', message: err.message, stack: err.stack };
  for (const [k, v] of Object.entries(err)) if (!(k in out)) out[k] = v;
  if (err.cause !== undefined && depth < 3) out.cause = serializeError(err.cause, depth + 1);
  return redactDeep(out);
}

type LoggedRequest = { method: string; url: string; host?: string; ip?: string; socket?: { remotePort?: number } };

/** Fastify's logger options: level, serializers that redact, every written line checked once more, optional stream. */
export function loggerOptions(level: string, stream?: Writable): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  return {
    level,
    ...(stream ? { stream } : {}),
    serializers: {
      req: (req: LoggedRequest) => ({
        method: req.method,
        url: redactUrl(req.url),
        host: req.host,
        remoteAddress: req.ip,
        remotePort: req.socket?.remotePort,
      }),
      err: (err: unknown) => serializeError(err),
    },
    hooks: { streamWrite: redactSecrets },
  } as Exclude<FastifyServerOptions['logger'], boolean | undefined>;
}
