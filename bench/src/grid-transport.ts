// npm run bench:grid (after grid.ts): the national 0.05° grid (1401 × 1201) as the revision pages fetch it, as bytes
// (application/octet-stream with x-grid-meta, docs/grids.md#grid-values-over-http) against the path it replaced, base64
// inside the JSON envelope, measured in the same run: payload size, the server's encoding and the browser's parse,
// in process and over a loopback HTTP server.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { encodeGridMeta, float32Values, GRID_BINARY_TYPE, GRID_META_HEADER, parseGridMeta, type GridMeta } from '@agromet/contracts/web';

import { nationalGrid } from './national.js';

const WARM_UP = Number(process.env.BENCH_WARMUP ?? 5);
const RUNS = Number(process.env.BENCH_RUNS ?? 21);

// ---- the replaced path: base64 in JSON, decoded by the hand-written decoder the web used (from @agromet/grid) ----------

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const LOOKUP = new Int16Array(128).fill(-1);
for (let k = 0; k < ALPHABET.length; k++) LOOKUP[ALPHABET.charCodeAt(k)] = k;

function base64ToBytes(text: string): Uint8Array {
  const clean = text.replace(/\s+/g, '');
  if (clean.length % 4 !== 0) throw new Error('base64 length must be a multiple of 4');
  const padding = clean.endsWith('==') ? 2 : clean.endsWith('=') ? 1 : 0;
  const out = new Uint8Array((clean.length / 4) * 3 - padding);
  const dataChars = clean.length - padding;
  const sextet = (p: number): number => {
    if (p >= dataChars) return 0;
    const ch = clean.charCodeAt(p);
    const v = ch < 128 ? LOOKUP[ch]! : -1;
    if (v < 0) throw new Error(`invalid base64 character at ${p}`);
    return v;
  };
  let o = 0;
  for (let p = 0; p < clean.length; p += 4) {
    const triple = (sextet(p) << 18) | (sextet(p + 1) << 12) | (sextet(p + 2) << 6) | sextet(p + 3);
    if (o < out.length) out[o++] = triple >> 16;
    if (o < out.length) out[o++] = (triple >> 8) & 255;
    if (o < out.length) out[o++] = triple & 255;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------------------

function median(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

async function time(run: () => unknown): Promise<number> {
  for (let k = 0; k < WARM_UP; k++) await run();
  const samples: number[] = [];
  for (let k = 0; k < RUNS; k++) {
    const t0 = performance.now();
    await run();
    samples.push(performance.now() - t0);
  }
  return median(samples);
}

async function main(): Promise<void> {
  const grid = nationalGrid();
  grid.values[12345] = Number.NaN;
  const meta: GridMeta = {
    type: 'fine-grid',
    factor: 'tmp',
    baseTime: '2026-11-22T00:00:00.000Z',
    lead: 24,
    version: 3,
    unit: '°C',
    lon0: grid.lon0,
    lat0: grid.lat0,
    dx: grid.dx,
    dy: grid.dy,
    nx: grid.nx,
    ny: grid.ny,
  };
  const bytesOf = (values: Float32Array) => Buffer.from(values.buffer, values.byteOffset, values.byteLength);
  const rest = {
    typeName: '智能网格',
    factorName: '气温',
    updatedBy: '订正预报员',
    updatedAt: '2026-11-22T01:02:03.000Z',
    min: -60,
    max: 60,
    precision: 1,
    allocated: true,
    leads: Array.from({ length: 25 }, (_, k) => ({ lead: 3 * k, version: 1, updatedBy: 'demo', updatedAt: meta.baseTime })),
  };

  // What each side does per answer.
  const encodeJson = () =>
    JSON.stringify({ code: 0, msg: 'success', data: { ...meta, ...rest, values: bytesOf(grid.values).toString('base64') } });
  const encodeBinary = () => ({ header: encodeGridMeta(meta), body: bytesOf(grid.values) });
  const jsonText = encodeJson();
  const jsonBytes = Buffer.from(jsonText, 'utf8');
  const binary = encodeBinary();
  /** The browser: res.text() (UTF-8), JSON.parse, base64 → bytes, a Float32Array over a copy (as gridOfData did). */
  const parseJson = (payload: Uint8Array) => {
    const data = (JSON.parse(new TextDecoder().decode(payload)) as { data: { values: string } }).data;
    const b = base64ToBytes(data.values);
    return new Float32Array(b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength));
  };
  /** The browser: res.arrayBuffer(), the header parsed, the values viewed in place. */
  const parseBinary = (header: string, body: ArrayBuffer) => float32Values(body, parseGridMeta(header));
  const binaryBuffer = binary.body.buffer.slice(binary.body.byteOffset, binary.body.byteOffset + binary.body.byteLength) as ArrayBuffer;

  const same = (a: Float32Array) => Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(bytesOf(grid.values));
  if (!same(parseJson(jsonBytes)) || !same(parseBinary(binary.header, binaryBuffer))) throw new Error('a path changed the values');

  // Over HTTP on loopback: the server as it answers, the client as the browser reads it (fetch).
  const server = http.createServer((req, res) => {
    if (req.url === '/json') {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(Buffer.from(encodeJson(), 'utf8'));
    } else {
      const b = encodeBinary();
      res.writeHead(200, { 'content-type': GRID_BINARY_TYPE, [GRID_META_HEADER]: b.header }).end(b.body);
    }
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const fetchJson = async () => parseJson(new Uint8Array(await (await fetch(`${base}/json`)).arrayBuffer()));
  const fetchBinary = async () => {
    const res = await fetch(`${base}/bin`);
    return parseBinary(res.headers.get(GRID_META_HEADER)!, await res.arrayBuffer());
  };
  if (!same(await fetchJson()) || !same(await fetchBinary())) throw new Error('a path changed the values over HTTP');

  const rows: { name: string; json: number; binary: number; unit: string }[] = [];
  rows.push({
    name: 'payload (body + x-grid-meta)',
    json: jsonBytes.length / 1e6,
    binary: (binary.body.length + binary.header.length) / 1e6,
    unit: 'MB',
  });
  rows.push({ name: 'server: encode the answer', json: await time(encodeJson), binary: await time(encodeBinary), unit: 'ms' });
  rows.push({
    name: 'client: parse to Float32Array',
    json: await time(() => parseJson(jsonBytes)),
    binary: await time(() => parseBinary(binary.header, binaryBuffer)),
    unit: 'ms',
  });
  rows.push({ name: 'HTTP loopback: fetch + parse', json: await time(fetchJson), binary: await time(fetchBinary), unit: 'ms' });
  // For context: Node's native base64 (browsers had none until Uint8Array.fromBase64) still pays for text and JSON.
  rows.push({
    name: 'extra: parse with native base64',
    json: await time(() => {
      const data = (JSON.parse(new TextDecoder().decode(jsonBytes)) as { data: { values: string } }).data;
      const b = Buffer.from(data.values, 'base64');
      return new Float32Array(b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength));
    }),
    binary: await time(() => parseBinary(binary.header, binaryBuffer)),
    unit: 'ms',
  });
  server.close();

  console.log(
    `\ngrid transport: national grid ${grid.nx} × ${grid.ny} = ${grid.values.length} cells (${(grid.values.byteLength / 1e6).toFixed(2)} MB of Float32)`,
  );
  console.log(`median of ${RUNS} runs after ${WARM_UP} warm-up runs, Node ${process.version}; baseline: base64 in the JSON envelope\n`);
  console.log(`${'measure'.padEnd(34)} ${'base64 JSON'.padStart(13)} ${'binary'.padStart(13)} ${'binary / JSON'.padStart(14)}`);
  for (const r of rows) {
    const f = (v: number) => `${v.toFixed(r.unit === 'MB' ? 2 : 3)} ${r.unit}`.padStart(13);
    console.log(`${r.name.padEnd(34)} ${f(r.json)} ${f(r.binary)} ${(r.binary / r.json).toPrecision(2).padStart(14)}`);
  }
  console.log(`\nx-grid-meta: ${binary.header.length} bytes`);
}

await main();
