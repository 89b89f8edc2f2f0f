import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.js';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = (await t.login('admin')).access_token;
});
afterAll(async () => {
  await t.close();
});

function multipart(filename: string, type: string, data: Buffer, field = 'file') {
  const boundary = '----agrometTestBoundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, data, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const upload = (filename: string, type: string, data: Buffer, field?: string) => {
  const m = multipart(filename, type, data, field);
  return t.app.inject({ method: 'POST', url: '/api/file/upload', payload: m.payload, headers: { ...m.headers, ...t.bearer(token) } });
};

describe('image upload', () => {
  it('stores a re-encoded PNG, answers its path in msg and serves it back', async () => {
    const png = await sharp({ create: { width: 300, height: 200, channels: 4, background: { r: 64, g: 158, b: 255, alpha: 0.5 } } })
      .png()
      .toBuffer();
    const res = await upload('avatar.png', 'image/png', png);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.code).toBe(0);
    expect(body.msg).toMatch(/^\/api\/files\/uploads\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.png$/);
    expect(body.data).toMatchObject({ path: body.msg, width: 300, height: 200 });
    const served = await t.app.inject({ method: 'GET', url: body.msg });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 300, height: 200 });
    const row = await t.db.db.selectFrom('stored_file').selectAll().where('path', '=', body.msg).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ mime: 'image/png', original_name: 'avatar.png' });
  });

  it('re-encodes other formats as JPEG, whatever the file is called', async () => {
    const webp = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#00ff00' } })
      .webp()
      .toBuffer();
    const res = await upload('logo.png', 'image/png', webp);
    expect(res.json().msg).toMatch(/\.jpg$/);
    const served = await t.app.inject({ method: 'GET', url: res.json().msg });
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(served.rawPayload).metadata()).format).toBe('jpeg');
  });

  it('checks content, not the name: a text file called .png is refused and nothing is stored', async () => {
    const before = await t.db.db.selectFrom('stored_file').select('id').execute();
    const res = await upload('evil.png', 'image/png', Buffer.from('<script>alert(1)</script>'));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 4100, msg: 'file：只能上传图片' });
    const svg = await upload('x.svg', 'image/svg+xml', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'));
    expect(svg.json().code).toBe(4100);
    expect(await t.db.db.selectFrom('stored_file').select('id').execute()).toHaveLength(before.length);
  });

  it('refuses files over 10240 KB and uploads without a token', async () => {
    const big = Buffer.alloc(10240 * 1024 + 10, 1);
    const res = await upload('big.png', 'image/png', big);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 4130, msg: '图片超出大小限制（10240 KB）' });
    const m = multipart('a.png', 'image/png', Buffer.from('x'));
    const anon = await t.app.inject({ method: 'POST', url: '/api/file/upload', payload: m.payload, headers: m.headers });
    expect(anon.json().code).toBe(4000);
  });

  it('names the missing file field', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const res = await upload('a.png', 'image/png', png, 'other');
    expect(res.json()).toMatchObject({ code: 4100 });
    expect(res.json().msg).toMatch(/^file：/);
    expect((await t.app.inject({ method: 'GET', url: '/api/files/uploads/2020/01/none.png' })).json().code).toBe(4004);
  });

  it('records the upload in the operation log without the bytes', async () => {
    const row = await t.db.db
      .selectFrom('operation_log')
      .selectAll()
      .where('action', '=', 'upload')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ type: 'file', username: 'admin', result_code: 0 });
    expect(JSON.parse(row.parameter).file).toMatchObject({ name: 'avatar.png' });
  });
});
