import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

/** What the call throws (undefined when it returns). */
function thrownBy(call: () => unknown): unknown {
  try {
    call();
  } catch (e) {
    return e;
  }
  return undefined;
}

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
      jobRetryMs: 2000,
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
    const error = thrownBy(() => loadConfig(env));
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

describe('loadConfig: file storage and the orphan sweep', () => {
  const s3 = { STORAGE: 's3', S3_BUCKET: 'agromet-files', S3_ACCESS_KEY_ID: 'AKIAEXAMPLE', S3_SECRET_ACCESS_KEY: 'very-secret-value-1' };

  it('keeps files in DATA_DIR/files by default, sweeping orphans older than an hour', () => {
    expect(loadConfig({})).toMatchObject({ storage: { kind: 'local' }, orphanGraceMinutes: 60 });
    expect(loadConfig({ STORAGE: 'local', ORPHAN_GRACE_MINUTES: '15' })).toMatchObject({
      storage: { kind: 'local' },
      orphanGraceMinutes: 15,
    });
  });

  it('reads an S3 bucket: AWS by default, path-style addresses for an endpoint of its own, a prefix ending in /', () => {
    expect(loadConfig(s3).storage).toEqual({
      kind: 's3',
      endpoint: undefined,
      bucket: 'agromet-files',
      region: 'us-east-1',
      credentials: { accessKeyId: 'AKIAEXAMPLE', secretAccessKey: 'very-secret-value-1' },
      forcePathStyle: false,
      prefix: '',
    });
    const minio = loadConfig({ ...s3, S3_ENDPOINT: 'http://minio:9000/', S3_REGION: 'cn-north-1', S3_PREFIX: '/prod/agromet/' }).storage;
    expect(minio).toMatchObject({ endpoint: 'http://minio:9000', region: 'cn-north-1', forcePathStyle: true, prefix: 'prod/agromet/' });
    expect(loadConfig({ ...s3, S3_ENDPOINT: 'https://oss.example.com', S3_FORCE_PATH_STYLE: '0' }).storage).toMatchObject({
      forcePathStyle: false,
    });
    // Neither key: the SDK's own credential chain (an instance role).
    expect(loadConfig({ STORAGE: 's3', S3_BUCKET: 'b-1' }).storage).toMatchObject({ credentials: undefined });
  });

  it.each([
    [{ STORAGE: 'ftp' }, 'STORAGE'],
    [{ STORAGE: 's3' }, 'S3_BUCKET'],
    [{ ...s3, S3_BUCKET: 'Not_A_Bucket' }, 'S3_BUCKET'],
    [{ ...s3, S3_ENDPOINT: 'minio:9000' }, 'S3_ENDPOINT'],
    [{ ...s3, S3_ENDPOINT: 'http://user:very-secret-value-1@minio:9000' }, 'S3_ENDPOINT'],
    [{ ...s3, S3_REGION: 'Somewhere Else' }, 'S3_REGION'],
    [{ ...s3, S3_SECRET_ACCESS_KEY: '' }, 'S3_SECRET_ACCESS_KEY'],
    [{ ...s3, S3_ACCESS_KEY_ID: '' }, 'S3_ACCESS_KEY_ID'],
    [{ ...s3, S3_FORCE_PATH_STYLE: 'sometimes' }, 'S3_FORCE_PATH_STYLE'],
    [{ ...s3, S3_PREFIX: 'a/../b' }, 'S3_PREFIX'],
    [{ ORPHAN_GRACE_MINUTES: '0' }, 'ORPHAN_GRACE_MINUTES'],
  ])('stops on a bad storage setting naming the variable, never repeating the secret: %o', (env, name) => {
    const error = thrownBy(() => loadConfig(env));
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message.startsWith(name)).toBe(true);
    expect((error as Error).message).not.toContain('\n');
    expect((error as Error).message).not.toContain('very-secret-value-1');
  });

  it('serves metrics only where asked: a listener on the loopback with METRICS_PORT, the API port only with METRICS_TOKEN', () => {
    const none = loadConfig({});
    expect([none.metricsPort, none.metricsHost, none.metricsToken]).toEqual([undefined, '127.0.0.1', undefined]);
    const set = loadConfig({ METRICS_PORT: '9101', METRICS_HOST: '10.0.0.5', METRICS_TOKEN: 'a'.repeat(24) });
    expect([set.metricsPort, set.metricsHost, set.metricsToken]).toEqual([9101, '10.0.0.5', 'a'.repeat(24)]);
    expect(() => loadConfig({ METRICS_PORT: 'x' })).toThrow(/^METRICS_PORT must be a whole number/);
    for (const token of ['short-token-value', 'has a space in it 1234567890']) {
      const error = thrownBy(() => loadConfig({ METRICS_TOKEN: token }));
      expect(error).toBeInstanceOf(ConfigError);
      // A secret is never repeated in the message.
      expect((error as Error).message).toMatch(/^METRICS_TOKEN must be at least 24 characters/);
      expect((error as Error).message).not.toContain(token);
    }
  });
});
