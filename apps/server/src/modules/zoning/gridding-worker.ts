// Worker thread for gridding station normals (see core/worker-pool.ts): regression plus inverse-distance residuals
// costs cells × stations, seconds for a national grid with a national station list.
import { parentPort } from 'node:worker_threads';
import type { WorkerReply } from '../../core/worker-pool.js';
import { gridWithCrossValidation } from './gridding.js';

const port = parentPort!;

port.on('message', (msg: { id: number; op: string; args: unknown[] }) => {
  try {
    if (msg.op !== 'grid') throw new Error(`unknown operation ${msg.op}`);
    const [stations, elevation, bounds] = msg.args as Parameters<typeof gridWithCrossValidation>;
    const out = gridWithCrossValidation(stations, elevation, bounds ?? undefined);
    port.postMessage({ id: msg.id, ok: true, value: out } satisfies WorkerReply, [out.values.buffer as ArrayBuffer]);
  } catch (e) {
    const err = e instanceof Error ? e : new Error(String(e));
    port.postMessage({ id: msg.id, ok: false, error: { name: err.name, message: err.message } } satisfies WorkerReply);
  }
});
