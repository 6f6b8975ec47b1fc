/** The storage the configuration names: the bucket when S3_BUCKET is set, else the folder STORAGE_DIR. */
import type { Config } from '../config';
import type { FileStorage } from './file-storage';
import { FolderStorage } from './folder-storage';
import { S3Storage } from './s3-storage';

export type { FileStorage } from './file-storage';

export function createStorage(config: Pick<Config, 'storageDir' | 's3'>): FileStorage {
  return config.s3 ? new S3Storage(config.s3) : new FolderStorage(config.storageDir);
}
