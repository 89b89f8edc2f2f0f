import path from 'node:path';
import type { StorageConfig } from '../config.js';
import { openS3Storage } from './storage-s3.js';
import { LocalFileStorage, type FileStorage } from './storage.js';

/**
 * The file storage a configuration asks for (STORAGE): the folder `DATA_DIR/files` by default, or an S3-compatible
 * bucket (docs/architecture.md#object-storage). Every process of a deployment (server, commands) opens it here.
 */
export async function openStorage(config: { dataDir: string; storage: StorageConfig }): Promise<FileStorage> {
  if (config.storage.kind === 's3') return openS3Storage(config.storage);
  return new LocalFileStorage(path.join(config.dataDir, 'files'));
}
