import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SERVER_NODE_FLAGS } from '../apps/server/src/node-flags.js';

export const E2E_ADMIN_PASSWORD = 'E2e-Admin-Pass-1';
const root = path.resolve(import.meta.dirname, '..');

/**
 * The server listens on every address, as `HOST=0.0.0.0` serves the network, so that a test can open the console
 * through a non-loopback address as another machine would (tests/network.spec.ts); the others use 127.0.0.1.
 */
const HOST = '0.0.0.0';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, HOST, () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

async function waitForHealth(url: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${log()}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not answer in 60 s:\n${log()}`);
}

/** Starts the real server on a free port with a fresh data folder; tests read E2E_BASE_URL. */
export default async function globalSetup() {
  // WEB_DIST lets several checkouts' builds be tested side by side; the server reads the same variable.
  const webDist = process.env.WEB_DIST ?? path.join(root, 'apps/web/dist');
  if (!fs.existsSync(path.join(webDist, 'index.html'))) {
    throw new Error(`${webDist} is missing: run \`npm run build\` first (npm test does it)`);
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agromet-e2e-'));
  fs.mkdirSync(path.join(root, '.test-output'), { recursive: true });
  // The server under test is the current sources compiled as for production (plain node, no TypeScript loader),
  // built privately so that a concurrent build of apps/server/dist cannot change it mid-run; inside the repository,
  // so that its imports resolve from node_modules.
  const serverDist = fs.mkdtempSync(path.join(root, '.test-output', 'e2e-server-'));
  const serverData = path.join(dataDir, 'data');
  const built = spawnSync(process.execPath, [path.join(root, 'apps/server/build.mjs')], {
    env: { ...process.env, SERVER_DIST: serverDist },
    encoding: 'utf8',
  });
  if (built.status !== 0) throw new Error(`server build failed:\n${built.stdout}${built.stderr}`);
  const port = await freePort();
  let output = '';
  // SCRYPT_LOG_N=12 as in the API tests: at the default 2^17 every sign-in, user creation and password reset costs
  // seconds of CPU on a loaded machine. The stored hash carries its own cost, so the code paths are the same.
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, path.join(serverDist, 'main.js')], {
    cwd: root,
    env: {
      ...process.env,
      WEB_DIST: webDist,
      PORT: String(port),
      HOST,
      DATA_DIR: serverData,
      ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
      DEMO: '1',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      SCRYPT_LOG_N: '12',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => {
    output += d;
  });
  child.stderr!.on('data', (d) => {
    output += d;
  });
  const url = `http://127.0.0.1:${port}`;
  await waitForHealth(url, child, () => output);
  process.env.E2E_BASE_URL = url;
  process.env.E2E_PORT = String(port);
  process.env.E2E_DATA_DIR = serverData;
  return async () => {
    child.kill('SIGTERM');
    await new Promise((r) => {
      if (child.exitCode !== null) r(null);
      else child.once('exit', r);
    });
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(serverDist, { recursive: true, force: true });
  };
}
