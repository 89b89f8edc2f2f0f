import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { nginxMainFor, nginxSiteFor } from '../../apps/server/src/proxy-site.js';
import { freePort } from './server.js';
import { SERVER_NODE_FLAGS } from '../../apps/server/src/node-flags.js';

const root = path.resolve(import.meta.dirname, '../..');
/** The checked-in nginx site (deploy/nginx/agromet.conf): the cluster runs a copy with its own ports. */
const NGINX_SITE = path.join(root, 'deploy/nginx/agromet.conf');

export interface ClusterOptions {
  /** API processes behind nginx. */
  apis: number;
  /** Job worker processes (`worker.js`); with none, the API processes run the jobs. */
  workers: number;
  /** PostgreSQL every process shares. */
  databaseUrl: string;
  /** Redis every process shares (throttle, job queue). */
  redisUrl: string;
  redisPrefix?: string;
  /** nginx's port; default a free one. */
  port?: number;
  /** Shared files (local storage) and the cluster's own files; default a new temporary folder. */
  dataDir?: string;
  /** More environment for every process (DEMO, STORAGE=s3 …). */
  env?: Record<string, string>;
  /** The built server (apps/server/dist, or SERVER_DIST). */
  dist?: string;
  /** Where each process's output goes; default `<dataDir>/logs`. */
  logDir?: string;
  /** Restart an API process or worker that exits on its own (as a service manager would). Default true. */
  supervise?: boolean;
}

interface Member {
  name: string;
  kind: 'api' | 'worker';
  port: number | null;
  child: ChildProcess;
  /** Stopping on purpose: not restarted. */
  stopping: boolean;
}

export interface Cluster {
  /** nginx's address. */
  url: string;
  /** Each API process's own address, by name (api-1 …). */
  apis: Record<string, string>;
  /** Each member's metrics address (its METRICS_PORT on the loopback), by name (api-1 …, worker-1 …). */
  metrics: Record<string, string>;
  workers: string[];
  dataDir: string;
  /** Processes restarted by the supervisor so far. */
  restarts: () => number;
  /** Kills a member (SIGKILL by default); the supervisor starts it again unless `supervise` is false. */
  kill(name: string, signal?: NodeJS.Signals): Promise<void>;
  /** Resolves once the named API process answers its readiness check (GET /api/health/ready) with 200 again. */
  healthy(name: string, timeoutMs?: number): Promise<void>;
  /** The pid of a member (changes when it is restarted). */
  pid(name: string): number | undefined;
  stop(): Promise<void>;
}

/**
 * Several API processes on PostgreSQL and Redis behind nginx, with job workers, on one machine, as an operator would
 * run them on several (docs/configuration.md#scaling-out): the first API process migrates and seeds (the others would wait on the
 * start-up lock anyway), then the rest start; nginx gets a copy of deploy/nginx/agromet.conf listing their ports.
 */
