// The contracts' API table as the reliability checks use it: each route with its schemas as JSON Schema and
// arbitraries, and one way to call the server and read its answer.
import {
  API,
  BaseFactorImportFields,
  BoundaryUploadFields,
  ErrorCode,
  GridImportFields,
  httpStatusOf,
  WxMediaUploadFields,
  type ApiDef,
} from '@agromet/contracts';
import { z } from 'zod';
import { SchemaArbs, type JsonSchema } from './json-schema-arb.js';

export interface SchemaPart {
  zod: z.ZodType;
  json: JsonSchema;
  arbs: SchemaArbs;
}

export interface RouteInfo {
  name: string;
  def: ApiDef;
  method: ApiDef['method'];
  url: string;
  /** Changes data: every non-GET, and the few GETs that do (docs/api.md#paths). */
  write: boolean;
  body?: SchemaPart;
  query?: SchemaPart;
  params?: SchemaPart;
  /** Text fields of a multipart upload (beside the field `file`), as the server reads them. */
  fields?: SchemaPart;
}

/** GETs that change data keep the console's old call names: insert, delete, recovery (docs/api.md#paths). */
const WRITING_GET = /(Insert|Delete|Recovery)$/;

/**
 * The text fields each multipart route reads beside its file (the server's own schemas where the contracts export
 * them; the attachment upload reads `articleId` by hand). The other uploads read the file alone.
 */
const MULTIPART_FIELDS: Record<string, z.ZodType> = {
  gridImport: GridImportFields,
  baseFactorImportGrid: BaseFactorImportFields,
  baseFactorImportNormals: BaseFactorImportFields.partial(),
  gisBoundaryUpload: BoundaryUploadFields,
  wxMediaUpload: WxMediaUploadFields,
  articleAttachmentUpload: z.strictObject({ articleId: z.number().int().positive() }),
};

function part(schema: z.ZodType | undefined): SchemaPart | undefined {
  if (!schema) return undefined;
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  return { zod: schema, json, arbs: new SchemaArbs(json) };
}

let cached: RouteInfo[] | undefined;

/** Every route of the contracts' API table, in its order. */
export function apiRoutes(): RouteInfo[] {
  cached ??= Object.entries(API as Record<string, ApiDef>).map(([name, def]) => ({
    name,
    def,
    method: def.method,
    url: def.url,
    write: def.method !== 'GET' || WRITING_GET.test(name),
    body: def.multipart ? undefined : part(def.body),
    query: part(def.query),
    params: part(def.params),
    fields: def.multipart ? part(MULTIPART_FIELDS[name] ?? z.strictObject({})) : undefined,
  }));
  return cached;
}

/** The route's path with its `:params` filled in (each value URL-encoded). */
export function pathFor(url: string, params: Record<string, unknown> | undefined): string {
  return url.replace(/:(\w+)/g, (_, key: string) => encodeURIComponent(String(params?.[key] ?? '')));
}

/** A query string from an object: arrays as repeated keys, objects as JSON, undefined left out. */
export function queryString(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value])
      search.append(key, typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v));
  }
  const s = search.toString();
  return s ? `?${s}` : '';
}

export interface Envelope {
  code: number;
  msg: string;
  data: unknown;
}

export interface Answer {
  status: number;
  contentType: string;
  text: string;
  /** The parsed body when it was JSON. */
  json?: unknown;
  /** The body when it was the API's envelope. */
  envelope?: Envelope;
  ms: number;
  /** The Server header, when one was sent (the API sends none; a proxy in front may, on answers of its own). */
  server?: string;
  /** No answer: refused connection, reset, timeout. */
  error?: string;
}

export interface Call {
  method: string;
  /** Path and query, from /api. */
  path: string;
  headers?: Record<string, string>;
  body?: string | FormData | Uint8Array;
}

/** Reads at most this much of an answer's body into memory (downloads can be large). */
const MAX_BODY = 2 * 1024 * 1024;

