import path from 'node:path';
import { assertTimeZone, DEFAULT_MICAPS_TIME_ZONE } from '@agromet/grid';

/** Every setting of the server, read from the environment in this one place. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** Unset → SQLite file in dataDir. */
  databaseUrl: string | undefined;
  /** Unset → generated on first start and kept in dataDir (mode 0600). */
  jwtSecret: string | undefined;
  /** Unset → random, printed once and written to dataDir/admin-password.txt. */
  adminPassword: string | undefined;
  demo: boolean;
  /** Access-token lifetime in seconds. */
  accessTokenTtl: number;
  /** Refresh-token (session) lifetime in seconds. */
  refreshTokenTtl: number;
  /** Built web app to serve; absent folder → API only. */
  webDist: string;
  logLevel: string;
  trustProxy: boolean;
  /** scrypt cost exponent (N = 2^k); OWASP asks for 17. */
  scryptLogN: number;
  /** Tianditu map key; without it the map defaults to the offline base layer. */
  tiandituKey: string | undefined;
  /** IANA zone of the wall-clock times in MICAPS headers (read and written); Beijing time by default. */
  micapsTimeZone: string;
  /**
   * The Beijing hour at which forecast days end (DAILY_WINDOW: 08-08 → 8, 20-20 → 20): the windows of daily maximum and
   * minimum temperature and of 24 h precipitation.
   */
  dayEndLocalHour: number;
  /** Seconds between looks at the product schedules (PRODUCT_SCHEDULE_SECONDS; 0: never, for tests). */
  productScheduleSeconds: number;
  /** WeChat's API host (WECHAT_API_BASE); unset: WeChat's own, or with DEMO=1 the simulator started in process. */
  wechatApiBase: string | undefined;
  /** Key sealing official accounts' secrets (WX_SECRET_KEY); unset: generated into dataDir (mode 0600). */
  wxSecretKey: string | undefined;
  /** Serve the OpenAPI document and its viewer at /api/docs (API_DOCS); off unless set, or DEMO=1. */
  apiDocs: boolean;
  /** Where files are stored (STORAGE): a folder under dataDir, or an S3-compatible bucket (core/storage.ts). */
  storage: StorageConfig;
  /** Files no row names are removed once older than this (ORPHAN_GRACE_MINUTES; file-sweep.ts). */
  orphanGraceMinutes: number;
  /** Redis for state every API process shares (REDIS_URL); unset: kept in the process. */
  redisUrl: string | undefined;
  /** Prefix of this deployment's Redis keys (REDIS_PREFIX), so that several may share one Redis. */
  redisPrefix: string;
  /** Jobs this process runs at once (JOB_CONCURRENCY). */
  jobConcurrency: number;
  /** Whether the API process runs jobs itself (JOBS_IN_API; 0 leaves them to `npm run worker`, and needs REDIS_URL). */
  jobsInApi: boolean;
  /** How long a job of a process that stopped waits before another process takes it up (JOB_STALE_SECONDS). */
  jobStaleMs: number;
  /** The first wait before a job that met a storage fault runs again, doubled per retry (JOB_RETRY_SECONDS). */
  jobRetryMs: number;
  /** The metrics listener's port (METRICS_PORT); unset: none (docs/operations.md#metrics). */
  metricsPort: number | undefined;
  /** The metrics listener's address (METRICS_HOST), the loopback unless set. */
  metricsHost: string;
  /** Bearer token /metrics asks for (METRICS_TOKEN); with it, /metrics is served on the API's port too. */
  metricsToken: string | undefined;
}

/** STORAGE=local (default: DATA_DIR/files) or STORAGE=s3 with its S3_* settings. */
export type StorageConfig =
  | { kind: 'local' }
  | {
      kind: 's3';
      /** S3_ENDPOINT: an S3-compatible server (MinIO …); unset: AWS itself. */
      endpoint: string | undefined;
      bucket: string;
      region: string;
      /** S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, both or neither (neither: the SDK's own credential chain). */
      credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
      forcePathStyle: boolean;
      /** S3_PREFIX: every key of this deployment starts with it ('' or ending in '/'). */
      prefix: string;
    };

export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;

function int(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw.trim())) throw new ConfigError(`${name} must be a whole number from ${min} to ${max}, got "${raw}"`);
  const n = Number(raw.trim());
  if (n < min || n > max) throw new ConfigError(`${name} must be a whole number from ${min} to ${max}, got "${raw}"`);
  return n;
}

function bool(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (raw === undefined || raw === '') return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
  if (['0', 'false', 'no', 'off'].includes(raw)) return false;
  throw new ConfigError(`${name} must be 1/0, true/false, yes/no or on/off, got "${env[name]}"`);
}

const serverRoot = path.resolve(import.meta.dirname, '..');

