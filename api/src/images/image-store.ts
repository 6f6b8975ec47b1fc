/**
 * The image pipeline: decode with sharp (only raster formats), auto-rotate, resize to ≤1600 px,
 * re-encode as WebP without metadata, and write a ≤320 px thumbnail `<name>.thumb.webp` beside it.
 * Paths returned are relative to the storage folder (served under /storage): `products/<hex>.webp`.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { LIMITS, thumbPath } from '@agrivet/shared';
import sharp from 'sharp';

export type ImageFolder = 'users' | 'stores' | 'posts' | 'products' | 'messages';

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);

export class NotAnImageError extends Error {
  override name = 'NotAnImageError';
}

export class ImageStore {
  constructor(readonly dir: string) {}

  /** Decodes, re-encodes and stores an image; throws NotAnImageError for anything else. */
  async save(input: Buffer, folder: ImageFolder): Promise<string> {
    let format: string | undefined;
    try {
      format = (await sharp(input, { limitInputPixels: 40_000_000 }).metadata()).format;
    } catch {
      throw new NotAnImageError('undecodable');
    }
    if (!format || !ACCEPTED_FORMATS.has(format)) throw new NotAnImageError(`format ${format}`);
    let main: Buffer;
    let thumb: Buffer;
    try {
      const base = sharp(input, { limitInputPixels: 40_000_000, failOn: 'error' }).rotate();
      main = await base
        .clone()
        .resize(LIMITS.imageMaxSide, LIMITS.imageMaxSide, { fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer();
      thumb = await base
        .clone()
        .resize(LIMITS.thumbMaxSide, LIMITS.thumbMaxSide, { fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 70 })
        .toBuffer();
    } catch {
      throw new NotAnImageError('decode failed');
    }
    const relative = `${folder}/${randomBytes(12).toString('hex')}.webp`;
    await mkdir(path.join(this.dir, folder), { recursive: true });
    await writeFile(this.absolute(relative), main);
    await writeFile(this.absolute(thumbPath(relative)), thumb);
    return relative;
  }

  /** Deletes a stored image and its thumbnail (missing files are fine). */
  async remove(relative: string | null | undefined): Promise<void> {
    if (!relative || !/^[a-z]+\/[0-9a-f]+\.webp$/.test(relative)) return;
    await rm(this.absolute(relative), { force: true });
    await rm(this.absolute(thumbPath(relative)), { force: true });
  }

  absolute(relative: string): string {
    const full = path.resolve(this.dir, relative);
    if (!full.startsWith(path.resolve(this.dir) + path.sep)) throw new Error(`path outside storage: ${relative}`);
    return full;
  }
}
