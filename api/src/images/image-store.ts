/**
 * The image pipeline: decode with sharp (only raster formats), auto-rotate, resize to ≤1600 px,
 * re-encode as WebP without metadata, and write a ≤320 px thumbnail `<name>.thumb.webp` beside it.
 * Paths returned are storage keys (served under /storage): `products/<hex>.webp`. The files go to the
 * storage the configuration names, the folder or the bucket (storage/).
 */
import { randomBytes } from 'node:crypto';
import { LIMITS, thumbPath } from '@agrivet/shared';
import sharp from 'sharp';
import type { FileStorage } from '../storage';

export type ImageFolder = 'users' | 'stores' | 'posts' | 'products' | 'messages';

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);

export class NotAnImageError extends Error {
  override name = 'NotAnImageError';
}

/** A stored image: its key and the stored (resized) size. */
export interface SavedImage {
  path: string;
  width: number;
  height: number;
}

export class ImageStore {
  constructor(readonly storage: FileStorage) {}

  /** Decodes, re-encodes and stores an image; throws NotAnImageError for anything else. */
  async save(input: Buffer, folder: ImageFolder): Promise<string> {
    return (await this.saveImage(input, folder)).path;
  }

  /** `save`, with the stored image's size. */
  async saveImage(input: Buffer, folder: ImageFolder): Promise<SavedImage> {
    let format: string | undefined;
    try {
      format = (await sharp(input, { limitInputPixels: 40_000_000 }).metadata()).format;
    } catch {
      throw new NotAnImageError('undecodable');
    }
    if (!format || !ACCEPTED_FORMATS.has(format)) throw new NotAnImageError(`format ${format}`);
    let main: { data: Buffer; info: { width: number; height: number } };
    let thumb: Buffer;
    try {
      const base = sharp(input, { limitInputPixels: 40_000_000, failOn: 'error' }).rotate();
      main = await base
        .clone()
        .resize(LIMITS.imageMaxSide, LIMITS.imageMaxSide, { fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer({ resolveWithObject: true });
      thumb = await base
        .clone()
        .resize(LIMITS.thumbMaxSide, LIMITS.thumbMaxSide, { fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 70 })
        .toBuffer();
    } catch {
      throw new NotAnImageError('decode failed');
    }
    const relative = `${folder}/${randomBytes(12).toString('hex')}.webp`;
    // the thumbnail first: once the main file is there, so is its thumbnail
    await this.storage.put(thumbPath(relative), thumb);
    try {
      await this.storage.put(relative, main.data);
    } catch (err) {
      await this.storage.remove([thumbPath(relative)]).catch(() => {});
      throw err;
    }
    return { path: relative, width: main.info.width, height: main.info.height };
  }

  /** Deletes a stored image and its thumbnail (missing files are fine; anything but an image key is left alone). */
  async remove(relative: string | null | undefined): Promise<void> {
    await this.removeAll([relative]);
  }

  /** `remove` for many images at once (the sweep, a deleted store). */
  async removeAll(paths: readonly (string | null | undefined)[]): Promise<void> {
    const keys = paths
      .filter((p): p is string => typeof p === 'string' && IMAGE_KEY.test(p))
      .flatMap((p) => [p, thumbPath(p)]);
    if (keys.length) await this.storage.remove(keys);
  }
}

/** What `remove` deletes: an image the pipeline stored (never a thumbnail or a voice note by itself). */
const IMAGE_KEY = /^[a-z]+\/[0-9a-f]+\.webp$/;
