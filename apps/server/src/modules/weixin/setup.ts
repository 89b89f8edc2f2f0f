import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { Config } from '../../config.js';
import type { Db } from '../../core/db/index.js';
import { resolveSecret } from '../../core/secrets.js';
import type { FileStorage } from '../../core/storage.js';
import type { GridStore } from '../grids/store.js';
import type { WxDeps } from './accounts.js';
import { DbReplayGuard, RedisReplayGuard } from './callback-replay.js';
import { WechatClient } from './client.js';
import { seedDemoSimulator } from './demo.js';
import { SecretBox } from './secret-box.js';
import { WechatSimulator } from './simulator.js';

/** WeChat's own API host. */
export const WECHAT_API = 'https://api.weixin.qq.com';

/** The key sealing account secrets: WX_SECRET_KEY, or the one kept in the data folder. */
export const wxSecretBox = (config: Pick<Config, 'wxSecretKey' | 'dataDir'>) =>
  new SecretBox(resolveSecret(config.wxSecretKey, config.dataDir, 'wx-secret-key'));

/**
 * The secret box, the WeChat client and the callback's replay guard (in Redis when the processes share one, else in
 * the database). With DEMO=1 and no WECHAT_API_BASE the simulator runs in this process on a loopback port (stopped
 * with the server), so the demo account works without the internet.
 */
export async function weixinDeps(
  config: Config,
  db: Db,
  storage: FileStorage,
  store: GridStore,
  app: FastifyInstance,
  redis: Redis | null = null,
): Promise<WxDeps> {
  const box = wxSecretBox(config);
  let baseUrl = config.wechatApiBase ?? WECHAT_API;
  if (!config.wechatApiBase && config.demo) {
    const sim = new WechatSimulator();
    seedDemoSimulator(sim);
    baseUrl = await sim.start();
    app.addHook('onClose', () => sim.stop());
    app.log.info({ baseUrl }, 'WeChat simulator started for the demo official account');
  }
  const replay = redis ? new RedisReplayGuard(redis, config.redisPrefix) : new DbReplayGuard(db);
  return { db, box, storage, store, replay, client: new WechatClient({ baseUrl, db, box }) };
}
