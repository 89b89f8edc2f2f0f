import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

export interface TestS3 {
  endpoint: string;
  bucket: string;
  /** The S3 settings of the configuration (STORAGE=s3 …) for this server. */
  env: Record<string, string>;
  /** Stops the server (its port then refuses connections), keeping its objects; `start` brings it back on the same port. */
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

/**
 * An S3 server in this process (s3rver) on a free loopback port, with one empty bucket, its objects in a temporary
 * folder; `close` stops it and removes the folder. It accepts s3rver's fixed credentials.
 */
export async function startS3(bucket = 'test'): Promise<TestS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'agromet-s3-'));
  let server: S3rver | null = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    env: { STORAGE: 's3', S3_ENDPOINT: endpoint, S3_BUCKET: bucket, S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' },
    async stop() {
      await server?.close();
      server = null;
    },
    async start() {
      if (server) return;
      server = new S3rver({ port, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: bucket }] });
      await server.run();
    },
    async close() {
      try {
        await server?.close();
      } finally {
        fs.rmSync(directory, { recursive: true, force: true });
      }
    },
  };
}
