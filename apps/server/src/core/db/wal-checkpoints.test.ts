import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type DbHandle } from './index.js';

const opened: Array<{ handle: DbHandle; dir: string }> = [];

function open() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agromet-wal-'));
  const errors: Error[] = [];
  const handle = openDatabase({ databaseUrl: undefined, dataDir: dir, onBackgroundError: (e) => errors.push(e) });
  opened.push({ handle, dir });
  const file = path.join(dir, 'agromet.sqlite');
  return { handle, errors, size: (name: string) => fs.statSync(name).size, file, wal: `${file}-wal` };
}

afterEach(async () => {
  for (const { handle, dir } of opened.splice(0)) {
    await handle.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

/** Writes `megabytes` of blobs, each in its own commit (as revisions with large patches do). */
async function writeBlobs(handle: DbHandle, megabytes: number) {
  await sql`create table if not exists blob_row (id integer primary key, body blob)`.execute(handle.db);
  for (let k = 0; k < megabytes; k++) await sql`insert into blob_row (body) values (${Buffer.alloc(1024 * 1024, k)})`.execute(handle.db);
}

describe('SQLite checkpoints off the request thread', () => {
  it('no commit checkpoints: the log grows past 1000 pages, then the worker copies it into the database file', async () => {
    const { handle, errors, size, file, wal } = open();
    await writeBlobs(handle, 6);
    // SQLite's own checkpoint would have run inside the commit that passed 1000 pages and rewound the log.
    expect(size(wal)).toBeGreaterThan(6 * 1024 * 1024);
    expect(size(file)).toBeLessThan(1024 * 1024);
    await handle.checkpoints!.checkIfDue();
    expect(handle.checkpoints!.completed).toBe(1);
    expect(size(file)).toBeGreaterThan(6 * 1024 * 1024);
    // Nothing written since: nothing due.
    await handle.checkpoints!.checkIfDue();
    expect(handle.checkpoints!.completed).toBe(1);
    // The log is rewound by the next writer, and the database keeps every row.
    await writeBlobs(handle, 1);
    const { rows } = await sql<{ n: number }>`select count(*) as n from blob_row`.execute(handle.db);
    expect(rows[0]!.n).toBe(7);
    expect(errors).toEqual([]);
  });

  it('a small log waits for the main connection to close, which checkpoints it; every row is there when opened again', async () => {
    const { handle, errors, wal } = open();
    await writeBlobs(handle, 1);
    await handle.checkpoints!.checkIfDue();
    expect(handle.checkpoints!.completed).toBe(0);
    const dir = opened.at(-1)!.dir;
    await handle.close();
    opened.pop();
    expect(fs.existsSync(wal)).toBe(false);
    const again = openDatabase({ databaseUrl: undefined, dataDir: dir });
    opened.push({ handle: again, dir });
    const { rows } = await sql<{ n: number }>`select count(*) as n from blob_row`.execute(again.db);
    expect(rows[0]!.n).toBe(1);
    expect(errors).toEqual([]);
  });
});
