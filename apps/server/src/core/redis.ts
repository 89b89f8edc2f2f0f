import { ErrorCode } from '@agromet/contracts';
import { Redis } from 'ioredis';
import { AppError } from './errors.js';

/**
 * The Redis connection of a process (REDIS_URL), where state that several API processes must share lives (the sign-in
 * throttle). Commands never wait for a lost connection: while Redis is away, a call that needs it is answered 503
 * (5030) at once, and the client reconnects by itself, so calls succeed again as soon as Redis is back.
 */
export async function openRedis(url: string): Promise<Redis> {
  const redis = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    // Reconnect every half second at most, for ever: a restarted Redis is picked up within a second.
    retryStrategy: (times) => Math.min(times * 100, 500),
  });
  // Errors surface on the calls; the client's own events would otherwise print a stack per reconnection attempt.
  redis.on('error', () => undefined);
  try {
    await redis.connect();
  } catch (e) {
    redis.disconnect();
    throw new Error(`cannot reach Redis at REDIS_URL: ${(e as Error).message}`, { cause: e });
  }
  return redis;
}

/** Runs a Redis call, answering 503 (5030) in the caller's language when Redis cannot be reached. */
export async function withRedis<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (e) {
    throw new AppError(ErrorCode.SERVICE_UNAVAILABLE, 'serviceUnavailable', {}, null, { 'retry-after': '1' }, undefined, { cause: e });
  }
}
