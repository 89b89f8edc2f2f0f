import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nginxMainFor, nginxSiteFor } from '../src/proxy-site.js';
import { createTestApp, type TestApp } from './helpers.js';

/**
 * The server behind the shipped nginx site (deploy/nginx/agromet.conf, with its generated parts afresh, as
 * `npm run cluster` runs it): a grid file nginx would have refused at 12 MB goes through up to the server's own
 * 64 MB (an article attachment up to its 20 MB), a larger one is refused by nginx in the envelope with the server's
 * code and message, in the caller's language, and a call nginx cannot pass on (the API process gone) is answered 502
 * in the envelope, not nginx's HTML.
 */
const HAS_NGINX = spawnSync('nginx', ['-v']).status === 0;
const MB = 1024 * 1024;

let t: TestApp;
let token = '';
let nginx: ChildProcess | null = null;
let dir = '';
let base = '';
let appClosed = false;

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

beforeAll(async () => {
  if (!HAS_NGINX) return;
  t = await createTestApp();
  token = (await t.login('admin')).access_token;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const apiPort = (t.app.server.address() as net.AddressInfo).port;
  const port = await freePort();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agromet-nginx-'));
  fs.writeFileSync(path.join(dir, 'agromet.conf'), nginxSiteFor([apiPort], port));
  fs.writeFileSync(path.join(dir, 'nginx.conf'), nginxMainFor(dir));
  nginx = spawn('nginx', ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-g', 'daemon off;'], { stdio: 'ignore' });
  base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      /* starting */
    }
    if (nginx.exitCode !== null) throw new Error(`nginx exited: ${fs.readFileSync(path.join(dir, 'error.log'), 'utf8')}`);
    if (Date.now() > deadline) throw new Error('nginx did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
});

afterAll(async () => {
  if (nginx && nginx.exitCode === null) {
    const exited = new Promise((resolve) => nginx!.once('exit', resolve));
    nginx.kill('SIGQUIT');
    await exited;
  }
  if (t && !appClosed) await t.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

/**
 * A POST through nginx with a body of a declared length, answered as soon as the answer comes: nginx refuses an
 * over-long body on its headers, and a write the refusal cuts off is no error here.
 */
function post(url: string, headers: Record<string, string>, body: Buffer): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}${url}`, { method: 'POST', headers: { ...headers, 'content-length': String(body.length) } });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', (e) => {
      if (!(e as NodeJS.ErrnoException).code?.startsWith('EPIPE')) reject(e);
    });
    req.end(body);
  });
}

/** A grid import form whose file is `size` bytes: a MICAPS 4 header and grid padded with blank lines. */
function gridForm(size: number) {
  const boundary = '----agrometProxy';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="type"\r\n\r\nfine-grid\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="factor"\r\n\r\ntmp\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.m4"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const grid = Buffer.from('diamond 4 proxy\n2026 03 01 08 24 0\n0.1 0.1 107.5 107.6 35.5 35.6 2 2 1 0 10 0 0\n1 2\n3 4\n');
  const file = Buffer.alloc(size, ' ');
  grid.copy(file);
  file.fill('\n', grid.length, grid.length + 1);
  return { body: Buffer.concat([head, file, tail]), contentType: `multipart/form-data; boundary=${boundary}` };
}

describe.skipIf(!HAS_NGINX)('the server behind nginx (deploy/nginx/agromet.conf)', () => {
  it('passes a 15 MB grid import to the server, which accepts it as a job', async () => {
    const form = gridForm(15 * MB);
    const res = await post(
      '/api/grid/import',
      { authorization: `Bearer ${token}`, 'content-type': form.contentType, 'accept-language': 'en' },
      form.body,
    );
    expect(res.status, res.text.slice(0, 300)).toBe(200);
    const body = JSON.parse(res.text);
    expect(body).toMatchObject({ code: 0, data: { jobId: expect.any(String) } });
    await t.jobs.waitFor(body.data.jobId);
  });

  it('refuses a 70 MB grid import itself, in the envelope with the server code and limit, in the caller language', async () => {
    const form = gridForm(70 * MB);
    const answers = await Promise.all(
      ['en', 'es-MX,es;q=0.9', 'fr, zh-CN;q=0.8'].map((lang) =>
        post(
          '/api/grid/import',
          { authorization: `Bearer ${token}`, 'content-type': form.contentType, 'accept-language': lang },
          form.body,
        ),
      ),
    );
    for (const res of answers) {
      expect(res.status).toBe(413);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(JSON.parse(res.text)).toMatchObject({ code: 4130, data: null });
    }
    expect(answers.map((a) => JSON.parse(a.text).msg)).toEqual([
      'The request is too large (limit 64 MB)',
      'La solicitud es demasiado grande (límite 64 MB)',
      '请求内容过大（上限 64 MB）',
    ]);
  });

  it('keeps the default limit elsewhere (an image over 10 MB) and the boundary limit of 20 MB, in the envelope', async () => {
    const image = await post(
      '/api/file/upload',
      { authorization: `Bearer ${token}`, 'content-type': 'multipart/form-data; boundary=x' },
      Buffer.alloc(11 * MB),
    );
    expect(image.status).toBe(413);
    expect(JSON.parse(image.text)).toEqual({ code: 4130, msg: '请求内容过大（上限 10 MB）', data: null });
    const boundary = await post(
      '/api/gis/boundary/upload',
      { authorization: `Bearer ${token}`, 'content-type': 'multipart/form-data; boundary=x', 'accept-language': 'en' },
      Buffer.alloc(21 * MB),
    );
    expect(boundary.status).toBe(413);
    expect(JSON.parse(boundary.text).msg).toBe('The request is too large (limit 20 MB)');
  });

  it('passes a 15 MB article attachment (the server takes 20 MB) and refuses a 21 MB one in the envelope', async () => {
    // nginx's default of 10 MB refused these before the attachment route had its own limit.
    const auth = { authorization: `Bearer ${token}` };
    const kinds = await fetch(`${base}/api/article/kinds`, { headers: auth });
    const kindId = ((await kinds.json()) as { data: Array<{ id: number }> }).data[0]!.id;
    const added = await fetch(`${base}/api/article/add`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ kindId, title: '附件经代理', body: '<p>正文</p>' }),
    });
    const articleId = ((await added.json()) as { data: { id: number } }).data.id;
    expect(articleId).toBeGreaterThan(0);
    const attachment = (size: number) => {
      const boundary = '----agrometAttachment';
      const csv = Buffer.alloc(size, 'a');
      for (let k = 79; k < size; k += 80) csv[k] = 0x0a;
      return {
        contentType: `multipart/form-data; boundary=${boundary}`,
        body: Buffer.concat([
          Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="articleId"\r\n\r\n${articleId}\r\n`),
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="stations.csv"\r\nContent-Type: text/csv\r\n\r\n`,
          ),
          csv,
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]),
      };
    };
    const ok = attachment(15 * MB);
    const passed = await post('/api/article/attachment/upload', { ...auth, 'content-type': ok.contentType }, ok.body);
    expect(passed.status, passed.text.slice(0, 300)).toBe(200);
    expect(JSON.parse(passed.text)).toMatchObject({ code: 0, data: { name: 'stations.csv', size: 15 * MB } });

    const big = attachment(21 * MB);
    const refused = await post(
      '/api/article/attachment/upload',
      { ...auth, 'content-type': big.contentType, 'accept-language': 'en' },
      big.body,
    );
    expect(refused.status).toBe(413);
    expect(refused.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(JSON.parse(refused.text)).toEqual({ code: 4130, msg: 'An attachment may not exceed 20480 KB', data: null });
  });

  it('answers an address over 8 KB itself with 414 in the envelope', async () => {
    // nginx stops reading at the address, before the headers: the answer is in the default language.
    const res = await fetch(`${base}/api/user/info?x=${'a'.repeat(9000)}`, { headers: { 'accept-language': 'en' } });
    expect(res.status).toBe(414);
    expect(await res.json()).toEqual({
      code: 4140,
      msg: '请求地址过长（url 超过 8192 个字符）',
      data: { issues: [{ field: 'url' }], limit: 8192 },
    });
  });

  it('answers 502 in the envelope (5020), in the caller language, once the API process is gone', async () => {
    // The API process goes away: its connections close, its port refuses.
    t.app.server.closeAllConnections();
    appClosed = true;
    await t.close();
    for (const [lang, msg] of [
      ['en', 'The server process could not complete the request; please try again shortly'],
      ['zh', '服务进程未能完成本次请求，请稍后重试'],
    ] as const) {
      const read = await fetch(`${base}/api/user/info`, { headers: { 'accept-language': lang, authorization: `Bearer ${token}` } });
      expect(read.status).toBe(502);
      expect(read.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(read.headers.get('retry-after')).toBe('1');
      expect(await read.json()).toEqual({ code: 5020, msg, data: null });
    }
    const write = await post(
      '/api/station/insertStation',
      { 'content-type': 'application/json', 'accept-language': 'es' },
      Buffer.from('{}'),
    );
    expect(write.status).toBe(502);
    expect(JSON.parse(write.text)).toMatchObject({
      code: 5020,
      msg: 'El proceso del servidor no pudo completar la solicitud; vuelva a intentarlo en breve',
    });
  });
});

describe.skipIf(!HAS_NGINX)('nginx before an API process that takes a call and never answers', () => {
  const sockets: net.Socket[] = [];
  let silent: net.Server | null = null;
  let slow: ChildProcess | null = null;
  let slowDir = '';
  let slowBase = '';

  beforeAll(async () => {
    // A hung API process: it accepts connections and reads, but never answers. nginx's read timeout is 120 s in the
    // shipped site; 1 s here, the rest of the site as shipped.
    silent = net.createServer((socket) => {
      sockets.push(socket);
      socket.on('error', () => undefined);
    });
    await new Promise<void>((resolve) => silent!.listen(0, '127.0.0.1', resolve));
    const apiPort = (silent.address() as net.AddressInfo).port;
    const port = await freePort();
    slowDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agromet-nginx-hung-'));
    const site = nginxSiteFor([apiPort], port);
    expect(site).toContain('proxy_read_timeout 120s;');
    fs.writeFileSync(path.join(slowDir, 'agromet.conf'), site.replace('proxy_read_timeout 120s;', 'proxy_read_timeout 1s;'));
    fs.writeFileSync(path.join(slowDir, 'nginx.conf'), nginxMainFor(slowDir));
    slow = spawn('nginx', ['-p', slowDir, '-c', path.join(slowDir, 'nginx.conf'), '-g', 'daemon off;'], { stdio: 'ignore' });
    slowBase = `http://127.0.0.1:${port}`;
    // Ready once nginx takes connections (nothing behind it answers).
    const deadline = Date.now() + 20_000;
    for (;;) {
      const open = await new Promise<boolean>((resolve) => {
        const s = net.connect(port, '127.0.0.1', () => {
          s.end();
          resolve(true);
        });
        s.on('error', () => resolve(false));
      });
      if (open) break;
      if (slow.exitCode !== null) throw new Error(`nginx exited: ${fs.readFileSync(path.join(slowDir, 'error.log'), 'utf8')}`);
      if (Date.now() > deadline) throw new Error('nginx did not start');
      await new Promise((r) => setTimeout(r, 100));
    }
  });

  afterAll(async () => {
    if (slow && slow.exitCode === null) {
      const exited = new Promise((resolve) => slow!.once('exit', resolve));
      slow.kill('SIGQUIT');
      await exited;
    }
    for (const s of sockets) s.destroy();
    if (silent) await new Promise((resolve) => silent!.close(resolve));
    if (slowDir) fs.rmSync(slowDir, { recursive: true, force: true });
  });

  it('answers 504 in the envelope (5040), in the caller language, when the API process does not answer in time', async () => {
    for (const [lang, msg] of [
      ['en', 'The server process did not answer in time; please try again shortly'],
      ['es-MX,es;q=0.9', 'El proceso del servidor no respondió a tiempo; vuelva a intentarlo en breve'],
      ['zh-CN', '服务进程未在限定时间内响应，请稍后重试'],
    ] as const) {
      const res = await fetch(`${slowBase}/api/user/info`, { headers: { 'accept-language': lang } });
      expect(res.status).toBe(504);
      expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(await res.json()).toEqual({ code: 5040, msg, data: null });
    }
    // The call reached the API process: the timeout was the read's, not the connection's.
    expect(sockets.length).toBeGreaterThanOrEqual(3);
  });
});
