import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3FileStorage } from '../src/core/storage-s3.js';
import { sweepOrphanFiles } from '../src/file-sweep.js';
import { form, makeFileRows, readFileRowsBack, type FileRows } from './file-rows.js';
import { createTestApp, type TestApp } from './helpers.js';
import { startS3, type TestS3 } from './s3-server.js';

/** The whole server on an S3 bucket (STORAGE=s3; an s3rver of the test's own on a free loopback port). */
let s3: TestS3;
let t: TestApp;
let rows: FileRows;

beforeAll(async () => {
  s3 = await startS3();
  t = await createTestApp({ ...s3.env, S3_PREFIX: 'agromet-test' });
  rows = await makeFileRows(t, 's3-bureau');
});
afterAll(async () => {
  const storage = t?.storage;
  await t?.close();
  await storage?.close?.();
  await s3?.close();
});

const bucketKeys = async () => {
  const keys: string[] = [];
  for await (const f of t.storage.list()) keys.push(f.key);
  return keys.sort();
};

describe('the server on S3', () => {
  it('writes every file to the bucket, none to DATA_DIR, and reads them back through the API', async () => {
    expect(t.storage).toBeInstanceOf(S3FileStorage);
    await readFileRowsBack(t, rows);
    expect(fs.existsSync(path.join(t.dataDir, 'files'))).toBe(false);
    const keys = await bucketKeys();
    const c = rows.customerId;
    // The revised grid's delta and its base, the frozen copy and two exports, the image, the layer and its display file.
    expect(
      keys
        .filter((k) => k.startsWith(`grids/${c}/`))
        .map((k) => path.extname(k))
        .sort(),
    ).toEqual(['.f32', '.f32d']);
    expect(
      keys
        .filter((k) => k.startsWith(`issues/${c}/`))
        .map((k) => path.extname(k))
        .sort(),
    ).toEqual(['.f32', '.m4', '.tif']);
    expect(keys.filter((k) => k.startsWith(`boundaries/${c}/`)).some((k) => k.endsWith('.display.geojson'))).toBe(true);
    expect(keys).toContain(rows.imagePath.slice('/api/files/'.length));
    // The staged import went when its job ended.
    expect(keys.filter((k) => k.startsWith('imports/'))).toEqual([]);
  });

  it('sweeps the bucket: an old file no row names goes, every named file stays', async () => {
    const orphan = `grids/${rows.customerId}/1/${randomUUID()}.f32`;
    await t.storage.put(orphan, Buffer.alloc(16));
    const before = await bucketKeys();
    const lines: string[] = [];
    const log = { info: (_: object, msg: string) => lines.push(msg), warn: (_: object, msg: string) => lines.push(msg) };
    // Counted from two hours ahead, every file is past the grace period: only being named keeps one.
    const report = await sweepOrphanFiles(
      { db: t.db.db, storage: t.storage, log },
      { graceMinutes: 60, now: new Date(Date.now() + 2 * 3_600_000) },
    );
    expect(report).toMatchObject({ scanned: before.length, removed: 1, kept: before.length - 1, removedKeys: [orphan], missing: [] });
    expect(await bucketKeys()).toEqual(before.filter((k) => k !== orphan));
    expect(lines).toEqual(['orphan file sweep']);
    await readFileRowsBack(t, rows);
  });

  it('never writes the secret key to the log, even when a request to S3 fails', async () => {
    const lines: string[] = [];
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
        done();
      },
    });
    const secret = 'not-the-right-secret-4242';
    const wrong = await createTestApp(
      { ...s3.env, S3_BUCKET: 'no-such-bucket', S3_SECRET_ACCESS_KEY: secret, LOG_LEVEL: 'trace' },
      { loggerStream: logStream },
    );
    try {
      const token = (await wrong.login('admin')).access_token;
      const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: { r: 1, g: 2, b: 3 } } })
        .png()
        .toBuffer();
      const m = form({}, { name: 'a.png', type: 'image/png', bytes: png });
      const res = await wrong.app.inject({
        method: 'POST',
        url: '/api/file/upload',
        payload: m.payload,
        headers: { ...m.headers, ...wrong.bearer(token) },
      });
      // The bucket does not exist: a 5000 with a request id, the details (S3's error) in the log only.
      expect(res.json()).toMatchObject({ code: 5000, data: { requestId: expect.any(String) } });
      expect(lines.some((l) => l.includes('NoSuchBucket'))).toBe(true);
      expect(lines.filter((l) => l.includes(secret))).toEqual([]);
    } finally {
      await wrong.close();
      await wrong.storage.close?.();
    }
  });
});
