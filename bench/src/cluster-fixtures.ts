// What the reliability suite and the scale bench share: calls with their outcome, a fresh PostgreSQL database, a Redis
// of their own, and grid files for import jobs.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { encodeMicaps4, type Grid } from '@agromet/grid';
import { freePort, newPostgresDatabase } from './server.js';

const BASE = process.env.BENCH_DATABASE_URL?.trim() || 'postgres://postgres@127.0.0.1:5432/test';

export interface Outcome {
  ok: boolean;
  status: number;
  code: number | null;
  ms: number;
  body: unknown;
}

/** One call; a network failure is status 0. */
export async function call(url: string, init: RequestInit & { json?: unknown } = {}): Promise<Outcome> {
  const started = performance.now();
  const headers = new Headers(init.headers);
  let body = init.body;
  if (init.json !== undefined) {
    headers.set('content-type', 'application/json');
    body = JSON.stringify(init.json);
  }
  try {
    const res = await fetch(url, { ...init, headers, body, signal: AbortSignal.timeout(30_000) });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      /* not JSON */
    }
    const code = typeof parsed === 'object' && parsed !== null && 'code' in parsed ? Number((parsed as { code: unknown }).code) : null;
    return { ok: res.ok && code === 0, status: res.status, code, ms: performance.now() - started, body: parsed };
  } catch (e) {
    return { ok: false, status: 0, code: null, ms: performance.now() - started, body: String(e) };
  }
}

export const dataOf = <T>(o: Outcome) => (o.body as { data: T }).data;

/** A Redis server of the suite's own, which it may stop and start (never the machine's). */
export async function ownRedis() {
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agromet-reliability-redis-'));
  let child: ChildProcess | null = null;
  const start = async () => {
    child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir], {
      stdio: 'ignore',
    });
    const deadline = Date.now() + 10_000;
    for (;;) {
      const up = await new Promise<boolean>((resolve) => {
        const s = net.connect(port, '127.0.0.1', () => {
          s.end();
          resolve(true);
        });
        s.on('error', () => resolve(false));
      });
      if (up) return;
      if (Date.now() > deadline) throw new Error('redis-server did not start');
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  const stop = () =>
    new Promise<void>((resolve) => {
      const c = child;
      if (!c || c.exitCode !== null) return resolve();
      c.once('exit', () => resolve());
      c.kill('SIGKILL');
    });
  await start();
  /** Stops it for good and removes its folder. */
  const dispose = async () => {
    await stop();
    fs.rmSync(dir, { recursive: true, force: true });
  };
  return { url: `redis://127.0.0.1:${port}`, start, stop, dispose };
}

/** A new PostgreSQL database on BENCH_DATABASE_URL's server (default the local one), and how to drop it. */
export function freshDatabase() {
  return newPostgresDatabase(BASE, 'agromet_reliability');
}

export interface Geometry {
  lon0: number;
  lat0: number;
  dx: number;
  dy: number;
  nx: number;
  ny: number;
}

/**
 * A MICAPS 4 temperature field for the run `baseHour` hours into 2025, as an import job's file: on the product's own
 * cells, or `fine` times finer over the same region (resampled by the job, which then takes a while).
 */
export function importFile(product: Geometry, baseHour: number, fine = 1): Buffer {
  const nx = (product.nx - 1) * fine + 1;
  const ny = (product.ny - 1) * fine + 1;
  const values = new Float32Array(nx * ny);
  for (let k = 0; k < values.length; k++) values[k] = 10 + (k % 17) * 0.5;
  const grid: Grid = { nx, ny, lon0: product.lon0, lat0: product.lat0, dx: product.dx / fine, dy: product.dy / fine, values };
  const when = new Date(Date.UTC(2025, 0, 1) + baseHour * 3_600_000);
  return Buffer.from(
    encodeMicaps4(
      grid,
      {
        year: when.getUTCFullYear(),
        month: when.getUTCMonth() + 1,
        day: when.getUTCDate(),
        hour: when.getUTCHours(),
        leadHours: 24,
        description: 'reliability',
      },
      { encoding: 'gbk' },
    ),
  );
}

export function multipart(fields: Record<string, string>, file: Buffer) {
  const boundary = '----agrometReliability';
  const body = Buffer.concat([
    ...Object.entries(fields).map(([k, v]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="r.m4"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}
