import fsSync from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { StorageUnavailableError } from './errors.js';

/** A stored file as a listing reports it. */
export interface StoredFileInfo {
  key: string;
  /** When it was last written. */
  modified: Date;
}

/**
 * Where stored files live: a folder under DATA_DIR (LocalFileStorage, the default) or an S3-compatible bucket
 * (S3FileStorage in storage-s3.ts); `openStorage` (open-storage.ts) picks one from the configuration.
 */
export interface FileStorage {
  put(key: string, data: Buffer): Promise<void>;
  /** The whole file, or null when it does not exist. */
  get(key: string): Promise<Buffer | null>;
  /**
   * `length` bytes of a file from byte `offset` (fewer where the file ends sooner, none past its end), or null when the
   * file does not exist: a point read of a grid version without reading the whole file.
   */
  getRange(key: string, offset: number, length: number): Promise<Buffer | null>;
  /** Removes a file; one that does not exist is no error. */
  remove(key: string): Promise<void>;
  /**
   * Every stored file whose key starts with `prefix` (all without one), in no promised order, with when it was written;
   * the local folder reports the temporary files of unfinished writes (`*.tmp`) too. The orphan sweep reads it.
   */
  list(prefix?: string): AsyncIterable<StoredFileInfo>;
  /** Releases connections (the S3 client's); the local folder has none. */
  close?(): Promise<void>;
  /**
   * Whether the storage can be reached and written just now (the readiness check, modules/health): resolves, or throws
   * a StorageUnavailableError. Cheap: one listing request of at most one key, or one folder check.
   */
  probe?(): Promise<void>;
}

/**
 * Error codes of the local disk's state rather than of the call: an I/O error, a full or read-only disk, a quota, no
 * file handles left. They pass once the disk is repaired or freed.
 */
const DISK_FAULTS = new Set(['EIO', 'ENOSPC', 'EDQUOT', 'EROFS', 'EMFILE', 'ENFILE', 'EBUSY', 'ESTALE']);
/** Error codes of a storage server that cannot be reached (refused, reset, timed out, no route or name just now). */
const NETWORK_FAULTS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EHOSTDOWN',
  'EAI_AGAIN',
  'ENOTFOUND',
]);
/** What the S3 SDK and S3 servers call a timeout or a server-side failure. */
const S3_FAULT_NAMES = new Set([
  'TimeoutError',
  'RequestTimeout',
  'RequestTimeoutException',
  'InternalError',
  'ServiceUnavailable',
  'SlowDown',
]);

/**
 * Whether an error from file storage is a transient fault of the storage itself (answered 503 / 5031, jobs retried)
 * rather than a bug or a configuration error (answered 500): the disk's state (DISK_FAULTS), a storage server that
 * cannot be reached or timed out (NETWORK_FAULTS, S3_FAULT_NAMES), or one answering 5xx. A missing bucket or refused
 * credentials are configuration errors and stay 500. Looks through `cause` chains (the SDK wraps network errors).
 */
export function isTransientStorageFault(e: unknown): boolean {
  let err = e as { code?: unknown; name?: unknown; cause?: unknown; $metadata?: { httpStatusCode?: number } } | undefined;
  for (let depth = 0; err && typeof err === 'object' && depth < 5; depth += 1) {
    if (err instanceof StorageUnavailableError) return true;
    if (typeof err.code === 'string' && (DISK_FAULTS.has(err.code) || NETWORK_FAULTS.has(err.code))) return true;
    if (typeof err.name === 'string' && S3_FAULT_NAMES.has(err.name)) return true;
    const status = err.$metadata?.httpStatusCode;
    if (typeof status === 'number' && status >= 500) return true;
    err = err.cause as typeof err;
  }
  return false;
}

/** A storage error as it should travel: a transient fault becomes a StorageUnavailableError (503), others as they are. */
export function storageFault(e: unknown): unknown {
  if (e instanceof StorageUnavailableError) return e;
  return isTransientStorageFault(e) ? new StorageUnavailableError(e) : e;
}

/** Whether an error (or one it was caused by) is a storage fault: a job meeting one is retried (core/jobs.ts). */
export function isStorageUnavailable(e: unknown): boolean {
  let err = e;
  for (let depth = 0; err && typeof err === 'object' && depth < 5; depth += 1) {
    if (err instanceof StorageUnavailableError) return true;
    err = (err as { cause?: unknown }).cause;
  }
  return false;
}

/** Where failed cleanups are reported: the server's logger (pino), or the console where none exists. */
export interface CleanupLog {
  warn(obj: object, msg: string): void;
}

/** For the command line and the start-up steps, which have no server logger. */
export const consoleCleanupLog: CleanupLog = { warn: (obj, msg) => console.warn(msg, obj) };

/**
 * Removes files as cleanup (what a failed step wrote, a version no longer referenced): a failure is logged with the
 * key and not thrown, so the outcome the caller is reporting (its own error, or a committed save) stands. A file
 * already gone is no failure (`remove` ignores it).
 */
export async function removeFiles(storage: FileStorage, keys: Iterable<string>, log: CleanupLog, what: string): Promise<void> {
  for (const key of keys) {
    try {
      await storage.remove(key);
    } catch (err) {
      log.warn({ err, key }, `could not remove ${what}`);
    }
  }
}