export async function send(baseUrl: string, call: Call, timeoutMs = 30_000): Promise<Answer> {
  const started = performance.now();
  try {
    const res = await fetch(`${baseUrl}${call.path}`, {
      method: call.method,
      headers: call.headers,
      body: call.body as RequestInit['body'],
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
    const contentType = res.headers.get('content-type') ?? '';
    const bytes = await readCapped(res, MAX_BODY);
    const isText = /json|text|xml|csv|javascript/i.test(contentType) || contentType === '';
    const text = isText ? new TextDecoder().decode(bytes) : `<${bytes.length} bytes of ${contentType}>`;
    const answer: Answer = {
      status: res.status,
      contentType,
      text,
      ms: performance.now() - started,
      server: res.headers.get('server') ?? undefined,
    };
    if (/json/i.test(contentType)) {
      try {
        answer.json = JSON.parse(text);
      } catch {
        /* recorded by the caller as a malformed answer */
      }
      if (isEnvelope(answer.json)) answer.envelope = answer.json;
    }
    return answer;
  } catch (e) {
    return { status: 0, contentType: '', text: '', ms: performance.now() - started, error: (e as Error).message ?? String(e) };
  }
}

async function readCapped(res: Response, cap: number): Promise<Uint8Array> {
  if (!res.body) return new Uint8Array();
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (size < cap) chunks.push(value.subarray(0, cap - size));
    size += value.length;
  }
  const out = new Uint8Array(Math.min(size, cap));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

export function isEnvelope(v: unknown): v is Envelope {
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof (v as Envelope).code === 'number' &&
    typeof (v as Envelope).msg === 'string' &&
    'data' in v
  );
}

const KNOWN_CODES = new Set<number>(Object.values(ErrorCode));

/**
 * What is wrong with an answer's form, or undefined: an /api route answers the envelope with the HTTP status of its
 * code (docs/api.md#envelope), a download its bytes on success and the envelope on failure.
 */
export function formProblem(route: Pick<RouteInfo, 'def'>, answer: Answer): string | undefined {
  if (answer.error) return undefined;
  const raw = route.def.raw === true;
  if (raw && (answer.status === 200 || answer.status === 304) && !answer.envelope) return undefined;
  if (answer.json === undefined)
    return /json/i.test(answer.contentType) ? 'JSON content type, body not JSON' : `not JSON (${answer.contentType || 'no content type'})`;
  if (!answer.envelope) return 'JSON without the envelope {code, msg, data}';
  const { code } = answer.envelope;
  if (!KNOWN_CODES.has(code as never)) return `unknown code ${code}`;
  const expected = httpStatusOf[code as keyof typeof httpStatusOf];
  if (expected !== answer.status) return `code ${code} sent with HTTP ${answer.status} (documented: ${expected})`;
  return undefined;
}

/** A deterministic generator of numbers in [0, 1) (mulberry32). */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function pick<T>(rng: () => number, list: readonly T[]): T {
  return list[Math.floor(rng() * list.length)]!;
}

/** Signs in; the access token. */
export async function signIn(baseUrl: string, username: string, password: string): Promise<string> {
  const a = await send(baseUrl, {
    method: 'POST',
    path: '/api/login/login',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const token = (a.envelope?.data as { access_token?: string } | undefined)?.access_token;
  if (a.envelope?.code !== 0 || !token) throw new Error(`sign-in of ${username} failed: ${a.status} ${a.text.slice(0, 200)}`);
  return token;
}

/** A JSON call with a bearer token; the envelope (throws on no answer or a non-envelope answer). */
export async function callJson(
  baseUrl: string,
  token: string | undefined,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Envelope> {
  const a = await send(baseUrl, {
    method,
    path,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!a.envelope) throw new Error(`${method} ${path}: ${a.error ?? `${a.status} ${a.text.slice(0, 300)}`}`);
  return a.envelope;
}