export async function startCluster(opts: ClusterOptions): Promise<Cluster> {
  const dist = path.resolve(root, opts.dist ?? process.env.SERVER_DIST ?? 'apps/server/dist');
  for (const entry of ['main.js', 'worker.js']) {
    if (!fs.existsSync(path.join(dist, entry))) throw new Error(`${path.join(dist, entry)} is missing: run npm run build first`);
  }
  const dataDir = opts.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'agromet-cluster-'));
  const logDir = opts.logDir ?? path.join(dataDir, 'logs');
  fs.mkdirSync(logDir, { recursive: true });
  const supervise = opts.supervise !== false;
  const shared: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: opts.databaseUrl,
    REDIS_URL: opts.redisUrl,
    REDIS_PREFIX: opts.redisPrefix ?? 'agromet:',
    // Behind nginx, the client's address is in X-Forwarded-For (deploy/nginx/agromet.conf overwrites it).
    TRUST_PROXY: '1',
    LOG_LEVEL: 'warn',
    JOBS_IN_API: opts.workers > 0 ? '0' : '1',
    ...opts.env,
  };
  const members = new Map<string, Member>();
  let restarts = 0;
  let stopped = false;

  // Every member serves its metrics on a loopback port of its own (docs/operations.md#metrics).
  const metricsPorts = new Map<string, number>();
  const launch = (name: string, kind: Member['kind'], port: number | null): Member => {
    const out = fs.openSync(path.join(logDir, `${name}.log`), 'a');
    const metricsPort = metricsPorts.get(name);
    // BENCH_SERVER_PROFILE=<folder>: each member writes a CPU profile there when it stops (as bench/src/server.ts).
    const profile = process.env.BENCH_SERVER_PROFILE?.trim();
    const profileArgs = profile ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(profile)}`, `--cpu-prof-name=${name}.cpuprofile`] : [];
    const child = spawn(
      process.execPath,
      [...SERVER_NODE_FLAGS, ...profileArgs, path.join(dist, kind === 'api' ? 'main.js' : 'worker.js')],
      {
        cwd: root,
        env: {
          ...shared,
          ...(port !== null ? { PORT: String(port) } : {}),
          ...(metricsPort !== undefined ? { METRICS_PORT: String(metricsPort), METRICS_HOST: '127.0.0.1' } : {}),
        },
        stdio: ['ignore', out, out],
      },
    );
    fs.closeSync(out);
    const member: Member = { name, kind, port, child, stopping: false };
    members.set(name, member);
    child.on('exit', () => {
      if (stopped || member.stopping || !supervise || members.get(name) !== member) return;
      // Started again as a service manager would; an API process rejoins nginx's upstream as soon as it listens.
      restarts += 1;
      setTimeout(() => {
        if (!stopped) launch(name, kind, port);
      }, 200);
    });
    return member;
  };

  const healthy = async (name: string, timeoutMs = 60_000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const member = members.get(name);
      if (!member?.port) throw new Error(`${name} is no API process`);
      try {
        // Ready: migrated, and its database, storage and Redis answer (an API process that is only alive is not yet).
        if ((await fetch(`http://127.0.0.1:${member.port}/api/health/ready`)).ok) return;
      } catch {
        /* starting */
      }
      if (Date.now() > deadline) throw new Error(`${name} did not become ready (see ${path.join(logDir, `${name}.log`)})`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };

  const apiPorts: number[] = [];
  for (let k = 1; k <= opts.apis; k += 1) apiPorts.push(await freePort());
  for (let k = 1; k <= opts.apis; k += 1) metricsPorts.set(`api-${k}`, await freePort());
  for (let k = 1; k <= opts.workers; k += 1) metricsPorts.set(`worker-${k}`, await freePort());
  // The first migrates and seeds; then the others and the workers start together.
  launch('api-1', 'api', apiPorts[0]!);
  await healthy('api-1');
  for (let k = 2; k <= opts.apis; k += 1) launch(`api-${k}`, 'api', apiPorts[k - 1]!);
  for (let k = 1; k <= opts.workers; k += 1) launch(`worker-${k}`, 'worker', null);
  for (let k = 2; k <= opts.apis; k += 1) await healthy(`api-${k}`);

  const port = opts.port ?? (await freePort());
  const nginxDir = path.join(dataDir, 'nginx');
  fs.mkdirSync(nginxDir, { recursive: true });
  fs.writeFileSync(path.join(nginxDir, 'agromet.conf'), nginxSite(apiPorts, port));
  fs.writeFileSync(path.join(nginxDir, 'nginx.conf'), nginxMain(nginxDir));
  const nginxOut = fs.openSync(path.join(logDir, 'nginx.log'), 'a');
  const nginx = spawn('nginx', ['-p', nginxDir, '-c', path.join(nginxDir, 'nginx.conf'), '-g', 'daemon off;'], {
    stdio: ['ignore', nginxOut, nginxOut],
  });
  fs.closeSync(nginxOut);
  const url = `http://127.0.0.1:${port}`;
  const nginxDeadline = Date.now() + 20_000;
  for (;;) {
    if (nginx.exitCode !== null) throw new Error(`nginx exited: ${fs.readFileSync(path.join(logDir, 'nginx.log'), 'utf8')}`);
    try {
      if ((await fetch(`${url}/api/health/ready`)).ok) break;
    } catch {
      /* starting */
    }
    if (Date.now() > nginxDeadline) throw new Error('nginx did not start');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  const stopChild = (child: ChildProcess, signal: NodeJS.Signals) =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill(signal);
    });

  return {
    url,
    apis: Object.fromEntries(apiPorts.map((p, k) => [`api-${k + 1}`, `http://127.0.0.1:${p}`])),
    metrics: Object.fromEntries([...metricsPorts].map(([name, p]) => [name, `http://127.0.0.1:${p}/metrics`])),
    workers: Array.from({ length: opts.workers }, (_, k) => `worker-${k + 1}`),
    dataDir,
    restarts: () => restarts,
    pid: (name) => members.get(name)?.child.pid,
    async kill(name, signal = 'SIGKILL') {
      const member = members.get(name);
      if (!member) throw new Error(`no member ${name}`);
      await stopChild(member.child, signal);
    },
    healthy,
    async stop() {
      stopped = true;
      await stopChild(nginx, 'SIGQUIT');
      await Promise.all(
        [...members.values()].map(async (m) => {
          m.stopping = true;
          await stopChild(m.child, 'SIGTERM');
        }),
      );
    },
  };
}

/**
 * The checked-in site with this cluster's API ports and nginx port, its generated parts (body limits, nginx's own
 * answers) written afresh from the server's constants (apps/server/src/proxy-site.ts).
 */
export function nginxSite(apiPorts: number[], port: number): string {
  return nginxSiteFor(apiPorts, port, fs.readFileSync(NGINX_SITE, 'utf8'));
}

/** nginx's main file for a private, foreground nginx whose files all live in `dir`. */
function nginxMain(dir: string): string {
  return nginxMainFor(dir);
}
