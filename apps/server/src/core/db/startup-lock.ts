import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import SQLite from 'better-sqlite3';
import pg from 'pg';

/** The PostgreSQL advisory lock key of start-up (any fixed number no other code of the database uses). */
export const STARTUP_LOCK_KEY = 0x61_67_72_6f; // "agro"
/** How long a process waits for another one's start-up before it gives up. */
const STARTUP_LOCK_WAIT_MS = 15 * 60_000;
/** Between two tries at the SQLite lock: a start-up takes seconds, so a short pause costs nothing. */
const SQLITE_RETRY_MS = 50;

/**
 * Runs `work` (migrate, seed, demo data) while no other process of the same database does: two processes starting at
 * once on a fresh database would otherwise both find it empty and both insert the catalogue and the admin. The
 * lock is the database's own and dies with the process holding it, so a process killed during start-up never
 * blocks the next one: a PostgreSQL advisory lock on a connection of its own, or with SQLite an exclusive
 * transaction on a small lock database beside the data file (SQLite's file locks are released by the system).
 * See docs/architecture.md#storage.
 */
export async function withStartupLock<T>(where: { databaseUrl: string | undefined; dataDir: string }, work: () => Promise<T>): Promise<T> {
  return where.databaseUrl ? withAdvisoryLock(where.databaseUrl, work) : withSqliteLock(where.dataDir, work);
}

async function withAdvisoryLock<T>(databaseUrl: string, work: () => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(`SET lock_timeout = ${STARTUP_LOCK_WAIT_MS}`);
    await client.query('SELECT pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
    return await work();
  } finally {
    // Ending the connection releases the lock too; the explicit unlock just makes it immediate.
    await client.query('SELECT pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]).catch(() => undefined);
    await client.end().catch(() => undefined);
  }
}

async function withSqliteLock<T>(dataDir: string, work: () => Promise<T>): Promise<T> {
  fs.mkdirSync(dataDir, { recursive: true });
  const lock = new SQLite(path.join(dataDir, 'startup.lock.sqlite'));
  try {
    // Tried without waiting inside SQLite (its busy wait would block this process's event loop, and with it a second
    // database handle of the same process), again after a pause while another holds it.
    lock.pragma('busy_timeout = 0');
    const giveUpAt = Date.now() + STARTUP_LOCK_WAIT_MS;
    for (;;) {
      try {
        lock.exec('BEGIN EXCLUSIVE');
        break;
      } catch (e) {
        if ((e as { code?: string }).code !== 'SQLITE_BUSY' || Date.now() > giveUpAt) throw e;
        await delay(SQLITE_RETRY_MS);
      }
    }
    try {
      return await work();
    } finally {
      lock.exec('COMMIT');
    }
  } finally {
    lock.close();
  }
}
