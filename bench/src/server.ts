import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SERVER_NODE_FLAGS } from '../../apps/server/src/node-flags.js';

const root = path.resolve(import.meta.dirname, '../..');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/** A new PostgreSQL database (named `<prefix>_<time>_<pid>`) on the server of `base`, and how to drop it. */
export async function newPostgresDatabase(base: string, prefix: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const { default: pg } = await import('pg');
  const name = `${prefix}_${Date.now().toString(36)}_${process.pid}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: base });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`CREATE DATABASE ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/**
 * A new PostgreSQL database under the server named by BENCH_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test),
 * dropped afterwards; without it the server uses SQLite in its data folder.
 */
export async function benchDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const base = process.env.BENCH_DATABASE_URL?.trim();
  if (!base) return { url: '', drop: async () => {} };
  return newPostgresDatabase(base, 'agromet_bench');
}

/**
 * The real server in its own process (so the load generator does not share its event loop), on loopback: the build in
 * SERVER_DIST if set (a private build, see apps/server/build.mjs), else apps/server/dist; on SQLite, or on a fresh
 * PostgreSQL database with BENCH_DATABASE_URL; with BENCH_REDIS_URL, shared state in Redis under a prefix of its own.
 */
export async function startServer(
  env: Record<string, string> = {},
  /** Data a bench prepared itself (folder and database), removed by `stop()` as the server's own would be. */
  prepared?: { dataDir: string; database: { url: string; drop: () => Promise<void> } },
) {
  const dataDir = prepared?.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'agromet-bench-'));
  const port = await freePort();
  const database = prepared?.database ?? (await benchDatabase());
  const dist = path.resolve(root, process.env.SERVER_DIST || 'apps/server/dist');
  const redisUrl = process.env.BENCH_REDIS_URL?.trim();
  const redisPrefix = `bench:${process.pid}:${port}:`;
  // BENCH_SERVER_PROFILE=<folder>: the server writes a CPU profile there when it stops (open it in Chrome's DevTools).
  const profile = process.env.BENCH_SERVER_PROFILE?.trim();
  const profileArgs = profile ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(profile)}`] : [];
  // BENCH_SERVER_LOG=<file>: the server's log (warnings and errors, one JSON line each) is appended there.
  const logFile = process.env.BENCH_SERVER_LOG?.trim();
  const logOut = logFile ? fs.openSync(path.resolve(logFile), 'a') : 'ignore';
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, ...profileArgs, path.join(dist, 'main.js')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: 'Bench-Admin-1',
      LOG_LEVEL: 'warn',
      DATABASE_URL: database.url,
      REDIS_URL: redisUrl ?? '',
      REDIS_PREFIX: redisPrefix,
      ...env,
    },
    stdio: ['ignore', logOut, 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error('bench server exited');
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      /* starting */
    }
    if (Date.now() > deadline) throw new Error('bench server did not start');
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    /** The server's process id (its CPU time, read from /proc by a bench). */
    pid: child.pid!,
    engine: database.url ? 'PostgreSQL' : 'SQLite',
    redis: Boolean(redisUrl),
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
      fs.rmSync(dataDir, { recursive: true, force: true });
      await database.drop();
      if (redisUrl) {
        const { Redis } = await import('ioredis');
        const redis = new Redis(redisUrl);
        const keys = await redis.keys(`${redisPrefix}*`);
        if (keys.length) await redis.del(...keys);
        await redis.quit();
      }
    },
  };
}
