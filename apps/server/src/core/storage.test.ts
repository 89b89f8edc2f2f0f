import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startS3, type TestS3 } from '../../test/s3-server.js';
import { loadConfig } from '../config.js';
import { ErrorCode } from '@agromet/contracts';
import { StorageUnavailableError } from './errors.js';
import { jobErrorMessage, JobRunner, STORAGE_RETRIES, storageRetryDelayMs, type JobLogger } from './jobs.js';
import { openDatabase } from './db/index.js';
import { migrate } from '../migrations.js';
import { openStorage } from './open-storage.js';
import { S3FileStorage, type S3Sender } from './storage-s3.js';
import {
  isStorageUnavailable,
  isTransientStorageFault,
  LocalFileStorage,
  removeFiles,
  storageFault,
  type CleanupLog,
  type FileStorage,
  type StoredFileInfo,
} from './storage.js';

const dirs: string[] = [];
const opened: FileStorage[] = [];
let s3: TestS3 | undefined;
beforeAll(async () => {
  s3 = await startS3();
});
afterAll(async () => {
  for (const storage of opened) await storage.close?.();
  await s3?.close();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agromet-storage-'));
  dirs.push(dir);
  return dir;
};

function recordingLog() {
  const lines: Array<{ level: 'warn' | 'error'; obj: Record<string, unknown>; msg: string }> = [];
  const log: CleanupLog & JobLogger = {
    warn: (obj, msg) => lines.push({ level: 'warn', obj: obj as Record<string, unknown>, msg }),
    error: (obj, msg) => lines.push({ level: 'error', obj: obj as Record<string, unknown>, msg }),
  };
  return { log, lines };
}

/** Storage whose removal of `broken` fails like a file the process may not delete. */
function storageFailingOn(broken: string) {
  const removed: string[] = [];
  const failure = Object.assign(new Error(`EACCES: permission denied, unlink '${broken}'`), { code: 'EACCES' });
  const storage: FileStorage = {
    put: async () => {},
    get: async () => null,
    getRange: async () => null,
    remove: async (key) => {
      if (key === broken) throw failure;
      removed.push(key);
    },
    list: async function* () {},
  };
  return { storage, removed, failure };
}

describe('removeFiles (cleanup)', () => {
  it('logs a file it could not remove with its key and the error, and still removes the others', async () => {
    const { storage, removed, failure } = storageFailingOn('grids/1/2/b.f32');
    const { log, lines } = recordingLog();
    await removeFiles(storage, ['grids/1/2/a.f32', 'grids/1/2/b.f32', 'grids/1/2/c.f32'], log, 'a grid file of a failed save');
    expect(removed).toEqual(['grids/1/2/a.f32', 'grids/1/2/c.f32']);
    expect(lines).toEqual([
      { level: 'warn', obj: { err: failure, key: 'grids/1/2/b.f32' }, msg: 'could not remove a grid file of a failed save' },
    ]);
  });

  it('logs nothing when every file goes, or was already gone', async () => {
    const storage = new LocalFileStorage(tempDir());
    await storage.put('imports/1/job.upload', Buffer.from('x'));
    const { log, lines } = recordingLog();
    await removeFiles(storage, ['imports/1/job.upload', 'imports/1/never-written.upload'], log, 'a staged import');
    expect(await storage.get('imports/1/job.upload')).toBeNull();
    expect(lines).toEqual([]);
  });
});

async function listed(storage: FileStorage, prefix?: string): Promise<StoredFileInfo[]> {
  const out: StoredFileInfo[] = [];
  for await (const file of storage.list(prefix)) out.push(file);
  return out.sort((a, b) => (a.key < b.key ? -1 : 1));
}
const keysOf = async (storage: FileStorage, prefix?: string) => (await listed(storage, prefix)).map((f) => f.key);

let s3Runs = 0;
/** Each S3 test gets a prefix of its own in the one bucket, as deployments sharing a bucket would. */
async function openS3(prefix = `run-${++s3Runs}`): Promise<FileStorage> {
  const storage = await openStorage(loadConfig({ ...s3!.env, S3_PREFIX: prefix, DATA_DIR: tempDir() }));
  opened.push(storage);
  return storage;
}

/**
 * The same behaviour checks against both drivers (docs/architecture.md#object-storage): the folder under DATA_DIR and
 * an S3 bucket, here an s3rver in this process on a free loopback port.
 */
describe.each([
  { driver: 'LocalFileStorage', open: async (): Promise<FileStorage> => new LocalFileStorage(tempDir()) },
  { driver: 'S3FileStorage', open: () => openS3() },
])('FileStorage contract: $driver', ({ driver, open }) => {
  it('is the driver the configuration asks for', async () => {
    expect(await open()).toBeInstanceOf(driver === 'S3FileStorage' ? S3FileStorage : LocalFileStorage);
  });

  it('writes, reads back and replaces files byte for byte (empty, small and large)', async () => {
    const storage = await open();
    const bytes = Buffer.from(Array.from({ length: 1024 }, (_, k) => (k * 7) % 256));
    await storage.put('grids/1/2/a.f32', bytes);
    expect(await storage.get('grids/1/2/a.f32')).toEqual(bytes);
    await storage.put('grids/1/2/a.f32', Buffer.from('replaced'));
    expect((await storage.get('grids/1/2/a.f32'))!.toString()).toBe('replaced');
    await storage.put('uploads/empty.png', Buffer.alloc(0));
    expect((await storage.get('uploads/empty.png'))!.length).toBe(0);
    // Over the size written synchronously by the local folder; several of S3's network packets.
    const large = Buffer.alloc(700 * 1024);
    for (let k = 0; k < large.length; k += 4) large.writeUInt32LE(k, k);
    await storage.put('issues/1/x/grids/9-v1.f32', large);
    expect((await storage.get('issues/1/x/grids/9-v1.f32'))!.equals(large)).toBe(true);
  });

  it('answers null for a missing file from get and getRange', async () => {
    const storage = await open();
    expect(await storage.get('grids/1/2/never.f32')).toBeNull();
    expect(await storage.getRange('grids/1/2/never.f32', 0, 4)).toBeNull();
    expect(await storage.getRange('grids/1/2/never.f32', 0, 0)).toBeNull();
  });

  it('reads the bytes at an offset, fewer at the end of the file, none past it', async () => {
    const storage = await open();
    const data = Buffer.from(Array.from({ length: 40 }, (_, k) => k * 3));
    await storage.put('grids/1/2/a.f32', data);
    expect(await storage.getRange('grids/1/2/a.f32', 8, 4)).toEqual(data.subarray(8, 12));
    expect(await storage.getRange('grids/1/2/a.f32', 0, 40)).toEqual(data);
    expect(await storage.getRange('grids/1/2/a.f32', 36, 8)).toEqual(data.subarray(36));
    expect((await storage.getRange('grids/1/2/a.f32', 40, 4))!.length).toBe(0);
    expect((await storage.getRange('grids/1/2/a.f32', 50, 4))!.length).toBe(0);
    expect((await storage.getRange('grids/1/2/a.f32', 4, 0))!.length).toBe(0);
  });

  it('removes a file, and a missing one without an error', async () => {
    const storage = await open();
    await storage.put('boundaries/1/a.geojson', Buffer.from('{}'));
    await storage.remove('boundaries/1/a.geojson');
    expect(await storage.get('boundaries/1/a.geojson')).toBeNull();
    await storage.remove('boundaries/1/a.geojson');
    await storage.remove('boundaries/9/never.geojson');
  });

  it('lists every file, or those under a prefix, with when it was written', async () => {
    const storage = await open();
    expect(await keysOf(storage)).toEqual([]);
    const before = Date.now();
    for (const key of ['grids/1/2/a.f32', 'grids/1/2/b.f32d', 'grids/10/3/c.f32', 'imports/1/job.upload', 'top.bin'])
      await storage.put(key, Buffer.from(key));
    const after = Date.now();
    const all = await listed(storage);
    expect(all.map((f) => f.key)).toEqual(['grids/1/2/a.f32', 'grids/1/2/b.f32d', 'grids/10/3/c.f32', 'imports/1/job.upload', 'top.bin']);
    for (const f of all) {
      expect(f.modified).toBeInstanceOf(Date);
      // S3 states times to the second.
      expect(f.modified.getTime()).toBeGreaterThanOrEqual(before - 2000);
      expect(f.modified.getTime()).toBeLessThanOrEqual(after + 2000);
    }
    expect(await keysOf(storage, 'grids/1/')).toEqual(['grids/1/2/a.f32', 'grids/1/2/b.f32d']);
    expect(await keysOf(storage, 'grids/1')).toEqual(['grids/1/2/a.f32', 'grids/1/2/b.f32d', 'grids/10/3/c.f32']);
    expect(await keysOf(storage, 'imports/')).toEqual(['imports/1/job.upload']);
    expect(await keysOf(storage, 'nothing/')).toEqual([]);
    await storage.remove('grids/1/2/a.f32');
    expect(await keysOf(storage, 'grids/')).toEqual(['grids/1/2/b.f32d', 'grids/10/3/c.f32']);
  });

  it('refuses keys that could leave its folder or prefix', async () => {
    const storage = await open();
    for (const key of ['../outside', '/etc/passwd', 'grids/../../x', '', 'a b']) {
      await expect(storage.put(key, Buffer.from('x'))).rejects.toThrow(/unsafe storage key/);
      await expect(storage.get(key)).rejects.toThrow(/unsafe storage key/);
      await expect(storage.getRange(key, 0, 4)).rejects.toThrow(/unsafe storage key/);
      await expect(storage.remove(key)).rejects.toThrow(/unsafe storage key/);
    }
    await expect(keysOf(storage, '../')).rejects.toThrow(/unsafe storage key/);
  });
});

describe('LocalFileStorage', () => {
  it('lists the temporary file an unfinished write left (a crash between write and rename), which remove takes', async () => {
    const root = tempDir();
    const storage = new LocalFileStorage(root);
    await storage.put('grids/1/2/a.f32', Buffer.from('a'));
    fs.writeFileSync(path.join(root, 'grids/1/2/b.f32.4242.tmp'), 'half');
    expect(await keysOf(storage)).toEqual(['grids/1/2/a.f32', 'grids/1/2/b.f32.4242.tmp']);
    await storage.remove('grids/1/2/b.f32.4242.tmp');
    expect(await keysOf(storage)).toEqual(['grids/1/2/a.f32']);
  });

  it('lists nothing before anything was stored', async () => {
    expect(await keysOf(new LocalFileStorage(path.join(tempDir(), 'not-yet')))).toEqual([]);
  });
});

describe('S3FileStorage', () => {
  it("keeps to its deployment's prefix in a shared bucket", async () => {
    const a = await openS3('deployment-a');
    const b = await openS3('deployment-b/nested');
    await a.put('grids/1/2/x.f32', Buffer.from('a'));
    await b.put('grids/1/2/x.f32', Buffer.from('b'));
    expect((await a.get('grids/1/2/x.f32'))!.toString()).toBe('a');
    expect((await b.get('grids/1/2/x.f32'))!.toString()).toBe('b');
    expect(await keysOf(a)).toEqual(['grids/1/2/x.f32']);
    await a.remove('grids/1/2/x.f32');
    expect((await b.get('grids/1/2/x.f32'))!.toString()).toBe('b');
  });

  it('lists page after page with the continuation token S3 gives', async () => {
    // s3rver cannot make continuation tokens on OpenSSL 3 (it uses DES), so the pages come from a stand-in client.
    const pages = [
      { keys: ['p/a', 'p/b'], next: 'token-1' },
      { keys: ['p/c', 'p/d'], next: 'token-2' },
      { keys: ['p/e'], next: undefined },
    ];
    const asked: Array<Record<string, unknown>> = [];
    const client: S3Sender = {
      send: (async (command: { input: Record<string, unknown> }) => {
        asked.push(command.input);
        const page = pages[asked.length - 1]!;
        return {
          Contents: page.keys.map((Key) => ({ Key, LastModified: new Date('2026-01-02T03:04:05Z') })),
          IsTruncated: page.next !== undefined,
          NextContinuationToken: page.next,
        };
      }) as unknown as S3Sender['send'],
      destroy: () => {},
    };
    const sdk = await import('@aws-sdk/client-s3');
    const storage = new S3FileStorage(sdk, client, 'bucket', 'p/', 2);
    const files = await listed(storage, '');
    expect(files.map((f) => f.key)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(files[0]!.modified.toISOString()).toBe('2026-01-02T03:04:05.000Z');
    expect(asked.map((input) => [input.Prefix, input.MaxKeys, input.ContinuationToken])).toEqual([
      ['p/', 2, undefined],
      ['p/', 2, 'token-1'],
      ['p/', 2, 'token-2'],
    ]);
  });
});

describe('job handlers', () => {
  it('get the runner logger for what they handle themselves', async () => {
    const handle = openDatabase({ databaseUrl: undefined, dataDir: tempDir() });
    await migrate(handle);
    const { log, lines } = recordingLog();
    const runner = new JobRunner(handle.db, { log });
    try {
      const { storage, failure } = storageFailingOn('imports/1/x.upload');
      runner.define('test.cleanup', z.null(), async (_payload, ctx) => {
        await removeFiles(storage, ['imports/1/x.upload'], ctx.log, 'a staged import');
        return 'ok';
      });
      const id = await runner.enqueue('test.cleanup', null, { customerId: null, userId: null });
      await runner.waitFor(id);
      expect((await runner.get(id))?.status).toBe('done');
      expect(lines).toEqual([{ level: 'warn', obj: { err: failure, key: 'imports/1/x.upload' }, msg: 'could not remove a staged import' }]);
    } finally {
      await runner.close();
      await handle.close();
    }
  });
});

describe('storage faults', () => {
  const fault = (props: Record<string, unknown>) => Object.assign(new Error(String(props.code ?? props.name ?? 'fault')), props);
  /** An S3 driver whose every request fails with `error`. */
  const failingS3 = async (error: unknown) => {
    const sdk = await import('@aws-sdk/client-s3');
    const client: S3Sender = {
      send: (async () => {
        throw error;
      }) as unknown as S3Sender['send'],
      destroy: () => {},
    };
    return new S3FileStorage(sdk, client, 'bucket', 'p/');
  };

  it.each([
    ['S3 refusing connections', fault({ code: 'ECONNREFUSED' })],
    ['a reset connection, wrapped by the SDK', fault({ name: 'Error', cause: fault({ code: 'ECONNRESET' }) })],
    ['the SDK timing out', fault({ name: 'TimeoutError' })],
    ['S3 answering 500', fault({ name: 'InternalError', $metadata: { httpStatusCode: 500 } })],
    ['S3 answering 503 SlowDown', fault({ name: 'SlowDown', $metadata: { httpStatusCode: 503 } })],
  ])('turns %s into a StorageUnavailableError (503, 5031) on every call, the fault as its cause', async (_what, error) => {
    const storage = await failingS3(error);
    for (const call of [
      () => storage.put('grids/1/a.f32', Buffer.alloc(1)),
      () => storage.get('grids/1/a.f32'),
      () => storage.getRange('grids/1/a.f32', 0, 4),
      () => storage.remove('grids/1/a.f32'),
      () => storage.probe(),
      async () => {
        for await (const _ of storage.list()) void _;
      },
    ]) {
      const thrown = await call().then(
        () => null,
        (e: unknown) => e,
      );
      expect(thrown).toBeInstanceOf(StorageUnavailableError);
      expect((thrown as StorageUnavailableError).status).toBe(503);
      expect((thrown as StorageUnavailableError).code).toBe(ErrorCode.STORAGE_UNAVAILABLE);
      expect((thrown as Error).cause).toBe(error);
    }
  });

  it('leaves configuration errors (a missing bucket, refused credentials) as they are: 500, not retried', async () => {
    for (const error of [
      fault({ name: 'NoSuchBucket', $metadata: { httpStatusCode: 404 } }),
      fault({ name: 'InvalidAccessKeyId', $metadata: { httpStatusCode: 403 } }),
    ]) {
      const storage = await failingS3(error);
      await expect(storage.put('grids/1/a.f32', Buffer.alloc(1))).rejects.toBe(error);
      // The readiness probe counts them all the same: such a bucket cannot serve calls.
      await expect(storage.probe()).rejects.toBeInstanceOf(StorageUnavailableError);
    }
  });

  it('classes the local disk state (EIO, ENOSPC, read-only, quota) as a fault, a bug or a refused path not', () => {
    for (const code of ['EIO', 'ENOSPC', 'EROFS', 'EDQUOT', 'EMFILE']) {
      expect(isTransientStorageFault(fault({ code })), code).toBe(true);
      expect(storageFault(fault({ code }))).toBeInstanceOf(StorageUnavailableError);
    }
    for (const code of ['ENOENT', 'EACCES', 'EISDIR', undefined]) expect(isTransientStorageFault(fault({ code })), code).toBe(false);
    const plain = new Error('unsafe storage key: ../x');
    expect(storageFault(plain)).toBe(plain);
    expect(isStorageUnavailable(new Error('job failed', { cause: new StorageUnavailableError(fault({ code: 'EIO' })) }))).toBe(true);
    expect(isStorageUnavailable(fault({ code: 'ECONNREFUSED' }))).toBe(false);
  });

  it('probes the local folder by writing in it: fine on a folder, a fault where the folder cannot be', async () => {
    const root = tempDir();
    await expect(new LocalFileStorage(path.join(root, 'files')).probe()).resolves.toBeUndefined();
    expect(fs.readdirSync(path.join(root, 'files'))).toEqual([]);
    fs.writeFileSync(path.join(root, 'a-file'), 'x');
    await expect(new LocalFileStorage(path.join(root, 'a-file', 'files')).probe()).rejects.toBeInstanceOf(StorageUnavailableError);
  });

  it('has a job that met a storage fault run again after a backoff (memory queue), counted once as a take-up', async () => {
    const handle = openDatabase({ databaseUrl: undefined, dataDir: tempDir() });
    await migrate(handle);
    const { log, lines } = recordingLog();
    const runner = new JobRunner(handle.db, { log, retryBaseMs: 50 });
    let runs = 0;
    runner.define('flaky', z.unknown(), async () => {
      runs += 1;
      if (runs < 3) throw new StorageUnavailableError(fault({ code: 'ECONNREFUSED' }));
      return { runs };
    });
    try {
      const id = await runner.enqueue('flaky', {}, { customerId: null, userId: null });
      await runner.waitFor(id);
      const row = await runner.get(id);
      expect(row).toMatchObject({ status: 'done', attempts: 1, error: null, result: JSON.stringify({ runs: 3 }) });
      expect(lines.filter((l) => l.msg === 'job met a storage fault: retried later').map((l) => l.obj.retry)).toEqual([1, 2]);
      expect(storageRetryDelayMs(2000, 1)).toBe(2000);
      expect(storageRetryDelayMs(2000, 4)).toBe(16_000);
      expect(storageRetryDelayMs(2000, 8)).toBe(60_000);
    } finally {
      await runner.close();
      await handle.close();
    }
  });

  it('fails a job whose storage stays down after its retries, saying so', async () => {
    const handle = openDatabase({ databaseUrl: undefined, dataDir: tempDir() });
    await migrate(handle);
    const runner = new JobRunner(handle.db, { log: recordingLog().log, retryBaseMs: 1 });
    runner.define('down', z.unknown(), async () => {
      throw new StorageUnavailableError(fault({ code: 'EIO' }));
    });
    try {
      const id = await runner.enqueue('down', {}, { customerId: null, userId: null });
      await runner.waitFor(id);
      const row = (await runner.get(id))!;
      expect(row.status).toBe('failed');
      expect(jobErrorMessage(row.error, 'en')).toBe(
        `File storage stayed unavailable; the job failed after ${STORAGE_RETRIES} retries; submit it again later`,
      );
    } finally {
      await runner.close();
      await handle.close();
    }
  });
});
