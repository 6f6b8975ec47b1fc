/**
 * Chat attachments (CONTRACT.md §7): storing an upload (an image or a voice note, told apart by its
 * bytes, never by its name or declared type), presenting it with signed paths, removing its files,
 * and serving them privately under /storage.
 *
 * Files live in the storage (the folder or the bucket: storage/) beside the public images, under two
 * private keys:
 *   messages/<24 hex>.webp (+ .thumb.webp)   chat images (the image pipeline, images/image-store.ts)
 *   voice/<24 hex>.mp3                       voice notes (media/audio.ts)
 * `serve` answers /storage/messages/… and /storage/voice/… only with a valid signature
 * (media/signing.ts) and `Cache-Control: private`; the public images are storage/serve.ts's.
 */
import { randomBytes } from 'node:crypto';
import { type Attachment, type AttachmentKind, apiMessages, thumbPath } from '@agrivet/shared';
import type { RequestHandler } from 'express';
import sharp from 'sharp';
import { failure } from '../http/envelope';
import { invalidField, tooManyRequests } from '../http/errors';
import { type ImageStore, NotAnImageError } from '../images/image-store';
import { requestedPath } from '../storage/serve';
import { audioContainer, NotAudioError, VoiceTooLongError, type VoiceTranscoder } from './audio';
import { type FairQueue, QueueFull } from './fair-queue';
import type { MediaSigner } from './signing';

/** An attachment as stored (messages.attachment, uploads): paths unsigned. */
export interface StoredAttachment {
  kind: AttachmentKind;
  path: string;
  thumb?: string;
  width?: number;
  height?: number;
  duration_ms?: number;
}

const IMAGE_PATH = /^messages\/[0-9a-f]{24}\.webp$/;
const VOICE_PATH = /^voice\/[0-9a-f]{24}\.mp3$/;
/** What /storage serves privately: a chat image, its thumbnail, a voice note. */
const PRIVATE_FILE = /^\/(messages\/[0-9a-f]{24}(?:\.thumb)?\.webp|voice\/[0-9a-f]{24}\.mp3)$/;
const PRIVATE_FOLDER = /^\/(messages|voice)(\/|$)/i;

/** The longest a browser keeps a private file (it is re-fetched with a fresh URL after that). */
const PRIVATE_MAX_AGE_SECONDS = 24 * 60 * 60;

const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;

/** Reads messages.attachment; anything unexpected is treated as no attachment. */
export function parseStoredAttachment(json: string | null | undefined): StoredAttachment | null {
  if (!json) return null;
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    return null;
  }
  if (typeof raw !== 'object' || raw === null) return null;
  const a = raw as Record<string, unknown>;
  if (a.kind === 'image' && typeof a.path === 'string' && IMAGE_PATH.test(a.path)) {
    return {
      kind: 'image',
      path: a.path,
      thumb: thumbPath(a.path),
      ...(isInt(a.width) ? { width: a.width } : {}),
      ...(isInt(a.height) ? { height: a.height } : {}),
    };
  }
  if (a.kind === 'audio' && typeof a.path === 'string' && VOICE_PATH.test(a.path)) {
    return { kind: 'audio', path: a.path, ...(isInt(a.duration_ms) ? { duration_ms: a.duration_ms } : {}) };
  }
  return null;
}

export class ChatMedia {
  constructor(
    private readonly images: ImageStore,
    private readonly signer: MediaSigner,
    private readonly voice: VoiceTranscoder,
  ) {}

  /** The queue voice notes are transcoded in (media/fair-queue.ts): its size, for tests and logs. */
  get transcoding(): FairQueue {
    return this.voice.queue;
  }

  /**
   * Validates and stores an upload (field `file`) of `account`: a voice recording when its first bytes
   * are an audio container (WebM/Matroska, Ogg, MP4), an image otherwise. 422 on anything else; 429
   * when the account already has its share of voice notes being transcoded (media/fair-queue.ts).
   */
  async store(buffer: Buffer, account: number | string): Promise<StoredAttachment> {
    if (audioContainer(buffer)) return this.storeVoice(buffer, account);
    try {
      return await this.storeImageFile(buffer);
    } catch (err) {
      if (err instanceof NotAnImageError) throw invalidField('file', 'notMedia');
      throw err;
    }
  }

