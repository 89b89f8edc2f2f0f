// npm run bench:login: the cost of a sign-in (scrypt at the default N = 2^17) and whether it holds up other calls.
// In one run on loopback: health-check latency alone (baseline), sign-ins one after another (right and wrong
// password), then health checks while sign-ins run two at a time: if hashing ran on the event loop, every health
// check would wait for a whole hash (~0.3 s); on libuv's thread pool it does not.
import { startServer } from './server.js';

const SIGN_INS = Number(process.env.BENCH_SIGN_INS ?? 12);
const HEALTH_CHECKS = Number(process.env.BENCH_HEALTH ?? 200);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * q))]!;

async function timed(run: () => Promise<Response>): Promise<{ ms: number; status: number }> {
  const start = performance.now();
  const res = await run();
  await res.arrayBuffer();
  return { ms: performance.now() - start, status: res.status };
}

async function main() {
  // The throttle would lock the account after a few wrong passwords: each wrong attempt uses its own unknown account,
  // which the server checks against a dummy hash of the same cost.
  const server = await startServer({ SCRYPT_LOG_N: '17' });
  const health = () => timed(() => fetch(`${server.url}/api/health`));
  const signIn = (username: string, password: string) =>
    timed(() =>
      fetch(`${server.url}/api/login/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username, password }),
      }),
    );
  try {
    for (let i = 0; i < 20; i++) await health();
    const idle: number[] = [];
    for (let i = 0; i < HEALTH_CHECKS; i++) idle.push((await health()).ms);

    const right: number[] = [];
    const wrong: number[] = [];
    for (let i = 0; i < SIGN_INS; i++) {
      const ok = await signIn('admin', 'Bench-Admin-1');
      if (ok.status !== 200) throw new Error(`sign-in answered ${ok.status}`);
      right.push(ok.ms);
      wrong.push((await signIn(`nobody-${i}`, 'wrong-password')).ms);
    }

    // Health checks while two sign-ins are always in flight.
    let signing = true;
    const load = async () => {
      while (signing) await signIn('admin', 'Bench-Admin-1');
    };
    const loaders = [load(), load()];
    const busy: number[] = [];
    for (let i = 0; i < HEALTH_CHECKS; i++) busy.push((await health()).ms);
    signing = false;
    await Promise.all(loaders);

    const row = (name: string, xs: number[]) =>
      console.log(
        `${name.padEnd(40)} ${median(xs).toFixed(1).padStart(8)} ${quantile(xs, 0.9).toFixed(1).padStart(8)} ${Math.max(...xs)
          .toFixed(1)
          .padStart(8)}`,
      );
    console.log(`\nloopback, scrypt N = 2^17; ${SIGN_INS} sign-ins of each kind, ${HEALTH_CHECKS} health checks per row\n`);
    console.log(`${'call'.padEnd(40)} ${'p50 ms'.padStart(8)} ${'p90 ms'.padStart(8)} ${'max ms'.padStart(8)}`);
    row('GET /api/health, idle (baseline)', idle);
    row('POST /api/login/login, right password', right);
    row('POST /api/login/login, unknown user', wrong);
    row('GET /api/health, 2 sign-ins in flight', busy);
    console.log(
      `\nratios to the idle health check (p50): sign-in ${(median(right) / median(idle)).toFixed(0)}×, ` +
        `wrong ${(median(wrong) / median(idle)).toFixed(0)}×, health during sign-ins ${(median(busy) / median(idle)).toFixed(2)}×` +
        `\nwrong ÷ right (p50) ${(median(wrong) / median(right)).toFixed(2)}: a failure takes as long as a success`,
    );
  } finally {
    await server.stop();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
