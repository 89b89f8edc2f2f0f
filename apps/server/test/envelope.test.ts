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

  it('answers an oversized body with 413 in the envelope', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login/login',
      payload: { username: 'admin', password: 'x'.repeat(1_200_000) },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe(4130);
  });

  it('serves OpenAPI documentation generated from the same schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    const login = doc.paths['/api/login/login'].post;
    expect(Object.keys(login.requestBody.content['application/json'].schema.properties)).toEqual(['username', 'password']);
    expect(doc.paths['/api/user/info'].get.security).toEqual([{ bearer: [] }]);
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(ui.statusCode);
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
