import fs from 'node:fs';
import {
  ARTICLE_ATTACHMENTS,
  BOUNDARY_MAX_MB,
  ErrorCode,
  GRID_IMPORT_MAX_MB,
  httpStatusOf,
  NORMALS_IMPORT_MAX_KB,
  SANDSTORM_IMPORT_MAX_KB,
  STATION_IMPORT_MAX_KB,
  UPLOAD_MAX_KB,
  WX_MEDIA_LIMITS,
} from '@agromet/contracts';
import { describe, expect, it } from 'vitest';
import { JSON_BODY_LIMIT } from './app.js';
import {
  DEFAULT_BODY_LIMIT,
  FORM_ALLOWANCE_BYTES,
  NGINX_SITE_FILE,
  nginxBodySize,
  nginxSiteFor,
  proxyAnswerMaps,
  ROUTE_BODY_LIMITS,
  withGeneratedRegions,
} from './proxy-site.js';

const MB = 1024 * 1024;
const shipped = fs.readFileSync(NGINX_SITE_FILE, 'utf8');

describe('the shipped nginx site (deploy/nginx/agromet.conf)', () => {
  it('holds what proxy-site.ts writes from the server constants and messages (run src/cli/nginx-site.ts after a change)', () => {
    expect(withGeneratedRegions(shipped)).toBe(shipped);
  });

  it('limits each route body as the server does: grid files 64 MB, boundaries and attachments 20 MB, others 10 MB, each plus the form', () => {
    const sizeOf = (url: string) => new RegExp(`location = ${url} \\{\\n\\s*client_max_body_size (\\d+)k;`).exec(shipped)?.[1];
    const kb = (bytes: number) => String(Math.ceil((bytes + FORM_ALLOWANCE_BYTES) / 1024));
    expect(sizeOf('/api/grid/import')).toBe(kb(GRID_IMPORT_MAX_MB * MB));
    expect(sizeOf('/api/baseWeatherFactor/importGrid')).toBe(kb(GRID_IMPORT_MAX_MB * MB));
    expect(sizeOf('/api/gis/boundary/upload')).toBe(kb(BOUNDARY_MAX_MB * MB));
    // Article attachments take 20 MB on the server (ARTICLE_ATTACHMENTS.maxKb): nginx's default would refuse at 10 MB.
    expect(sizeOf('/api/article/attachment/upload')).toBe(kb(ARTICLE_ATTACHMENTS.maxKb * 1024));
    expect(shipped).toContain(`    client_max_body_size ${nginxBodySize(DEFAULT_BODY_LIMIT)};\n`);
    // The default covers every other route's limit (JSON bodies, images, station and other imports, WeChat media).
    for (const bytes of [
      JSON_BODY_LIMIT,
      UPLOAD_MAX_KB * 1024,
      STATION_IMPORT_MAX_KB * 1024,
      SANDSTORM_IMPORT_MAX_KB * 1024,
      NORMALS_IMPORT_MAX_KB * 1024,
      ...Object.values(WX_MEDIA_LIMITS).map((l) => l.maxBytes + 64 * 1024),
    ])
      expect(bytes).toBeLessThanOrEqual(DEFAULT_BODY_LIMIT.bytes + FORM_ALLOWANCE_BYTES);
    expect(ROUTE_BODY_LIMITS.every((l) => l.bytes > DEFAULT_BODY_LIMIT.bytes)).toBe(true);
  });

  it('answers its own refusals and failures in the envelope with server codes whose status matches', () => {
    const maps = proxyAnswerMaps();
    const bodies = [...maps.matchAll(/^\s+(?:default|en|es) '(.*)';$/gm)].map((m) =>
      JSON.parse(m[1]!.replace(/\\'/g, "'").replace(/\\\\/g, '\\')),
    );
    expect(bodies.length).toBe(3 * 10);
    for (const body of bodies) expect(Object.keys(body)).toEqual(['code', 'msg', 'data']);
    const answers = [...shipped.matchAll(/return (\d+) \$agromet_answer_(\w+);/g)].map((m) => [Number(m[1]), m[2]!] as const);
    expect(answers).toEqual([
      [404, '404_metrics'],
      [413, '413_default'],
      [413, '413_grid'],
      [413, '413_boundary'],
      [413, '413_attachment'],
      [414, '414'],
      [431, '431'],
      [502, '502'],
      [503, '503'],
      [504, '504'],
    ]);
    const codeOf = (name: string) =>
      JSON.parse(new RegExp(`map \\$agromet_lang \\$agromet_answer_${name} \\{\\n\\s+default '(.*)';`).exec(maps)![1]!).code;
    for (const [status, name] of answers) expect(httpStatusOf[codeOf(name) as keyof typeof httpStatusOf]).toBe(status);
    expect(codeOf('502')).toBe(ErrorCode.UPSTREAM);
    expect(codeOf('504')).toBe(ErrorCode.GATEWAY_TIMEOUT);
    expect(maps).toContain(`en '{"code":4130,"msg":"The request is too large (limit 64 MB)","data":null}';`);
    // A route whose server answers its own 4130 message gets the same words from nginx.
    expect(maps).toContain(`en '{"code":4130,"msg":"An attachment may not exceed 20480 KB","data":null}';`);
  });

  it('is what the cluster runs, with its own ports', () => {
    const site = nginxSiteFor([9001, 9002], 9000);
    expect(site).toContain(
      '    server 127.0.0.1:9001 max_fails=3 fail_timeout=5s;\n    server 127.0.0.1:9002 max_fails=3 fail_timeout=5s;\n',
    );
    expect(site).toContain('listen 127.0.0.1:9000;');
    expect(site.replace(/listen 127\.0\.0\.1:9000;/, 'listen 8080;').replace(/ {4}server 127\.0\.0\.1:900\d .*\n/g, '')).toBe(
      shipped.replace(/ {4}server 127\.0\.0\.1:808\d .*\n/g, ''),
    );
  });

  it('never passes /metrics on: nginx answers it, and every path under it, 404 in the envelope itself', () => {
    const site = nginxSiteFor([9001, 9002], 9000);
    const block = /\n {4}location \^~ \/metrics \{\n([\s\S]*?)\n {4}\}/.exec(site)?.[1];
    expect(block).toBeDefined();
    expect(block).not.toContain('proxy_pass');
    expect(block).toContain('return 404 $agromet_answer_404_metrics;');
    // No other location names it (a more specific match would win over the prefix) and no regular expression location
    // exists that could take a spelling of it first.
    const locations = [...site.matchAll(/^\s*location (\S+)(?: (\S+))? \{/gm)].map((m) => m.slice(1).join(' ').trim());
    expect(locations.filter((l) => l.includes('metrics'))).toEqual(['^~ /metrics']);
    expect(locations.filter((l) => l.startsWith('~'))).toEqual([]);
    expect(JSON.parse(/map \$agromet_lang \$agromet_answer_404_metrics \{\n\s+default '(.*)';/.exec(site)![1]!)).toMatchObject({
      code: ErrorCode.NOT_FOUND,
    });
  });
});