const SAFE_KEY = /^[A-Za-z0-9][A-Za-z0-9/_.-]*$/;

/** Refuses keys that could leave the storage's folder or prefix (`..`, an absolute path, odd characters). */
export function assertSafeKey(key: string): void {
  if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`unsafe storage key: ${key}`);
}

/** The same check for a listing's prefix, which may be empty. */
export function assertSafePrefix(prefix: string): void {
  if (prefix !== '') assertSafeKey(prefix);
}

/**
 * Up to this size a file is written with synchronous calls (a revision's delta, a few KB to a few hundred): each call
 * takes microseconds, less than handing it to the thread pool and waiting for the answer, which on a busy machine
 * costs milliseconds. Larger files are written asynchronously, not to hold the server up.
 */
const SMALL_FILE = 256 * 1024;

/** Writes a whole file and flushes it to the disk before answering. */
function writeDurablySync(file: string, data: Buffer): void {
  const fd = fsSync.openSync(file, 'w');
  try {
    fsSync.writeFileSync(fd, data);
    fsSync.fsyncSync(fd);
  } finally {
    fsSync.closeSync(fd);
  }
}

export class LocalFileStorage implements FileStorage {
  /** Folders known to exist (created or written into by this storage): no mkdir for every file. */
  private readonly folders = new Set<string>();

  constructor(private readonly root: string) {}

  private resolve(key: string): string {
    assertSafeKey(key);
    return path.join(this.root, key);
  }

  async put(key: string, data: Buffer): Promise<void> {
    const file = this.resolve(key);
    try {
      await this.write(file, data);
    } catch (e) {
      throw storageFault(e);
    }
  }

  private async write(file: string, data: Buffer): Promise<void> {
    const folder = path.dirname(file);
    // Write, flush to the disk, then rename: a reader never sees half a file, and once put returns (and the row naming
    // the file is committed after it) the file survives a crash or a power cut (about 0.3 ms a file here).
    const tmp = `${file}.${process.pid}.tmp`;
    if (data.byteLength <= SMALL_FILE) {
      if (!this.folders.has(folder)) fsSync.mkdirSync(folder, { recursive: true });
      try {
        writeDurablySync(tmp, data);
      } catch (e) {
        // The folder was removed behind our back: create it again.
        if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
        fsSync.mkdirSync(folder, { recursive: true });
        writeDurablySync(tmp, data);
      }
      this.folders.add(folder);
      fsSync.renameSync(tmp, file);
      return;
    }
    await fs.mkdir(folder, { recursive: true });
    this.folders.add(folder);
    const handle = await fs.open(tmp, 'w');
    try {
      await handle.writeFile(data);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fs.rename(tmp, file);
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      return await fs.readFile(this.resolve(key));
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw storageFault(e);
    }
  }

  async getRange(key: string, offset: number, length: number): Promise<Buffer | null> {
    let handle: fs.FileHandle;
    try {
      handle = await fs.open(this.resolve(key), 'r');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw storageFault(e);
    }
    try {
      const buffer = Buffer.alloc(length);
      const { bytesRead } = await handle.read(buffer, 0, length, offset);
      return bytesRead === length ? buffer : buffer.subarray(0, bytesRead);
    } catch (e) {
      throw storageFault(e);
    } finally {
      await handle.close();
    }
  }

  async remove(key: string): Promise<void> {
    // One unlink, synchronously for the reason small files are written so.
    const file = this.resolve(key);
    try {
      fsSync.rmSync(file, { force: true });
    } catch (e) {
      throw storageFault(e);
    }
  }

  /** The folder exists (or can be made) and a file can be written in it and removed. */
  async probe(): Promise<void> {
    try {
      await fs.mkdir(this.root, { recursive: true });
      const file = path.join(this.root, `.probe.${process.pid}.tmp`);
      await fs.writeFile(file, '');
      await fs.rm(file, { force: true });
    } catch (e) {
      const fault = storageFault(e);
      throw fault instanceof StorageUnavailableError ? fault : new StorageUnavailableError(e);
    }
  }

  /** A walk of the folders under the prefix's folder; a folder or file removed during the walk is skipped. */
  async *list(prefix = ''): AsyncIterable<StoredFileInfo> {
    assertSafePrefix(prefix);
    const start = prefix.includes('/') ? prefix.slice(0, prefix.lastIndexOf('/')) : '';
    const folders = [start];
    while (folders.length > 0) {
      const folder = folders.pop()!;
      let entries: fsSync.Dirent[];
      try {
        entries = await fs.readdir(path.join(this.root, folder), { withFileTypes: true });
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'ENOENT' || (e as NodeJS.ErrnoException).code === 'ENOTDIR') continue;
        throw storageFault(e);
      }
      for (const entry of entries) {
        const key = folder ? `${folder}/${entry.name}` : entry.name;
        if (entry.isDirectory()) {
          if (key.startsWith(prefix) || prefix.startsWith(`${key}/`)) folders.push(key);
        } else if (entry.isFile() && key.startsWith(prefix)) {
          let modified: Date;
          try {
            modified = (await fs.stat(path.join(this.root, key))).mtime;
          } catch (e) {
            if ((e as NodeJS.ErrnoException).code === 'ENOENT') continue;
            throw storageFault(e);
          }
          yield { key, modified };
        }
      }
    }
  }
}
