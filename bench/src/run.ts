// npm run bench: authenticated user info against a bare health check, measured in the same run on loopback.
// BENCH_DATABASE_URL=postgres://… runs the server on a fresh PostgreSQL database, BENCH_REDIS_URL with Redis (server.ts).
import autocannon from 'autocannon';
import { startServer } from './server.js';

const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 10;

interface Figures {
  name: string;
  rps: number;
  p99: number;
  errors: number;
  non2xx: number;
}

async function measure(name: string, url: string, headers: Record<string, string> = {}): Promise<Figures> {
  const r = await autocannon({ url, headers, connections: CONNECTIONS, duration: DURATION });
  return { name, rps: r.requests.average, p99: r.latency.p99, errors: r.errors, non2xx: r.non2xx };
}

async function main() {
  const server = await startServer();
  try {
    const login = await fetch(`${server.url}/api/login/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'Bench-Admin-1' }),
    }).then((r) => r.json() as Promise<{ data: { access_token: string } }>);
    const auth = { authorization: `Bearer ${login.data.access_token}` };
    // Warm-up, then the baseline and the measured call back to back.
    await measure('warm-up', `${server.url}/api/health`);
    const baseline = await measure('GET /api/health', `${server.url}/api/health`);
    const info = await measure('GET /api/user/info', `${server.url}/api/user/info`, auth);
    console.log(`\n${server.engine}${server.redis ? ' + Redis' : ''}, ${DURATION} s each, ${CONNECTIONS} connections, loopback\n`);
    console.log('call                     req/s      p99 ms   errors  non-2xx');
    for (const f of [baseline, info]) {
      console.log(
        `${f.name.padEnd(22)} ${f.rps.toFixed(0).padStart(8)} ${f.p99.toFixed(1).padStart(10)} ${String(f.errors).padStart(8)} ${String(f.non2xx).padStart(8)}`,
      );
    }
    console.log(
      `\nratio user/info : health  throughput ${(info.rps / baseline.rps).toFixed(2)}, p99 ${(info.p99 / Math.max(baseline.p99, 0.1)).toFixed(2)}`,
    );
    if (info.non2xx > 0 || baseline.non2xx > 0) process.exitCode = 1;
  } finally {
    await server.stop();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
