import net, { type AddressInfo } from 'node:net';
import { API, type ApiDef } from '@agromet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('the envelope', () => {
  it('answers unknown /api paths with 4004 naming the path', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no/such/thing?x=1' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 4004, msg: '接口不存在：/api/no/such/thing', data: null });
  });

  it('answers malformed JSON with 4100 naming the body, in the caller language', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login/login',
      headers: { 'content-type': 'application/json', 'accept-language': 'en-GB,en;q=0.9' },
      payload: '{"username": "admin", ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 4100, msg: 'body: The request body is not valid JSON' });
  });

  it('refuses unknown fields and names missing ones (4100)', async () => {
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/login/login',
      payload: { username: 'admin', password: 'x', role: 'admin' },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code).toBe(4100);
    expect(unknown.json().msg).toContain('role');
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/login/login',
      headers: { 'accept-language': 'es' },
      payload: { username: 'admin' },
    });
    expect(missing.json().code).toBe(4100);
    expect(missing.json().msg).toMatch(/^password: /);
    expect(missing.json().data.issues[0].field).toBe('password');
    expect(missing.json().msg).toContain('Entrada inválida');
  });

  it('answers a malformed or truncated multipart form with 4100 naming the body, on every upload route', async () => {
    const { access_token } = await t.login('admin');
    const forms = [
      // A part cut off before its closing boundary, a form cut off after its first boundary, no part at all.
      {
        type: 'multipart/form-data; boundary=zz',
        body: '--zz\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\nabc',
      },
      { type: 'multipart/form-data; boundary=zz', body: '--zz\r\n' },
      { type: 'multipart/form-data; boundary=zz', body: 'no boundary in here' },
      // No boundary in the content type.
      { type: 'multipart/form-data', body: 'x' },
    ];
    const uploads = Object.values(API as Record<string, ApiDef>).filter((def) => def.multipart);
    expect(uploads.length).toBeGreaterThan(5);
    for (const def of uploads) {
      for (const form of forms) {
        const res = await t.app.inject({
          method: def.method,
          url: def.url,
          headers: { authorization: `Bearer ${access_token}`, 'content-type': form.type },
          payload: form.body,
        });
        expect({ url: def.url, form: form.body, status: res.statusCode, code: res.json().code }).toEqual({
          url: def.url,
          form: form.body,
          status: 400,
          code: 4100,
        });
        expect(res.json().msg).toMatch(/^body: /);
      }
    }
  });

  it('answers at once, with 4100, a form whose file comes under another field name, on every upload route', async () => {
    const { access_token } = await t.login('admin');
    const body = [
      '--zz\r\nContent-Disposition: form-data; name="articleId"\r\n\r\n1\r\n',
      '--zz\r\nContent-Disposition: form-data; name="notfile"; filename="a.csv"\r\nContent-Type: text/csv\r\n\r\na,b\n1,2\r\n',
      '--zz--\r\n',
    ].join('');
    for (const def of Object.values(API as Record<string, ApiDef>).filter((d) => d.multipart)) {
      const answer = t.app.inject({
        method: def.method,
        url: def.url,
        headers: { authorization: `Bearer ${access_token}`, 'content-type': 'multipart/form-data; boundary=zz' },
        payload: body,
      });
      // A part nobody reads stalls the form: bounded here, so that a hang fails this test instead of its time limit.
      const res = await Promise.race([answer, new Promise<null>((r) => setTimeout(() => r(null), 5000))]);
      expect({ url: def.url, status: res?.statusCode, code: res?.json().code }).toEqual({ url: def.url, status: 400, code: 4100 });
    }
  });

  it('answers an integer beyond what the database stores with 4100 naming its field, not 500 (PostgreSQL: 32-bit columns)', async () => {
    const { access_token } = await t.login('admin');
    const big = 2 ** 31;
    const calls = [
      { method: 'GET' as const, url: `/api/log/${big}` },
      { method: 'GET' as const, url: `/api/user/page?roleId=${big}` },
      { method: 'POST' as const, url: '/api/role/delete', payload: { id: big } },
      { method: 'POST' as const, url: '/api/crop/update', payload: { id: 1, version: Number.MAX_SAFE_INTEGER, name: 'x' } },
    ];
    for (const c of calls) {
      const res = await t.app.inject({ ...c, headers: { authorization: `Bearer ${access_token}`, 'accept-language': 'en' } });
      expect(res.statusCode, c.url).toBeLessThan(500);
      // SQLite stores 64-bit integers and simply finds nothing; PostgreSQL refuses to compare: a request problem.
      if (t.config.databaseUrl) {
        expect(res.json(), c.url).toMatchObject({ code: 4100, msg: expect.stringContaining('out of the range the system can store') });
        expect(res.json().data.issues[0].field, c.url).toMatch(/^(id|roleId|version)$/);
      }
    }
  });

  it('refuses an attachment whose articleId is no whole number the database can hold (4100 naming it)', async () => {
    const { access_token } = await t.login('admin');
    for (const articleId of ['1e+308', String(2 ** 31), '1.5', 'abc', '-1']) {
      const body = [
        `--zz\r\nContent-Disposition: form-data; name="articleId"\r\n\r\n${articleId}\r\n`,
        '--zz\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nhello\r\n',
        '--zz--\r\n',
      ].join('');
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/article/attachment/upload',
        headers: { authorization: `Bearer ${access_token}`, 'content-type': 'multipart/form-data; boundary=zz' },
        payload: body,
      });
      expect({ articleId, status: res.statusCode, field: res.json().data?.issues?.[0]?.field }).toEqual({
        articleId,
        status: 400,
        field: 'articleId',
      });
    }
  });

  it('answers an oversized body with 413 in the envelope', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login/login',
      payload: { username: 'admin', password: 'x'.repeat(1_200_000) },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe(4130);
  });

  it('serves no API description unless asked to (API_DOCS) or in the demo', async () => {
    for (const url of ['/api/docs', '/api/docs/json', '/api/docs/static/index.html']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toMatchObject({ code: 4004 });
    }
  });

  it('serves OpenAPI documentation generated from the same schemas when API_DOCS is on', async () => {
    const docs = await createTestApp({ API_DOCS: '1' });
    try {
      await describeApi(docs);
    } finally {
      await docs.close();
    }
  });
});