function tiandituKey(env: Env): string | undefined {
  const key = env.TIANDITU_KEY?.trim();
  if (!key) return undefined;
  if (!/^[0-9a-fA-F]{32}$/.test(key)) throw new ConfigError('TIANDITU_KEY must be the 32 hexadecimal characters of a Tianditu key');
  return key;
}

function wechatApiBase(env: Env): string | undefined {
  const raw = env.WECHAT_API_BASE?.trim();
  if (!raw) return undefined;
  if (!/^https?:\/\/[^\s/]+(\/.*)?$/.test(raw)) throw new ConfigError(`WECHAT_API_BASE must be an http(s) address, got "${raw}"`);
  return raw.replace(/\/$/, '');
}

function wxSecretKey(env: Env): string | undefined {
  const key = env.WX_SECRET_KEY;
  if (key !== undefined && key !== '' && key.length < 32) throw new ConfigError('WX_SECRET_KEY must have at least 32 characters');
  return key || undefined;
}

function timeZone(env: Env, name: string, fallback: string): string {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  try {
    assertTimeZone(raw);
  } catch {
    throw new ConfigError(`${name} must be an IANA time zone such as Asia/Shanghai or UTC, got "${raw}"`);
  }
  return raw;
}

function dailyWindow(env: Env): number {
  const raw = env.DAILY_WINDOW?.trim();
  if (!raw) return 8;
  const m = /^(\d{2})-(\d{2})$/.exec(raw);
  if (!m || m[1] !== m[2] || Number(m[1]) > 23) throw new ConfigError(`DAILY_WINDOW must be 08-08 or 20-20 (Beijing time), got "${raw}"`);
  return Number(m[1]);
}

function redisUrl(env: Env): string | undefined {
  const raw = env.REDIS_URL?.trim();
  if (!raw) return undefined;
  if (!/^rediss?:\/\/.+/.test(raw))
    throw new ConfigError('REDIS_URL must be a redis:// or rediss:// URL (leave it unset to keep state in the process)');
  return raw;
}

function redisPrefix(env: Env): string {
  const raw = env.REDIS_PREFIX?.trim() || 'agromet:';
  if (!/^[A-Za-z0-9:_.-]{1,64}$/.test(raw)) throw new ConfigError(`REDIS_PREFIX must be 1 to 64 letters, digits or : _ . -, got "${raw}"`);
  return raw;
}

/** STORAGE and its S3_* variables; an error names the variable and never repeats a secret. */
function storageConfig(env: Env): StorageConfig {
  const kind = env.STORAGE?.trim().toLowerCase() || 'local';
  if (kind === 'local') return { kind };
  if (kind !== 's3') throw new ConfigError(`STORAGE must be local or s3, got "${env.STORAGE}"`);
  const endpoint = env.S3_ENDPOINT?.trim() || undefined;
  if (endpoint !== undefined) {
    let url: URL | undefined;
    try {
      url = new URL(endpoint);
    } catch {
      url = undefined;
    }
    if (!url || !/^https?:$/.test(url.protocol)) throw new ConfigError('S3_ENDPOINT must be an http(s) address such as http://minio:9000');
    // Credentials belong in S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, not in an address that may be printed.
    if (url.username || url.password)
      throw new ConfigError('S3_ENDPOINT must not contain a user or password (use S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY)');
  }
  const bucket = env.S3_BUCKET?.trim() ?? '';
  if (!bucket) throw new ConfigError('S3_BUCKET must be set with STORAGE=s3');
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket))
    throw new ConfigError(`S3_BUCKET must be a bucket name of 3 to 63 lower-case letters, digits, dots or hyphens, got "${bucket}"`);
  const region = env.S3_REGION?.trim() || 'us-east-1';
  if (!/^[a-z0-9-]{1,64}$/.test(region)) throw new ConfigError(`S3_REGION must be a region name such as us-east-1, got "${region}"`);
  const accessKeyId = env.S3_ACCESS_KEY_ID?.trim() || undefined;
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY || undefined;
  if (accessKeyId && !secretAccessKey) throw new ConfigError('S3_SECRET_ACCESS_KEY must be set together with S3_ACCESS_KEY_ID');
  if (secretAccessKey && !accessKeyId) throw new ConfigError('S3_ACCESS_KEY_ID must be set together with S3_SECRET_ACCESS_KEY');
  const prefix = (env.S3_PREFIX?.trim() ?? '').replace(/^\/+|\/+$/g, '');
  if (
    prefix &&
    (!/^[A-Za-z0-9][A-Za-z0-9/_.-]*$/.test(prefix) || prefix.split('/').some((part) => part === '' || part === '.' || part === '..'))
  )
    throw new ConfigError(`S3_PREFIX must be letters, digits and / _ . - (folders without . or ..), got "${env.S3_PREFIX}"`);
  return {
    kind,
    endpoint: endpoint?.replace(/\/+$/, ''),
    bucket,
    region,
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
    forcePathStyle: bool(env, 'S3_FORCE_PATH_STYLE', endpoint !== undefined),
    prefix: prefix ? `${prefix}/` : '',
  };
}

