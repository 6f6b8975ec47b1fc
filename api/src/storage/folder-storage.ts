/**
 * The local folder (STORAGE_DIR, default data/storage): files at `<dir>/<key>`, served by the `send`
 * module (what express.static uses: ETag, Last-Modified, conditional GET, one or more ranges). The
 * default, as before S3: one machine, or several API instances on one shared volume.
 */
import { mkdirSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Request, Response } from 'express';
import send from 'send';
import { assertKey, type FileStorage, STORAGE_KEY } from './file-storage';

const isMissing = (err: unknown) => (err as NodeJS.ErrnoException)?.code === 'ENOENT';

export class FolderStorage implements FileStorage {
  readonly kind = 'folder';
  readonly location: string;

  constructor(dir: string) {
    this.location = path.resolve(dir);
  }

  async open(): Promise<void> {
    mkdirSync(this.location, { recursive: true });
  }

  /** The file of a key, inside the folder (a key cannot name anything else: STORAGE_KEY). */
  private file(key: string): string {
    return path.join(this.location, assertKey(key));
  }

  async put(key: string, data: Buffer): Promise<void> {
    const file = this.file(key);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, data);
  }

  async read(key: string): Promise<Buffer | null> {
    try {
      return await readFile(this.file(key));
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await stat(this.file(key))).isFile();
    } catch (err) {
      if (isMissing(err)) return false;
      throw err;
    }
  }

  async remove(keys: readonly string[]): Promise<void> {
    for (const key of keys) await rm(this.file(key), { force: true });
  }

  async list(folder: string): Promise<string[]> {
    try {
      const names = await readdir(path.join(this.location, folder.replace(/\/+$/, '')));
      return names
        .map((name) => `${folder.replace(/\/+$/, '')}/${name}`)
        .filter((key) => STORAGE_KEY.test(key))
        .sort();
    } catch (err) {
      if (isMissing(err)) return [];
      throw err;
    }
  }

  send(req: Request, res: Response, key: string, cacheControl: string): Promise<void> {
    return new Promise((resolve) => {
      send(req, this.file(key), { cacheControl: false, dotfiles: 'deny', index: false, etag: true })
        .on('headers', () => res.setHeader('Cache-Control', cacheControl))
        .on('error', (err: Error & { status?: number; headers?: Record<string, string> }) => {
          if (!res.headersSent) {
            // a range past the end: 416 with the size; gone (its message was deleted) or unreadable: 404
            if (err.status === 416)
              res
                .status(416)
                .set(err.headers ?? {})
                .end();
            else res.status(404).end();
          }
          resolve();
        })
        .on('end', resolve)
        .pipe(res);
      res.once('close', resolve);
    });
  }

  close(): void {}
}
