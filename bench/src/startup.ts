// Start-up time of the built server (plain node on apps/server/dist/main.js) with demo data already present, as a
// ratio to a bare Fastify server started the same way in the same run: spawn, then poll /api/health until it answers.
//
//   npm run build && npm run bench:startup
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SERVER_NODE_FLAGS } from '../../apps/server/src/node-flags.js';
import { freePort } from './server.js';

const root = path.resolve(import.meta.dirname, '../..');
const ROUNDS = Number(process.env.ROUNDS ?? 7);

const BARE_FASTIFY = `
import Fastify from 'fastify';
const app = Fastify();
app.get('/api/health', async () => ({ code: 0 }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
`;

/** Milliseconds from spawn to the first successful /api/health. */
async function timeToHealth(args: string[], env: Record<string, string>): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited with ${child.exitCode}`);
      try {
        if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return performance.now() - started;
      } catch {
        /* not listening yet */
      }
      if (Date.now() > deadline) throw new Error(`${args.join(' ')} did not answer in 60 s`);
      await new Promise((r) => setTimeout(r, 10));
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main() {
  const main = path.join(root, 'apps/server/dist/main.js');
  if (!fs.existsSync(main)) throw new Error('apps/server/dist/main.js is missing: run `npm run build` first');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agromet-bench-startup-'));
  const env = { DATA_DIR: dataDir, DEMO: '1', ADMIN_PASSWORD: 'Bench-Admin-1', LOG_LEVEL: 'warn', DATABASE_URL: '', SCRYPT_LOG_N: '12' };
  try {
    // The first start creates the demo customer, users and grids; the rounds measure a restart on existing data.
    const first = await timeToHealth([...SERVER_NODE_FLAGS, main], env);
    const server: number[] = [];
    const bare: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      bare.push(await timeToHealth(['--input-type=module', '-e', BARE_FASTIFY], {}));
      server.push(await timeToHealth([...SERVER_NODE_FLAGS, main], env));
    }
    const result = {
      rounds: ROUNDS,
      firstStartWithDemoSeedMs: Math.round(first),
      bareFastifyMedianMs: Math.round(median(bare)),
      serverMedianMs: Math.round(median(server)),
      ratio: Number((median(server) / median(bare)).toFixed(2)),
      underThreeSeconds: median(server) < 3000,
    };
    console.log(JSON.stringify(result, null, 2));
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
