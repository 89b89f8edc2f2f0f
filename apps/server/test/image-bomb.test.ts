import { ARTICLE_WRITE_CODE } from '@agromet/contracts';
import { crc32, createDeflate } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tooManyPixels } from '../src/core/image-guard.js';
import { WechatSimulator } from '../src/modules/weixin/simulator.js';
import { createTestApp, type TestApp } from './helpers.js';
import { addCustomer, addUser, call } from './revise-helpers.js';
import { WEIXIN_ACCOUNT } from './sample-records.js';

/**
 * Image bombs (docs/security.md#uploads): a 50 000 × 50 000 PNG (a few hundred KB, gigabytes decoded) is refused by
 * the one dimension check (core/image-guard.ts) on every path that takes a picture's bytes: the general upload,
 * WeChat media as an image and as a thumb, and article attachments. Avatars, logos, spot and landscape photos take
 * only paths of the general upload.
 */
const { appId: APP_ID, secret: SECRET } = WEIXIN_ACCOUNT;
const sim = new WechatSimulator();
let t: TestApp;
let tok = '';
let accountId = 0;
let articleId = 0;
let bomb: Buffer;
let jpegBomb: Buffer;

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([len, body, crc]);
}

/** A valid PNG of width × height black pixels (1-bit grey), deflated as a stream. */
async function hugePng(width: number, height: number): Promise<Buffer> {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.writeUInt8(1, 8); // bit depth
  ihdr.writeUInt8(0, 9); // grey
  const row = Buffer.alloc(1 + Math.ceil(width / 8)); // filter 0 + zero bits
  const rows = Buffer.concat(Array.from({ length: 64 }, () => row));
  const deflate = createDeflate({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (d: Buffer) => out.push(d));
  const done = new Promise((resolve) => deflate.on('end', resolve));
  for (let y = 0; y < height; y += 64)
    if (!deflate.write(y + 64 <= height ? rows : rows.subarray(0, (height - y) * row.length)))
      await new Promise((resolve) => deflate.once('drain', resolve));
  deflate.end();
  await done;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', Buffer.concat(out)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

beforeAll(async () => {
  sim.addApp(APP_ID, SECRET, {});
  await sim.start();
  t = await createTestApp({ WECHAT_API_BASE: sim.baseUrl });
  const customer = await addCustomer(t, '陕西省气象服务中心');
  tok = (await addUser(t, customer, 'img-admin', ['wx-mp-manage.account.admin', 'wx-mp-manage.material.admin', ARTICLE_WRITE_CODE])).token;
  accountId = (await call(t, tok, 'POST', '/api/wx/account/insert', WEIXIN_ACCOUNT)).json().data.id;
  const kindId = (await call(t, tok, 'GET', '/api/article/kinds')).json().data[0].id;
  articleId = (await call(t, tok, 'POST', '/api/article/add', { kindId, title: '图片', body: '<p>正文</p>' })).json().data.id;
  bomb = await hugePng(50_000, 50_000);
  // A small JPEG whose frame header says 50 000 × 50 000 (as a crafted one would): what a thumb takes.
  jpegBomb = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#000' } })
    .jpeg()
    .toBuffer();
  const sof = jpegBomb.indexOf(Buffer.from([0xff, 0xc0]));
  jpegBomb.writeUInt16BE(50_000, sof + 5);
  jpegBomb.writeUInt16BE(50_000, sof + 7);
}, 120_000);
afterAll(async () => {
  await t.close();
  await sim.stop();
});

function form(url: string, fields: Record<string, string>, name: string, bytes: Buffer) {
  const boundary = '----imageBomb3';
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  parts.push(
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: image/png\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return t.app.inject({
    method: 'POST',
    url,
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...t.bearer(tok), 'accept-language': 'en' },
  });
}

const PATHS: Array<[string, string, () => Record<string, string>, 'png' | 'jpg']> = [
  ['the general upload (avatars, logos, spot, landscape and route photos)', '/api/file/upload', () => ({}), 'png'],
  ['the general upload, as a JPEG', '/api/file/upload', () => ({}), 'jpg'],
  ['WeChat media as an image', '/api/wx/media/upload', () => ({ accountId: String(accountId), type: 'image' }), 'png'],
  ['WeChat media as a JPEG image', '/api/wx/media/upload', () => ({ accountId: String(accountId), type: 'image' }), 'jpg'],
  ['WeChat media as a thumb (JPEG)', '/api/wx/media/upload', () => ({ accountId: String(accountId), type: 'thumb' }), 'jpg'],
  ['article attachments', '/api/article/attachment/upload', () => ({ articleId: String(articleId) }), 'png'],
  ['article attachments, as a JPEG', '/api/article/attachment/upload', () => ({ articleId: String(articleId) }), 'jpg'],
];

describe('image bombs', () => {
  it('is a real 50 000 × 50 000 PNG of a few hundred KB', () => {
    expect(bomb.length).toBeLessThan(4 * 1024 * 1024);
    expect(bomb.readUInt32BE(16)).toBe(50_000);
    expect(tooManyPixels(50_000, 50_000)).toBe(true);
    expect(tooManyPixels(6000, 4000)).toBe(false);
  });

  it.each(PATHS)('refuses it on %s, naming the field', async (_, url, fields, format) => {
    const res = await form(url, fields(), `huge.${format}`, format === 'png' ? bomb : jpegBomb);
    expect(res.json()).toMatchObject({ code: 4100, data: { issues: [{ field: 'file' }] } });
    expect(res.json().msg).toMatch(/50000 × 50000 pixels/);
    expect(sim.apps.get(APP_ID)!.materials).toHaveLength(0);
  });

  it('names the limit in the caller’s language', async () => {
    const res = await form('/api/wx/media/upload', { accountId: String(accountId), type: 'image' }, 'huge.png', bomb);
    expect(res.json().msg).toBe('file: The image is too large: 50000 × 50000 pixels (at most 40 megapixels and 16384 pixels a side)');
  });
});
