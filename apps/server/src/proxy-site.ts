import fs from 'node:fs';
import path from 'node:path';
import {
  API,
  ARTICLE_ATTACHMENTS,
  BOUNDARY_MAX_MB,
  ErrorCode,
  GRID_IMPORT_MAX_MB,
  UPLOAD_MAX_KB,
  WX_MEDIA_LIMITS,
  type ErrorCodeValue,
} from '@agromet/contracts';
import { translate, type Lang, type MessageKey } from './core/messages.js';
import { installModuleMessages } from './messages.js';

/**
 * The generated parts of the nginx site (deploy/nginx/agromet.conf): nginx's body limit per route, equal to the
 * server's own (read from the same constants in packages/contracts), and what nginx answers itself (413, 414, 431,
 * 502, 503, 504) in the envelope, with the server's codes and messages in zh, en and es. The checked-in file holds
 * them between markers; `npm run cluster` and the tests write a copy with fresh ones, and a unit test
 * (proxy-site.test.ts) fails when the checked-in file differs from what this writes. After changing a limit or a
 * message: `node --import tsx apps/server/src/cli/nginx-site.ts` rewrites the file.
 */

export const NGINX_SITE_FILE = path.resolve(import.meta.dirname, '../../../deploy/nginx/agromet.conf');

/**
 * A multipart body holds the file and a little more (the form's text fields, at most 10 of 1 KB each, and the
 * boundaries): nginx lets that much over the file's limit through, so that the server, which limits the file itself,
 * is the one to refuse a file just over it, and nginx what is clearly larger. Either way the answer is 4130 naming
 * the same limit.
 */
export const FORM_ALLOWANCE_BYTES = 64 * 1024;

const MB = 1024 * 1024;

export interface BodyLimit {
  /** Names the limit in the file (the named location and the map of its answer). */
  name: string;
  /** The server's limit on the file (or body) of these routes, in bytes. */
  bytes: number;
  /** As the server words it in its 4130 message. */
  label: string;
  /** The server's own 4130 message for these routes, when it has one (else payloadTooLarge naming `label`). */
  message?: { key: MessageKey; params: Record<string, string | number> };
  /** The routes (exact paths); none for the default of every other route. */
  urls: string[];
}

/** The default: the largest file any other route takes (images 10240 KB, WeChat media 10 MB); JSON bodies are 1 MB. */
export const DEFAULT_BODY_LIMIT: BodyLimit = {
  name: 'default',
  bytes: Math.max(UPLOAD_MAX_KB * 1024, ...Object.values(WX_MEDIA_LIMITS).map((l) => l.maxBytes)),
  label: `${Math.max(UPLOAD_MAX_KB * 1024, ...Object.values(WX_MEDIA_LIMITS).map((l) => l.maxBytes)) / MB} MB`,
  urls: [],
};

/** Routes that take more than the default, with the constants their handlers pass to readFileForm. */
export const ROUTE_BODY_LIMITS: BodyLimit[] = [
  {
    name: 'grid',
    bytes: GRID_IMPORT_MAX_MB * MB,
    label: `${GRID_IMPORT_MAX_MB} MB`,
    urls: [API.gridImport.url, API.baseFactorImportGrid.url],
  },
  { name: 'boundary', bytes: BOUNDARY_MAX_MB * MB, label: `${BOUNDARY_MAX_MB} MB`, urls: [API.gisBoundaryUpload.url] },
  {
    name: 'attachment',
    bytes: ARTICLE_ATTACHMENTS.maxKb * 1024,
    label: `${ARTICLE_ATTACHMENTS.maxKb / 1024} MB`,
    message: { key: 'article.attachmentTooLarge', params: { limit: ARTICLE_ATTACHMENTS.maxKb } },
    urls: [API.articleAttachmentUpload.url],
  },
];

/** nginx's client_max_body_size for a limit, in KB. */
export function nginxBodySize(limit: BodyLimit): string {
  return `${Math.ceil((limit.bytes + FORM_ALLOWANCE_BYTES) / 1024)}k`;
}

const LANGS: Lang[] = ['zh', 'en', 'es'];

/**
 * The path of the processes' metrics (core/metrics.ts): for the internal network only (METRICS_PORT, METRICS_TOKEN),
 * so nginx answers it, and everything under it, itself and never passes it on.
 */