  private async storeVoice(buffer: Buffer, account: number | string): Promise<StoredAttachment> {
    let voice: Awaited<ReturnType<VoiceTranscoder['transcode']>>;
    try {
      voice = await this.voice.transcode(buffer, account);
    } catch (err) {
      if (err instanceof VoiceTooLongError) throw invalidField('file', 'voiceTooLong');
      if (err instanceof NotAudioError) throw invalidField('file', 'notMedia');
      if (err instanceof QueueFull) throw tooManyRequests(err.retryAfterSeconds, 'mediaBusy');
      throw err;
    }
    const relative = `voice/${randomBytes(12).toString('hex')}.mp3`;
    await this.images.storage.put(relative, voice.data);
    return { kind: 'audio', path: relative, duration_ms: voice.durationMs };
  }

  /** An image through the image pipeline (NotAnImageError otherwise), with its stored size. */
  async storeImageFile(buffer: Buffer): Promise<StoredAttachment> {
    const saved = await this.images.saveImage(buffer, 'messages');
    return { kind: 'image', path: saved.path, thumb: thumbPath(saved.path), width: saved.width, height: saved.height };
  }

  /** The attachment of an image already stored under messages/ (the multipart `image` of message/create). */
  async describeImage(relative: string): Promise<StoredAttachment> {
    const file = await this.images.storage.read(relative);
    const { width, height } = file ? await sharp(file).metadata() : { width: undefined, height: undefined };
    return {
      kind: 'image',
      path: relative,
      thumb: thumbPath(relative),
      ...(width ? { width } : {}),
      ...(height ? { height } : {}),
    };
  }

  /** The attachment as messages and uploads show it: paths signed (media/signing.ts). */
  present(stored: StoredAttachment): Attachment {
    const out: Attachment = { kind: stored.kind, path: this.signer.sign(stored.path) };
    if (stored.thumb) out.thumb = this.signer.sign(stored.thumb);
    if (stored.width !== undefined) out.width = stored.width;
    if (stored.height !== undefined) out.height = stored.height;
    if (stored.duration_ms !== undefined) out.duration_ms = stored.duration_ms;
    return out;
  }

  /** A chat image path (messages.image) as the message JSON shows it: signed. */
  signPath(relative: string | null): string | null {
    return relative ? this.signer.sign(relative) : null;
  }

  /** Deletes an attachment's files (missing files are fine; unknown paths are left alone). */
  async remove(stored: Pick<StoredAttachment, 'kind' | 'path'> | null): Promise<void> {
    await this.removeAll(stored ? [stored] : []);
  }

  /** `remove` for many attachments at once (the sweep of unused uploads). */
  async removeAll(list: readonly Pick<StoredAttachment, 'kind' | 'path'>[]): Promise<void> {
    const images = list.filter((a) => a.kind === 'image' && IMAGE_PATH.test(a.path)).map((a) => a.path);
    const voices = list.filter((a) => a.kind === 'audio' && VOICE_PATH.test(a.path)).map((a) => a.path);
    await this.images.removeAll(images);
    if (voices.length) await this.images.storage.remove(voices);
  }

  /**
   * Mounted at /storage before the public static files: chat files need a valid signature (403
   * otherwise) and are sent `Cache-Control: private`; other paths pass on.
   */
  serve(): RequestHandler {
    return async (req, res, next) => {
      const wanted = requestedPath(req.path);
      if (wanted === null) {
        res.status(404).end();
        return;
      }
      if (!PRIVATE_FOLDER.test(wanted)) return next();
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        res.status(404).end();
        return;
      }
      const match = PRIVATE_FILE.exec(wanted);
      if (!match) {
        res.status(404).end();
        return;
      }
      const relative = match[1] as string;
      const left = this.signer.check(relative, req.query.exp, req.query.sig);
      if (left === null) {
        res.set('Cache-Control', 'no-store');
        res.status(403).json(failure(403, apiMessages.ar.mediaLink, undefined, 'forbidden'));
        return;
      }
      // gone (its message was deleted): 404
      await this.images.storage.send(req, res, relative, `private, max-age=${Math.min(left, PRIVATE_MAX_AGE_SECONDS)}`);
    };
  }
}