/**
 * The configuration a process starts with (loadConfig, then `check` when given). A ConfigError is printed as
 * `configuration error: …` and answers null: the process then exits with status 2.
 */
export function startConfig(check?: (config: Config) => void): Config | null {
  try {
    const config = loadConfig();
    check?.(config);
    return config;
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(`configuration error: ${e.message}`);
      return null;
    }
    throw e;
  }
}

export function loadConfig(env: Env = process.env): Config {
  const databaseUrl = env.DATABASE_URL?.trim() || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\/.+/.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL must be a postgres:// or postgresql:// URL (leave it unset for SQLite)');
  }
  const jwtSecret = env.JWT_SECRET || undefined;
  if (jwtSecret !== undefined && jwtSecret.length < 32) {
    throw new ConfigError('JWT_SECRET must be at least 32 characters (leave it unset to generate one)');
  }
  const adminPassword = env.ADMIN_PASSWORD || undefined;
  if (adminPassword !== undefined && (adminPassword.length < 8 || adminPassword.length > 128)) {
    throw new ConfigError('ADMIN_PASSWORD must be 8 to 128 characters (leave it unset to generate one)');
  }
  const host = env.HOST?.trim() || '127.0.0.1';
  if (!/^[A-Za-z0-9.:\-[\]]+$/.test(host)) throw new ConfigError(`HOST must be a host name or address, got "${env.HOST}"`);
  const logLevel = env.LOG_LEVEL?.trim() || 'info';
  if (!['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].includes(logLevel)) {
    throw new ConfigError(`LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got "${logLevel}"`);
  }
  const demo = bool(env, 'DEMO', false);
  return {
    port: int(env, 'PORT', 8080, 0, 65535),
    host,
    dataDir: path.resolve(env.DATA_DIR?.trim() || './data'),
    databaseUrl,
    jwtSecret,
    adminPassword,
    demo,
    accessTokenTtl: int(env, 'ACCESS_TOKEN_TTL', 7200, 60, 86_400),
    refreshTokenTtl: int(env, 'REFRESH_TOKEN_TTL', 14 * 86_400, 3600, 90 * 86_400),
    webDist: path.resolve(env.WEB_DIST?.trim() || path.join(serverRoot, '../web/dist')),
    logLevel,
    trustProxy: bool(env, 'TRUST_PROXY', false),
    scryptLogN: int(env, 'SCRYPT_LOG_N', 17, 10, 20),
    tiandituKey: tiandituKey(env),
    micapsTimeZone: timeZone(env, 'MICAPS_TIME_ZONE', DEFAULT_MICAPS_TIME_ZONE),
    dayEndLocalHour: dailyWindow(env),
    productScheduleSeconds: int(env, 'PRODUCT_SCHEDULE_SECONDS', 60, 0, 86_400),
    wechatApiBase: wechatApiBase(env),
    wxSecretKey: wxSecretKey(env),
    apiDocs: bool(env, 'API_DOCS', demo),
    storage: storageConfig(env),
    orphanGraceMinutes: int(env, 'ORPHAN_GRACE_MINUTES', 60, 1, 525_600),
    redisUrl: redisUrl(env),
    redisPrefix: redisPrefix(env),
    jobConcurrency: int(env, 'JOB_CONCURRENCY', 2, 1, 16),
    jobsInApi: jobsInApi(env),
    jobStaleMs: int(env, 'JOB_STALE_SECONDS', 30, 2, 3600) * 1000,
    jobRetryMs: int(env, 'JOB_RETRY_SECONDS', 2, 1, 600) * 1000,
    metricsPort: env.METRICS_PORT?.trim() ? int(env, 'METRICS_PORT', 0, 0, 65535) : undefined,
    metricsHost: metricsHost(env),
    metricsToken: metricsToken(env),
  };
}

function metricsHost(env: Env): string {
  const host = env.METRICS_HOST?.trim() || '127.0.0.1';
  if (!/^[A-Za-z0-9.:\-[\]]+$/.test(host)) throw new ConfigError(`METRICS_HOST must be a host name or address, got "${env.METRICS_HOST}"`);
  return host;
}

function metricsToken(env: Env): string | undefined {
  const token = env.METRICS_TOKEN || undefined;
  // Never repeated in the message: it is a secret.
  if (token !== undefined && (token.length < 24 || /\s/.test(token)))
    throw new ConfigError(
      'METRICS_TOKEN must be at least 24 characters without spaces (leave it unset to serve /metrics only on METRICS_PORT)',
    );
  return token;
}

function jobsInApi(env: Env): boolean {
  const inApi = bool(env, 'JOBS_IN_API', true);
  // Without a shared queue, the jobs an API process records could reach no other process.
  if (!inApi && !env.REDIS_URL?.trim()) throw new ConfigError('JOBS_IN_API=0 needs REDIS_URL (separate workers take jobs from Redis)');
  return inApi;
}
