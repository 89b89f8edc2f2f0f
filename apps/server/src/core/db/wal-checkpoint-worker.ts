// Worker thread that copies SQLite's write-ahead log into the database file (core/db/wal-checkpoints.ts) on a
// connection of its own: the checkpoint's writes and flushes then run beside the requests instead of inside one
// request's commit.
import { parentPort } from 'node:worker_threads';
import SQLite from 'better-sqlite3';
import type { WorkerReply } from '../worker-pool.js';

const port = parentPort!;
let connection: SQLite.Database | null = null;

port.on('message', (msg: { id: number; op: string; args: unknown[] }) => {
  try {
    if (msg.op === 'checkpoint') {
      if (!connection) {
        connection = new SQLite(msg.args[0] as string, { fileMustExist: true });
        connection.pragma('synchronous = NORMAL');
      }
      // PASSIVE: copies what no reader still needs, never waits for a reader or a writer.
      const [result] = connection.pragma('wal_checkpoint(PASSIVE)') as Array<{ busy: number; log: number; checkpointed: number }>;
      reply({ id: msg.id, ok: true, value: result });
    } else if (msg.op === 'close') {
      connection?.close();
      connection = null;
      reply({ id: msg.id, ok: true, value: null });
    } else {
      throw new Error(`unknown operation ${msg.op}`);
    }
  } catch (e) {
    const err = e instanceof Error ? e : new Error(String(e));
    reply({ id: msg.id, ok: false, error: { name: err.name, message: err.message } });
  }
});

function reply(r: WorkerReply) {
  port.postMessage(r);
}
