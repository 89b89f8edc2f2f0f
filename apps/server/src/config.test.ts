import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      demo: false,
      accessTokenTtl: 7200,
      scryptLogN: 17,
      micapsTimeZone: 'Asia/Shanghai',
      jobConcurrency: 2,
      jobsInApi: true,
      jobStaleMs: 30_000,
    });
    expect(loadConfig({ MICAPS_TIME_ZONE: 'UTC' }).micapsTimeZone).toBe('UTC');
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET'],
    [{ ADMIN_PASSWORD: 'abc' }, 'ADMIN_PASSWORD'],
    [{ DEMO: 'maybe' }, 'DEMO'],
    [{ HOST: 'a b' }, 'HOST'],
    [{ ACCESS_TOKEN_TTL: '5' }, 'ACCESS_TOKEN_TTL'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ MICAPS_TIME_ZONE: 'Beijing' }, 'MICAPS_TIME_ZONE'],
    [{ JOBS_IN_API: '0' }, 'JOBS_IN_API'],
    [{ JOB_CONCURRENCY: '0' }, 'JOB_CONCURRENCY'],
    [{ JOB_STALE_SECONDS: '1' }, 'JOB_STALE_SECONDS'],
  ])('stops on a bad value with one line naming the variable: %o', (env, name) => {
    let error: unknown;
    try {
      loadConfig(env);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message.startsWith(name)).toBe(true);
    expect((error as Error).message).not.toContain('\n');
  });

  it('reads PostgreSQL, demo and port settings', () => {
    const c = loadConfig({ DATABASE_URL: 'postgres://u@h:5432/db', DEMO: 'yes', PORT: '9000', DATA_DIR: '/tmp/x' });
    expect(c).toMatchObject({ databaseUrl: 'postgres://u@h:5432/db', demo: true, port: 9000, dataDir: '/tmp/x' });
  });

  it('leaves jobs to separate workers only with a shared queue', () => {
    expect(loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379', JOBS_IN_API: '0' })).toMatchObject({ jobsInApi: false });
  });
});
