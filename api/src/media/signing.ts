/**
 * Signed URLs for private chat media (CONTRACT.md §7: served only to the conversation's participants
 * and the admin). A message's JSON is only ever given to them, so the paths in it carry a signature
 * — `voice/ab.mp3?exp=<unix seconds>&sig=<HMAC>` — and /storage serves a chat file only with a valid,
 * unexpired one (media/serve.ts). An `<img>` or `<audio>` element cannot send the bearer token;
 * a signed URL needs nothing from the browser.
 *
 * - Key: a random 32-byte secret in the database (services/secrets.ts), shared by every instance.
 * - Expiry in steps: `exp` is the end of the 12-hour step two steps after the current one, so a
 *   URL stays valid 24 to 36 hours and is the same for every answer within one step (the
 *   browser's cache keeps working across reloads and re-syncs).
 * - A signature covers an image and its thumbnail (the key is the path with `.thumb.webp` read as
 *   `.webp`), so `thumbPath(signedImage)` works as it always did.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_STEP_SECONDS = 12 * 60 * 60;
/** A URL is valid for at least this long after it was produced. */
export const SIGNATURE_MIN_LIFETIME_SECONDS = 2 * SIGNATURE_STEP_SECONDS;

/** A fresh secret for the settings table (base64url of 32 random bytes). */
export const newMediaSecret = (): string => randomBytes(32).toString('base64url');

/** The path a signature covers: an image's thumbnail shares the image's signature. */
const signedKey = (path: string): string => path.replace(/\.thumb\.webp$/, '.webp');

export class MediaSigner {
  private readonly key: Buffer;

  constructor(
    secret: string,
    private readonly nowMs: () => number = Date.now,
  ) {
    this.key = Buffer.from(secret, 'base64url');
    if (this.key.length < 16) throw new Error('media signing secret too short');
  }

  private mac(path: string, exp: number): Buffer {
    return createHmac('sha256', this.key)
      .update(`${signedKey(path)}\n${exp}`)
      .digest()
      .subarray(0, 16);
  }

  /** `messages/ab.webp` → `messages/ab.webp?exp=…&sig=…` (a path relative to /storage/). */
  sign(path: string): string {
    const step = Math.floor(this.nowMs() / 1000 / SIGNATURE_STEP_SECONDS);
    const exp = (step + 3) * SIGNATURE_STEP_SECONDS;
    return `${path}?exp=${exp}&sig=${this.mac(path, exp).toString('base64url')}`;
  }

  /**
   * Seconds the signature stays valid for `path`, or null when it is missing, malformed, tampered
   * with or expired.
   */
  check(path: string, exp: unknown, sig: unknown): number | null {
    if (typeof exp !== 'string' || typeof sig !== 'string' || !/^\d{1,12}$/.test(exp)) return null;
    if (!/^[A-Za-z0-9_-]{22}$/.test(sig)) return null;
    const expires = Number(exp);
    const left = expires - Math.floor(this.nowMs() / 1000);
    if (left <= 0) return null;
    // compared as text: only the one canonical spelling of the signature is accepted
    const given = Buffer.from(sig, 'latin1');
    const wanted = Buffer.from(this.mac(path, expires).toString('base64url'), 'latin1');
    if (given.length !== wanted.length || !timingSafeEqual(given, wanted)) return null;
    return left;
  }
}