export const METRICS_PATH = '/metrics';

interface Answer {
  /** The map variable (and named location) of the answer. */
  name: string;
  status: number;
  body: (lang: Lang) => { code: ErrorCodeValue; msg: string; data: unknown };
  headers?: Record<string, string>;
}

const simple =
  (code: ErrorCodeValue, key: MessageKey, params: Record<string, string | number> = {}, data: unknown = null) =>
  (lang: Lang) => ({ code, msg: translate(lang, key, params), data });

const ANSWERS: Answer[] = [
  ...[DEFAULT_BODY_LIMIT, ...ROUTE_BODY_LIMITS].map((limit) => ({
    name: `413_${limit.name}`,
    status: 413,
    body: limit.message
      ? simple(ErrorCode.PAYLOAD_TOO_LARGE, limit.message.key, limit.message.params)
      : simple(ErrorCode.PAYLOAD_TOO_LARGE, 'payloadTooLarge', { limit: limit.label }),
  })),
  {
    name: '414',
    status: 414,
    body: simple(ErrorCode.URI_TOO_LONG, 'uriTooLong', { field: 'url', limit: 8192 }, { issues: [{ field: 'url' }], limit: 8192 }),
  },
  { name: '431', status: 431, body: simple(ErrorCode.HEADERS_TOO_LARGE, 'headersTooLarge', { limit: '16 KB' }) },
  { name: '502', status: 502, body: simple(ErrorCode.UPSTREAM, 'proxyBadGateway'), headers: { 'Retry-After': '1' } },
  { name: '503', status: 503, body: simple(ErrorCode.SERVICE_UNAVAILABLE, 'serviceUnavailable'), headers: { 'Retry-After': '1' } },
  { name: '504', status: 504, body: simple(ErrorCode.GATEWAY_TIMEOUT, 'proxyGatewayTimeout') },
  { name: '404_metrics', status: 404, body: simple(ErrorCode.NOT_FOUND, 'notFoundPath', { path: METRICS_PATH }) },
];

/** A JSON text as an nginx single-quoted string (nginx reads \\ and \' in it; a $ would start a variable). */
function quoted(json: string): string {
  if (json.includes('$')) throw new Error(`a proxy answer cannot hold $: ${json}`);
  return `'${json.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

/** The maps of nginx's own answers by language ($agromet_lang), at the http level. */
export function proxyAnswerMaps(): string {
  // Some answers are a module's (an attachment's limit): the modules' messages, as the server has them.
  installModuleMessages();
  const lines = [`# What nginx answers itself: the envelope with the server's codes and messages, in the caller's language.`];
  for (const a of ANSWERS) {
    lines.push(`map $agromet_lang $agromet_answer_${a.name} {`);
    lines.push(`    default ${quoted(JSON.stringify(a.body('zh')))};`);
    for (const lang of LANGS.filter((l) => l !== 'zh')) lines.push(`    ${lang} ${quoted(JSON.stringify(a.body(lang)))};`);
    lines.push('}');
  }
  return lines.join('\n');
}

const PROXY_ERRORS = ['502', '503', '504'];

function location(match: string, limit: BodyLimit | null): string[] {
  const lines = [`    location ${match} {`];
  if (limit) lines.push(`        client_max_body_size ${nginxBodySize(limit)};`);
  lines.push(`        error_page 413 @agromet_413_${(limit ?? DEFAULT_BODY_LIMIT).name};`);
  for (const status of PROXY_ERRORS) lines.push(`        error_page ${status} @agromet_${status};`);
  lines.push('        proxy_pass http://agromet_api;', '    }');
  return lines;
}

function answerLocation(match: string, a: Answer): string[] {
  return [
    `    location ${match} {`,
    ...(match.startsWith('@') ? [] : ['        internal;']),
    '        default_type "application/json; charset=utf-8";',
    ...Object.entries(a.headers ?? {}).map(([k, v]) => `        add_header ${k} ${v} always;`),
    `        return ${a.status} $agromet_answer_${a.name};`,
    '    }',
  ];
}

