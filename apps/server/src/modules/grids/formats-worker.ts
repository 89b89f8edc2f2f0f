// Worker thread for the CPU-heavy grid file work (see core/worker-pool.ts): parsing an import and encoding a
// MICAPS 4 export of a national grid each take seconds.
import { parentPort } from 'node:worker_threads';
import type { WorkerReply } from '../../core/worker-pool.js';
import { encodeMicaps4File, parseGridFile } from './formats.js';

const port = parentPort!;

port.on('message', (msg: { id: number; op: string; args: unknown[] }) => void answer(msg));

async function answer(msg: { id: number; op: string; args: unknown[] }): Promise<void> {
  try {
    if (msg.op === 'parse') {
      const parsed = await parseGridFile(msg.args[0] as Uint8Array);
      reply({ id: msg.id, ok: true, value: parsed }, [parsed.grid.values.buffer as ArrayBuffer]);
    } else if (msg.op === 'encodeMicaps4') {
      const [grid, header, encoding] = msg.args as Parameters<typeof encodeMicaps4File>;
      const bytes = encodeMicaps4File(grid, header, encoding);
      reply({ id: msg.id, ok: true, value: bytes }, [bytes.buffer as ArrayBuffer]);
    } else {
      throw new Error(`unknown operation ${msg.op}`);
    }
  } catch (e) {
    const err = e instanceof Error ? e : new Error(String(e));
    reply({ id: msg.id, ok: false, error: { name: err.name, message: err.message } }, []);
  }
}

function reply(r: WorkerReply, transfer: ArrayBuffer[]) {
  port.postMessage(r, transfer);
}
