import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { JobRunner, type JobLogger } from './jobs.js';
import { migrate, openDatabase } from './db/index.js';
import { LocalFileStorage, removeFiles, type CleanupLog, type FileStorage } from './storage.js';

const dirs: string[] = [];
afterAll(() => {
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

describe('LocalFileStorage.getRange', () => {
  it('reads the bytes at an offset, fewer at the end of the file, none past it, and null for a missing file', async () => {
    const storage = new LocalFileStorage(tempDir());
    const data = Buffer.from(Array.from({ length: 40 }, (_, k) => k * 3));
    await storage.put('grids/1/2/a.f32', data);
    expect(await storage.getRange('grids/1/2/a.f32', 8, 4)).toEqual(data.subarray(8, 12));
    expect(await storage.getRange('grids/1/2/a.f32', 0, 40)).toEqual(data);
    expect(await storage.getRange('grids/1/2/a.f32', 36, 8)).toEqual(data.subarray(36));
    expect((await storage.getRange('grids/1/2/a.f32', 50, 4))!.length).toBe(0);
    expect(await storage.getRange('grids/1/2/never.f32', 0, 4)).toBeNull();
    await expect(storage.getRange('../outside', 0, 4)).rejects.toThrow(/unsafe/);
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
      runner.define<null>('test.cleanup', async (_payload, ctx) => {
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
