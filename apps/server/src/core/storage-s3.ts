import type { ListObjectsV2CommandOutput, S3Client } from '@aws-sdk/client-s3';
import type { StorageConfig } from '../config.js';
import { StorageUnavailableError } from './errors.js';
import { assertSafeKey, assertSafePrefix, storageFault, type FileStorage, type StoredFileInfo } from './storage.js';

type Sdk = typeof import('@aws-sdk/client-s3');
export type S3StorageConfig = Extract<StorageConfig, { kind: 's3' }>;

/** What the driver sends requests through: the SDK's client, or a stand-in in tests. */
export type S3Sender = Pick<S3Client, 'send' | 'destroy'>;

/** A failure that means "no such object": S3's NoSuchKey (GET), NotFound (HEAD), or a bare 404. */
function isMissing(e: unknown): boolean {
  const err = e as { name?: string; Code?: string; $metadata?: { httpStatusCode?: number } };
  return err?.name === 'NoSuchKey' || err?.name === 'NotFound' || err?.Code === 'NoSuchKey' || err?.$metadata?.httpStatusCode === 404;
}

/** A range that starts at or past the end of the object (416 InvalidRange): the object exists, no bytes are there. */
function isRangePastEnd(e: unknown): boolean {
  const err = e as { name?: string; $metadata?: { httpStatusCode?: number } };
  return err?.name === 'InvalidRange' || err?.$metadata?.httpStatusCode === 416;
}

async function bodyBytes(body: unknown): Promise<Buffer> {
  if (!body) return Buffer.alloc(0);
  const bytes = await (body as { transformToByteArray(): Promise<Uint8Array> }).transformToByteArray();
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/**
 * Files in an S3-compatible bucket (AWS S3, MinIO, …) through `@aws-sdk/client-s3`, under the configured key prefix:
 * the same keys and answers as the local folder (docs/architecture.md#object-storage). A write is one PUT, which S3
 * makes visible whole or not at all, so no temporary name is needed; a point read is a Range GET.
 */
export class S3FileStorage implements FileStorage {
  constructor(
    private readonly sdk: Pick<
      Sdk,
      'PutObjectCommand' | 'GetObjectCommand' | 'HeadObjectCommand' | 'DeleteObjectCommand' | 'ListObjectsV2Command'
    >,
    private readonly client: S3Sender,
    private readonly bucket: string,
    /** '' or ending in '/'. */
    private readonly prefix: string,
    /** Keys asked for per listing request (S3 answers at most 1000). */
    private readonly pageSize = 1000,
  ) {}

  private objectKey(key: string): string {
    assertSafeKey(key);
    return `${this.prefix}${key}`;
  }

  async put(key: string, data: Buffer): Promise<void> {
    const command = new this.sdk.PutObjectCommand({
      Bucket: this.bucket,
      Key: this.objectKey(key),
      Body: data,
      ContentLength: data.byteLength,
    });
    try {
      await this.client.send(command);
    } catch (e) {
      throw storageFault(e);
    }
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      const res = await this.client.send(new this.sdk.GetObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
      return await bodyBytes(res.Body);
    } catch (e) {
      if (isMissing(e)) return null;
      throw storageFault(e);
    }
  }

  async getRange(key: string, offset: number, length: number): Promise<Buffer | null> {
    const objectKey = this.objectKey(key);
    try {
      if (length <= 0) {
        // No bytes asked for: only whether the object exists.
        await this.client.send(new this.sdk.HeadObjectCommand({ Bucket: this.bucket, Key: objectKey }));
        return Buffer.alloc(0);
      }
      const res = await this.client.send(
        new this.sdk.GetObjectCommand({ Bucket: this.bucket, Key: objectKey, Range: `bytes=${offset}-${offset + length - 1}` }),
      );
      const bytes = await bodyBytes(res.Body);
      // A server that ignores Range answers the whole object (200): cut the asked part out of it.
      return res.ContentRange === undefined && bytes.length > length ? bytes.subarray(offset, offset + length) : bytes;
    } catch (e) {
      if (isMissing(e)) return null;
      if (isRangePastEnd(e)) return Buffer.alloc(0);
      throw storageFault(e);
    }
  }

  async remove(key: string): Promise<void> {
    try {
      await this.client.send(new this.sdk.DeleteObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
    } catch (e) {
      // S3 answers 204 for a missing key; some compatible servers answer 404.
      if (!isMissing(e)) throw storageFault(e);
    }
  }

  /** ListObjectsV2, page after page (continuation tokens), keys given back without the deployment's prefix. */
  async *list(prefix = ''): AsyncIterable<StoredFileInfo> {
    assertSafePrefix(prefix);
    let token: string | undefined;
    do {
      const command = new this.sdk.ListObjectsV2Command({
        Bucket: this.bucket,
        Prefix: `${this.prefix}${prefix}`,
        MaxKeys: this.pageSize,
        ...(token ? { ContinuationToken: token } : {}),
      });
      let res: ListObjectsV2CommandOutput;
      try {
        res = await this.client.send(command);
      } catch (e) {
        throw storageFault(e);
      }
      for (const object of res.Contents ?? []) {
        if (!object.Key?.startsWith(this.prefix)) continue;
        // Without a time (never seen from S3), a file counts as just written: the sweep keeps it.
        yield { key: object.Key.slice(this.prefix.length), modified: object.LastModified ?? new Date() };
      }
      token = res.IsTruncated ? res.NextContinuationToken : undefined;
    } while (token);
  }

  /**
   * One listing request under a prefix that holds nothing (an answer without keys, cheap on any bucket): the bucket
   * can be reached and answers with these credentials. Any failure counts (a missing bucket or refused credentials
   * too: the storage cannot serve calls either way).
   */
  async probe(): Promise<void> {
    try {
      await this.client.send(
        new this.sdk.ListObjectsV2Command({ Bucket: this.bucket, Prefix: `${this.prefix}readiness-probe/`, MaxKeys: 1 }),
      );
    } catch (e) {
      const fault = storageFault(e);
      throw fault instanceof StorageUnavailableError ? fault : new StorageUnavailableError(e);
    }
  }

  async close(): Promise<void> {
    this.client.destroy();
  }
}

/** How long connecting to the S3 server may take. */
const S3_CONNECT_TIMEOUT_MS = 3000;
/** How long a connection to the S3 server may stay silent mid-request (a large upload keeps it busy). */
const S3_IDLE_TIMEOUT_MS = 30_000;

/**
 * The S3 driver for a configuration. The SDK is loaded here, on first use, so that a server on the local folder never
 * loads it. Checksums only where S3 requires them: the SDK's default (aws-chunked bodies with trailing checksums) is
 * refused or mishandled by simpler S3-compatible servers. The credentials go to the client and nowhere else.
 */
export async function openS3Storage(config: S3StorageConfig): Promise<S3FileStorage> {
  const sdk = await import('@aws-sdk/client-s3');
  const client = new sdk.S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    forcePathStyle: config.forcePathStyle,
    ...(config.credentials ? { credentials: config.credentials } : {}),
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // A bucket that does not answer is a storage fault (503, jobs retried) within seconds, not a call that hangs.
    requestHandler: { connectionTimeout: S3_CONNECT_TIMEOUT_MS, requestTimeout: S3_IDLE_TIMEOUT_MS },
  });
  return new S3FileStorage(sdk, client, config.bucket, config.prefix);
}
