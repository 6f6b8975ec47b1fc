/**
 * Where stored files live (CONTRACT.md §9 "Media on S3-compatible storage"): product, store, article and
 * profile images with their thumbnails, chat images, voice notes. One interface, two implementations:
 *   - the local folder STORAGE_DIR (storage/folder-storage.ts), the default;
 *   - an S3 bucket through the AWS SDK (storage/s3-storage.ts) when S3_BUCKET is set, so API instances on
 *     different machines share every file.
 * Everything that writes, reads, serves, sweeps or deletes a stored file goes through it: the image
 * pipeline (images/image-store.ts), chat media (media/chat-media.ts), the sweep of unused uploads, and
 * /storage (storage/serve.ts). A key is a path relative to /storage: `products/<hex>.webp`,
 * `products/<hex>.thumb.webp`, `messages/<hex>.webp`, `voice/<hex>.mp3` — never anything else.
 */
import type { Request, Response } from 'express';

export interface FileStorage {
  readonly kind: 'folder' | 's3';
  /** Where the files are, for logs and `npm run db:backup`: the folder's path, or `s3://bucket` at its endpoint. */
  readonly location: string;
  /** Checks once at start that the files can be reached (creates the folder; asks the bucket). */
  open(): Promise<void>;
  put(key: string, data: Buffer): Promise<void>;
  /** The file's bytes, or null when there is none. */
  read(key: string): Promise<Buffer | null>;
  exists(key: string): Promise<boolean>;
  /** Deletes these files; missing ones are fine. */
  remove(keys: readonly string[]): Promise<void>;
  /** Every key under a folder (`voice/` …), for tests and operators. */
  list(folder: string): Promise<string[]>;
  /**
   * Answers a GET or HEAD for one file, streamed: Content-Type by its extension, the given
   * Cache-Control, ETag / Last-Modified with 304 for a conditional request, and one byte range (206,
   * 416) so voice notes seek. A missing file is 404 with no body.
   */
  send(req: Request, res: Response, key: string, cacheControl: string): Promise<void>;
  close(): void;
}

/** What a key may be: a folder of lower-case letters and a hex name (`.thumb` for a thumbnail). */
export const STORAGE_KEY = /^[a-z]+\/[0-9a-f]+(?:\.thumb)?\.(?:webp|mp3)$/;

export function assertKey(key: string): string {
  if (!STORAGE_KEY.test(key)) throw new Error(`not a storage key: ${JSON.stringify(key)}`);
  return key;
}

/** The type every stored file is served with, by its extension (the files are ours: WebP or MP3). */
export const contentTypeOf = (key: string): string => (key.endsWith('.mp3') ? 'audio/mpeg' : 'image/webp');

/** Cache-Control of the public images: their names never change content (a new image gets a new name). */
export const PUBLIC_CACHE_CONTROL = 'public, max-age=31536000, immutable';
