import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { ARTICLE_WRITE_CODE } from '@agromet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { childProcessEnv, createTestApp, type TestApp } from './helpers.js';
import { addCustomer, addUser, call, multipart, multipartForm } from './revise-helpers.js';
import { writeXlsxBomb, zipOf } from './zip-files.js';

/**
 * Archive bombs (docs/security.md#uploads): an .xlsx of 1.5 MB whose sheet expands to 1.5 GB is refused by the
 * sandstorm import from its declared sizes, its member named, with the server process growing by less than 50 MB
 * (measured in a child process that loads the app and posts it); one that lies about its sizes is caught while
 * inflating; every archive upload (the import, article attachments) goes through the same guard.
 */
const MB = 1024 * 1024;
let t: TestApp;
let token = '';
let dir = '';
let bomb = '';

beforeAll(async () => {
  t = await createTestApp();
  const customer = await addCustomer(t, '酒泉市气象局');
  token = (await addUser(t, customer, 'bomb-a', ['basedata.disastersituation.admin', ARTICLE_WRITE_CODE])).token;
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agromet-bomb-'));
  bomb = path.join(dir, 'bomb.xlsx');
  await writeXlsxBomb(bomb, 1536 * MB);
}, 120_000);
afterAll(async () => {
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function workbook(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.addWorksheet('s').addRow(['location', 'time']);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

function runChild(
  bombFile: string,
): Promise<{ status: number; body: { code: number; msg: string; data: unknown }; growth: number; ms: number }> {
  const warm = path.join(dir, 'warm.xlsx');
  return workbook().then((bytes) => {
    fs.writeFileSync(warm, bytes);
    const child = spawn(
      process.execPath,
      ['--expose-gc', '--import', 'tsx', path.join(import.meta.dirname, 'fixtures/archive-bomb-child.ts')],
      {
        cwd: path.resolve(import.meta.dirname, '../../..'),
        env: childProcessEnv(t, {
          BOMB_FILE: bombFile,
          WARM_FILE: warm,
          BOMB_TOKEN: token,
        }),
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    let errors = '';
    child.stdout.on('data', (d) => (output += String(d)));
    child.stderr.on('data', (d) => (errors += String(d)));
    return new Promise((resolve, reject) => {
      child.on('exit', () => {
        const m = /RESULT (.*)\n/.exec(output);
        if (m) resolve(JSON.parse(m[1]!));
        else reject(new Error(`the child answered nothing: ${output} ${errors}`));
      });
    });
  });
}

describe('archive bombs', () => {
  it('refuses a 1.5 GB sheet in a 1.5 MB .xlsx, naming the member, growing the process by less than 50 MB', async () => {
    const size = fs.statSync(bomb).size;
    expect(size).toBeLessThan(4 * MB);
    const r = await runChild(bomb);
    console.info(
      `xlsx bomb of ${(size / MB).toFixed(2)} MB (1536 MB expanded): refused in ${r.ms.toFixed(0)} ms, RSS growth ${(r.growth / MB).toFixed(1)} MB`,
    );
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ code: 4100, data: { issues: [{ field: 'file' }] } });
    expect(r.body.msg).toContain('xl/worksheets/sheet1.xml');
    expect(r.growth).toBeLessThan(50 * MB);
  }, 120_000);

  it('catches a bomb whose central directory lies about its size, in zh, en and es', async () => {
    const liar = path.join(dir, 'liar.xlsx');
    await writeXlsxBomb(liar, 256 * MB, { size: 2 * MB });
    const bytes = fs.readFileSync(liar);
    const msgs: string[] = [];
    for (const lang of ['zh', 'en', 'es'] as const) {
      const m = multipart({ name: 'liar.xlsx', bytes });
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/sandstorm/import',
        headers: { ...t.bearer(token), ...m.headers, 'accept-language': lang },
        payload: m.payload,
      });
      expect(res.json()).toMatchObject({ code: 4100, data: { issues: [{ field: 'file' }] } });
      msgs.push(res.json().msg);
    }
    expect(msgs[0]).toContain('声明');
    expect(msgs[1]).toBe('file: The archive member xl/worksheets/sheet1.xml expands to more than the 2097152 bytes it declares');
    expect(msgs[2]).toContain('declara');
  }, 60_000);

  it('still imports an ordinary workbook', async () => {
    const m = multipart({ name: 'ok.xlsx', bytes: await workbook() });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/sandstorm/import',
      headers: { ...t.bearer(token), ...m.headers },
      payload: m.payload,
    });
    // Past the guard: the import's own check of the columns answers.
    expect(res.json().code).toBe(4100);
    expect(JSON.stringify(res.json())).not.toContain('archive');
    expect(res.json().msg).not.toMatch(/压缩包/);
  });

  it('refuses a zip bomb as an article attachment', async () => {
    const kindId = (await call(t, token, 'GET', '/api/article/kinds')).json().data[0].id;
    const draft = await call(t, token, 'POST', '/api/article/add', { kindId, title: '沙尘简报', body: '<p>正文</p>' });
    const articleId = draft.json().data?.id as number;
    expect(articleId).toBeGreaterThan(0);
    const zip = zipOf([{ name: 'data.csv', data: new Uint8Array(64 * MB) }]);
    const m = multipartForm({ articleId: String(articleId) }, { name: 'data.zip', bytes: zip, type: 'application/zip' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/article/attachment/upload',
      headers: { ...t.bearer(token), ...m.headers, 'accept-language': 'en' },
      payload: m.payload,
    });
    expect(res.json()).toMatchObject({ code: 4100, data: { issues: [{ field: 'file' }] } });
    expect(res.json().msg).toContain('data.csv');
  });
});
