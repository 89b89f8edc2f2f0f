// npm run bench:wms-load (after a build): /api/health throughput alone and while four 4096 x 4096 GetMaps are drawn
// over and over, in the same run on loopback. Large images are drawn in a worker thread; before that they were drawn
// on the event loop and four at once cut the health check to a fifth.
import autocannon from 'autocannon';
import { startServer } from './server.js';

const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 10;
const LARGE = 4096;
const AT_ONCE = 4;

async function healthRps(url: string): Promise<{ rps: number; p99: number; non2xx: number }> {
  const r = await autocannon({ url: `${url}/api/health`, connections: CONNECTIONS, duration: DURATION });
  return { rps: r.requests.average, p99: r.latency.p99, non2xx: r.non2xx };
}

async function main() {
  const server = await startServer({ DEMO: '1' });
  try {
    const login = await fetch(`${server.url}/api/login/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'demo-revise', password: 'Bench-Admin-1' }),
    }).then((r) => r.json() as Promise<{ data: { access_token: string } }>);
    const map =
      `${server.url}/api/wms?token=${login.data.access_token}&SERVICE=WMS&VERSION=1.3.0&REQUEST=GetMap&LAYERS=fine-grid.tmp&STYLES=` +
      `&CRS=EPSG:4326&BBOX=31.6,105.5,39.6,111.5&WIDTH=${LARGE}&HEIGHT=${LARGE}&FORMAT=image/png&TRANSPARENT=TRUE`;
    const first = await fetch(map);
    if (first.headers.get('content-type') !== 'image/png') throw new Error(`GetMap failed: ${await first.text()}`);
    await healthRps(server.url); // warm-up
    const alone = await healthRps(server.url);
    let drawing = true;
    let images = 0;
    const started = performance.now();
    const loops = Array.from({ length: AT_ONCE }, async () => {
      while (drawing) {
        const r = await fetch(map);
        await r.arrayBuffer();
        if (r.ok) images += 1;
      }
    });
    const loaded = await healthRps(server.url);
    drawing = false;
    await Promise.all(loops);
    const seconds = (performance.now() - started) / 1000;
    console.log(`\n/api/health, ${DURATION} s each, ${CONNECTIONS} connections, loopback`);
    console.log(`alone                                  ${alone.rps.toFixed(0).padStart(7)} req/s  p99 ${alone.p99.toFixed(1)} ms`);
    console.log(
      `with ${AT_ONCE} x ${LARGE}² GetMap in a loop        ${loaded.rps.toFixed(0).padStart(7)} req/s  p99 ${loaded.p99.toFixed(1)} ms` +
        `  (${images} images in ${seconds.toFixed(1)} s)`,
    );
    console.log(`ratio loaded : alone  ${(loaded.rps / alone.rps).toFixed(2)}`);
    if (alone.non2xx > 0 || loaded.non2xx > 0) process.exitCode = 1;
  } finally {
    await server.stop();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
