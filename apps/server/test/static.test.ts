import { Writable } from 'node:stream';
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

describe('upgrade-insecure-requests in the content security policy', () => {
  const policyOf = async (app: TestApp['app'], url: string, headers: Record<string, string> = {}) => {
    const res = await app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers } });
    expect(res.statusCode).toBe(200);
    return String(res.headers['content-security-policy']);
  };

  it('is not sent over plain HTTP, where it would blank the console on a non-loopback address', async () => {
    for (const url of ['/', '/login', '/assets/index-AbC123.js', '/api/health']) {
      const policy = await policyOf(t.app, url);
      expect(policy).toContain("script-src 'self'");
      expect(policy).not.toContain('upgrade-insecure-requests');
    }
  });

  it('ignores X-Forwarded-Proto without TRUST_PROXY', async () => {
    expect(await policyOf(t.app, '/login', { 'x-forwarded-proto': 'https' })).not.toContain('upgrade-insecure-requests');
  });

  it('is sent when a trusted proxy says the page went out over HTTPS', async () => {
    const proxied = await createTestApp({ WEB_DIST: web, TRUST_PROXY: '1' });
    try {
      for (const url of ['/login', '/assets/index-AbC123.js']) {
        const policy = await policyOf(proxied.app, url, { 'x-forwarded-proto': 'https' });
        expect(policy).toContain("script-src 'self'");
        expect(policy.split(';').filter((d) => d === 'upgrade-insecure-requests')).toHaveLength(1);
      }
      expect(await policyOf(proxied.app, '/login', { 'x-forwarded-proto': 'http' })).not.toContain('upgrade-insecure-requests');
      expect(await policyOf(proxied.app, '/login')).not.toContain('upgrade-insecure-requests');
    } finally {
      await proxied.close();
    }
  });
});

describe('the request log', () => {
  it('keeps static files out of the info log, while API calls and page loads stay in it', async () => {
    const lines: string[] = [];
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
        done();
      },
    });
    const logged = await createTestApp({ WEB_DIST: web, LOG_LEVEL: 'info' }, { loggerStream: logStream });
    try {
      for (const url of ['/assets/index-AbC123.js', '/api/health', '/dashboard']) {
        expect((await logged.app.inject({ method: 'GET', url })).statusCode).toBe(200);
      }
      const urls = lines.map((l) => (JSON.parse(l) as { req?: { url?: string } }).req?.url).filter(Boolean);
      expect(urls).toContain('/api/health');
      expect(urls).toContain('/dashboard');
      expect(urls).not.toContain('/assets/index-AbC123.js');
    } finally {
      await logged.close();
    }
  });
});
