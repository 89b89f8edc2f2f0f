import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.js';

let t: TestApp;
let web: string;
beforeAll(async () => {
  web = fs.mkdtempSync(path.join(os.tmpdir(), 'agromet-web-'));
  fs.mkdirSync(path.join(web, 'assets'));
  fs.writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>天策云管理控制台</title><div id="root"></div>');
  fs.writeFileSync(path.join(web, 'assets', 'index-AbC123.js'), 'console.log(1)');
  t = await createTestApp({ WEB_DIST: web });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(web, { recursive: true, force: true });
});

describe('serving the web app', () => {
  it('answers client routes with index.html, revalidated on every load', async () => {
    for (const url of ['/', '/dashboard', '/system-admin/sys-user?page=2', '/login?redirect=%2F']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('serves hashed assets with long cache headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/index-AbC123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-type']).toMatch(/javascript/);
  });

  it('keeps /api answers in the envelope, never index.html', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nothing-here', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe(4004);
    const post = await t.app.inject({ method: 'POST', url: '/dashboard' });
    expect(post.json().code).toBe(4004);
  });

  it('sends security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/dashboard' });
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});