/** The locations inside the server block: the proxied routes with their body limits, and nginx's own answers. */
export function proxyLocations(): string {
  const lines = [
    `    # Body limits as the server's: ${DEFAULT_BODY_LIMIT.label} by default; ${ROUTE_BODY_LIMITS.map((l) => `${l.label} for ${l.urls.join(', ')}`).join('; ')} (each with ${FORM_ALLOWANCE_BYTES / 1024} KB for the rest of the form).`,
    `    client_max_body_size ${nginxBodySize(DEFAULT_BODY_LIMIT)};`,
    ...location('/', null),
  ];
  for (const limit of ROUTE_BODY_LIMITS) for (const url of limit.urls) lines.push(...location(`= ${url}`, limit));
  const metrics = ANSWERS.find((a) => a.name === '404_metrics')!;
  lines.push(
    '',
    '    # Metrics are for the internal network (METRICS_PORT, METRICS_TOKEN): answered here, never passed on (the path',
    '    # as nginx reads it, after decoding and resolving dots, so no spelling of it reaches a process).',
    `    location ^~ ${METRICS_PATH} {`,
    '        default_type "application/json; charset=utf-8";',
    `        return ${metrics.status} $agromet_answer_${metrics.name};`,
    '    }',
  );
  lines.push(
    '',
    '    # nginx refusing or failing a call itself: the envelope (an address nginx could not read cannot go to a named location).',
  );
  lines.push('    error_page 414 /_agromet/uri-too-long;', '    error_page 494 /_agromet/headers-too-large;');
  for (const a of ANSWERS) {
    if (a.name === '404_metrics') continue;
    if (a.name === '414') lines.push(...answerLocation('= /_agromet/uri-too-long', a));
    else if (a.name === '431') lines.push(...answerLocation('= /_agromet/headers-too-large', a));
    else lines.push(...answerLocation(`@agromet_${a.name}`, a));
  }
  return lines.join('\n');
}

const REGIONS: Array<[string, () => string]> = [
  ['proxy-answers', proxyAnswerMaps],
  ['proxy-locations', proxyLocations],
];

/** The site with its generated regions written afresh (between `# <name>:begin …` and `# <name>:end` lines). */
export function withGeneratedRegions(site: string): string {
  let out = site;
  for (const [name, make] of REGIONS) {
    const re = new RegExp(`(\\n[ \\t]*# ${name}:begin[^\\n]*\\n)(?:[\\s\\S]*?\\n)?([ \\t]*# ${name}:end)`);
    if (!re.test(out)) throw new Error(`the nginx site lacks its ${name} markers`);
    out = out.replace(re, (_m, begin: string, end: string) => `${begin}${make()}\n${end}`);
  }
  return out;
}

/** The checked-in site, generated regions afresh, with these API processes and this port (the cluster, the tests). */
export function nginxSiteFor(apiPorts: number[], port: number, site = fs.readFileSync(NGINX_SITE_FILE, 'utf8')): string {
  const servers = apiPorts.map((p) => `    server 127.0.0.1:${p} max_fails=3 fail_timeout=5s;`).join('\n');
  const replaced = withGeneratedRegions(site)
    .replace(/( *# api-servers:begin\n)[\s\S]*?( *# api-servers:end)/, `$1${servers}\n$2`)
    .replace(/listen \d+;/, `listen 127.0.0.1:${port};`);
  if (!replaced.includes(servers) || !replaced.includes(`listen 127.0.0.1:${port};`)) {
    throw new Error(`${NGINX_SITE_FILE} lacks its markers`);
  }
  return replaced;
}

/** nginx's main file for a private, foreground nginx whose files all live in `dir`, including `dir/agromet.conf`. */
export function nginxMainFor(dir: string): string {
  const tmp = (name: string) => path.join(dir, name);
  return `${process.getuid?.() === 0 ? 'user root;\n' : ''}worker_processes 1;
pid ${tmp('nginx.pid')};
error_log ${tmp('error.log')} warn;
events { worker_connections 2048; }
http {
  access_log off;
  client_body_temp_path ${tmp('client_body')};
  proxy_temp_path ${tmp('proxy')};
  fastcgi_temp_path ${tmp('fastcgi')};
  uwsgi_temp_path ${tmp('uwsgi')};
  scgi_temp_path ${tmp('scgi')};
  include ${tmp('agromet.conf')};
}
`;
}
