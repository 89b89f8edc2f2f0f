import type { Redis } from 'ioredis';
import type { Db } from '../../core/db/index.js';
import { withRedis } from '../../core/redis.js';

// The callback's replay guard (docs/weixin.md#callback): each (timestamp, nonce, signature) of an account is accepted
// once while its timestamp is in the window. In Redis (REDIS_URL), where every API process sees the same keys, as
// SET NX with an expiry; else in the database (wx_callback_replay), expired rows swept as new ones arrive.

export interface ReplayGuard {
  /** Records the key; false when it was recorded before (a replay). */
  claim(accountId: number, key: string, ttlMs: number): Promise<boolean>;
  /** Forgets a claimed key, when the push it let through failed, so that WeChat's retry is handled. */
  release(accountId: number, key: string): Promise<void>;
}

export class RedisReplayGuard implements ReplayGuard {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  private key(accountId: number, key: string): string {
    return `${this.prefix}wx:replay:${accountId}:${key}`;
  }

  claim(accountId: number, key: string, ttlMs: number): Promise<boolean> {
    return withRedis(async () => (await this.redis.set(this.key(accountId, key), '1', 'PX', Math.ceil(ttlMs), 'NX')) === 'OK');
  }

  release(accountId: number, key: string): Promise<void> {
    return withRedis(async () => {
      await this.redis.del(this.key(accountId, key));
    });
  }
}

/** How often, at most, a process sweeps expired rows. */
const SWEEP_EVERY_MS = 60_000;

export class DbReplayGuard implements ReplayGuard {
  private lastSweep = 0;

  constructor(
    private readonly db: Db,
    private readonly clock: () => number = Date.now,
  ) {}

  async claim(accountId: number, key: string, ttlMs: number): Promise<boolean> {
    const now = this.clock();
    if (now - this.lastSweep >= SWEEP_EVERY_MS) {
      this.lastSweep = now;
      await this.db.deleteFrom('wx_callback_replay').where('expires_at', '<', now).execute();
    }
    const res = await this.db
      .insertInto('wx_callback_replay')
      .values({ account_id: accountId, replay_hash: key, expires_at: now + Math.ceil(ttlMs) })
      .onConflict((oc) =>
        // A row whose time is over (not yet swept) no longer guards anything: it is taken over.
        oc
          .columns(['account_id', 'replay_hash'])
          .doUpdateSet((eb) => ({ expires_at: eb.ref('excluded.expires_at') }))
          .where('wx_callback_replay.expires_at', '<', now),
      )
      .executeTakeFirst();
    return Number(res?.numInsertedOrUpdatedRows ?? 0) === 1;
  }

  async release(accountId: number, key: string): Promise<void> {
    await this.db.deleteFrom('wx_callback_replay').where('account_id', '=', accountId).where('replay_hash', '=', key).execute();
  }
}
