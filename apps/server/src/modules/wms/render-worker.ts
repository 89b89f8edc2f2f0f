// Worker thread for large WMS images (see renderer.ts): drawing a 2048 × 2048 map takes a good part of a second of CPU,
// which would otherwise stall every request of the process meanwhile.
import { parentPort } from 'node:worker_threads';
import type { WorkerReply } from '../../core/worker-pool.js';
import { drawMapImage, type MapImageTask } from './map-image.js';

const port = parentPort!;

port.on('message', (msg: { id: number; op: string; args: unknown[] }) => void answer(msg));

async function answer(msg: { id: number; op: string; args: unknown[] }): Promise<void> {
  try {
    if (msg.op !== 'map') throw new Error(`unknown operation ${msg.op}`);
    const image = await drawMapImage(msg.args[0] as MapImageTask);
    const bytes = new Uint8Array(image.buffer, image.byteOffset, image.byteLength).slice();
    reply({ id: msg.id, ok: true, value: bytes }, [bytes.buffer]);
  } catch (e) {
    const err = e instanceof Error ? e : new Error(String(e));
    reply({ id: msg.id, ok: false, error: { name: err.name, message: err.message } }, []);
  }
}

function reply(r: WorkerReply, transfer: ArrayBuffer[]) {
  port.postMessage(r, transfer);
}
