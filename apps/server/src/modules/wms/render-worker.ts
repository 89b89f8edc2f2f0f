// Worker thread for large WMS images (see renderer.ts): drawing a 2048 × 2048 map takes a good part of a second of CPU,
// which would otherwise stall every request of the process meanwhile.
import { parentPort } from 'node:worker_threads';
import type { WorkerReply } from '../../core/worker-pool.js';
import { renderWindPixels } from './arrows.js';
import { encodeImage, renderGridPixels } from './render.js';
import type { MapImageTask } from './renderer.js';

const port = parentPort!;

port.on('message', async (msg: { id: number; op: string; args: unknown[] }) => {
  try {
    if (msg.op !== 'map') throw new Error(`unknown operation ${msg.op}`);
    const task = msg.args[0] as MapImageTask;
    const { request } = task;
    const pixels =
      task.kind === 'grid'
        ? renderGridPixels(task.grid, task.colormap, request, request.style, task.levels)
        : renderWindPixels(task.speed, task.direction, request, task.style);
    const image = await encodeImage(pixels, request.width, request.height, request.format, request.transparent);
    const bytes = new Uint8Array(image.buffer, image.byteOffset, image.byteLength).slice();
    reply({ id: msg.id, ok: true, value: bytes }, [bytes.buffer]);
  } catch (e) {
    const err = e instanceof Error ? e : new Error(String(e));
    reply({ id: msg.id, ok: false, error: { name: err.name, message: err.message } }, []);
  }
});

function reply(r: WorkerReply, transfer: ArrayBuffer[]) {
  port.postMessage(r, transfer);
}
