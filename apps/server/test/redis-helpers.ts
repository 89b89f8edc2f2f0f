import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { Redis } from 'ioredis';
import { expect } from 'vitest';

/** The Redis that runs on this machine and in CI (127.0.0.1:6379 unless TEST_REDIS_URL says otherwise). */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A key prefix of a run's own, so that runs sharing the Redis never read each other's keys. */
export const runKeyPrefix = (): string => `test:${randomBytes(6).toString('hex')}:`;

/** Removes every key under the prefix, then closes the connection (`redis`, or one of its own to TEST_REDIS_URL). */
export async function removeKeys(prefix: string, redis: Redis = new Redis(TEST_REDIS_URL)): Promise<void> {
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length) await redis.del(...keys);
  await redis.quit();
}

/** A TCP port free on 127.0.0.1 at the time of asking. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/**
 * A redis-server of the test's own on the port, keeping no data (a test stops and starts it as an operator's restart
 * would): answers once it answers PING.
 */
export async function startRedisServer(port: number): Promise<ChildProcess> {
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: 'ignore',
  });
  const probe = new Redis(`redis://127.0.0.1:${port}`, { lazyConnect: true, retryStrategy: () => 50 });
  probe.on('error', () => undefined);
  await expect.poll(async () => (await probe.ping().catch(() => 'down')) === 'PONG', { timeout: 15_000 }).toBe(true);
  probe.disconnect();
  return child;
}