async function describeApi(t: TestApp) {
  {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    const login = doc.paths['/api/login/login'].post;
    expect(Object.keys(login.requestBody.content['application/json'].schema.properties)).toEqual(['username', 'password']);
    expect(doc.paths['/api/user/info'].get.security).toEqual([{ bearer: [] }]);
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(ui.statusCode);
  }
}

/** Sends raw bytes to the listening server and reads the whole answer (the connection is closed by the server). */
function rawRequest(port: number, text: string): Promise<{ status: number; headers: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(text));
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (d) => (answer += d));
    socket.on('error', reject);
    socket.on('end', () => {
      const [head = '', body = ''] = answer.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), headers: head, body });
    });
  });
}

describe('refusals before any route runs', () => {
  let port: number;
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });

  it('answers an address over 16 KB with 431 in the envelope, in the caller language', async () => {
    const long = `/api/user/info?q=${'a'.repeat(20_000)}`;
    const res = await rawRequest(port, `GET ${long} HTTP/1.1\r\nHost: x\r\nAccept-Language: en\r\n\r\n`);
    expect(res.status).toBe(431);
    expect(res.headers).toMatch(/content-type: application\/json/i);
    expect(JSON.parse(res.body)).toEqual({
      code: 4310,
      msg: 'The request headers are too large (request line and headers together: limit 16 KB)',
      data: null,
    });
  });

  it('answers headers over 16 KB with 431 in the envelope (Chinese by default)', async () => {
    const res = await rawRequest(port, `GET /api/health HTTP/1.1\r\nHost: x\r\nX-Pad: ${'b'.repeat(20_000)}\r\n\r\n`);
    expect(res.status).toBe(431);
    expect(JSON.parse(res.body)).toMatchObject({ code: 4310, msg: expect.stringContaining('请求头过大') });
  });

  it('answers a path parameter over 300 characters with 414 in the envelope naming the address', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/user/${'9'.repeat(400)}/rids`, { headers: { 'accept-language': 'es' } });
    expect(res.status).toBe(414);
    expect(await res.json()).toEqual({
      code: 4140,
      msg: 'La dirección es demasiado larga (url supera 300 caracteres)',
      data: { issues: [{ field: 'url' }], limit: 300 },
    });
  });

  it('answers a request Node cannot parse with 400 in the envelope', async () => {
    const res = await rawRequest(port, 'GET /api/health HTTP/1.1\r\nHost: x\r\nContent-Length: nope\r\n\r\n');
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toMatchObject({ code: 4100, data: { issues: [{ field: 'request' }] } });
  });

  it('still answers ordinary calls on the same server', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(res.status).toBe(200);
  });
});

describe('unexpected failures', () => {
  it('answer 5000 with a request id and no stack', async () => {
    const broken = await createTestApp();
    await broken.db.close();
    const res = await broken.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(500);
    const body = res.json();
    expect(body.code).toBe(5000);
    expect(body.data.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.msg).toContain(body.data.requestId);
    expect(res.body).not.toMatch(/at .*\.ts:\d+/);
    await broken.close().catch(() => {});
  });
});
