/**
 * /storage: every stored file, from the folder or the bucket alike (CONTRACT.md §7, §9).
 *   /storage/messages/… and /storage/voice/…   chat media: a valid signature only (media/chat-media.ts),
 *                                              `Cache-Control: private`, expiring with the signature
 *   /storage/{users,stores,posts,products}/…   public images and their thumbnails: cached for a year,
 *                                              immutable (a new image gets a new name)
 * Anything else under /storage is 404, never a fall-through to whatever is mounted after the API.
 */
import path from 'node:path';
import type { RequestHandler } from 'express';
import type { ChatMedia } from '../media/chat-media';
import { type FileStorage, PUBLIC_CACHE_CONTROL } from './file-storage';

/** A public image or its thumbnail, as the image pipeline names them (images/image-store.ts). */
const PUBLIC_FILE = /^\/((?:users|stores|posts|products)\/[0-9a-f]+(?:\.thumb)?\.webp)$/;

/**
 * The storage path a request names, decoded and normalised as a static file server reads it
 * (decodeURIComponent, then path normalisation), so that no spelling of a private file —
 * `messag%65s/…`, `//messages/…`, `./messages/…`, `users/../messages/…`, `%2fmessages/…` — reaches
 * the public rule. Null when it cannot be decoded.
 */
export function requestedPath(raw: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  return path.posix.normalize(`/${decoded.replace(/\\/g, '/')}`);
}

/** Mounted at /storage: chat media first (signed), then the public images, then 404. */
export function serveStorage(storage: FileStorage, media: ChatMedia): RequestHandler[] {
  const publicFiles: RequestHandler = async (req, res) => {
    const wanted = req.method === 'GET' || req.method === 'HEAD' ? requestedPath(req.path) : null;
    const match = wanted === null ? null : PUBLIC_FILE.exec(wanted);
    if (!match) {
      res.status(404).end();
      return;
    }
    await storage.send(req, res, match[1] as string, PUBLIC_CACHE_CONTROL);
  };
  return [media.serve(), publicFiles];
}
