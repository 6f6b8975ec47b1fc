/**
 * Starts what chat media and push need once per API process (app.ts): the shared secrets from the
 * database (media signing key, VAPID keys), the voice transcoder, the push sender, and the sweep of
 * unused uploads — at start and every hour. `close()` stops the sweep and waits for queued pushes.
 */
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { type Config, DEFAULT_VAPID_SUBJECT } from '../config';
import type { Database } from '../db/types';
import type { ImageStore } from '../images/image-store';
import { resolveFfmpeg, VoiceTranscoder } from '../media/audio';
import { ChatMedia } from '../media/chat-media';
import { MediaSigner, newMediaSecret } from '../media/signing';
import { loadVapidKeys, PushService } from './push';
import { sharedSecret } from './secrets';
import { sweepUploads } from './uploads';

export const SWEEP_EVERY_MS = 60 * 60 * 1000;

export interface ChatServices {
  media: ChatMedia;
  push: PushService;
  /** One sweep of unused uploads now (also run at start and every hour). */
  sweep(now?: Date): Promise<number>;
  close(): Promise<void>;
}

export async function startChatServices(
  db: Kysely<Database>,
  images: ImageStore,
  config: Config,
  logger: Logger,
): Promise<ChatServices> {
  const signer = new MediaSigner(await sharedSecret(db, 'media_secret', newMediaSecret));
  const voice = new VoiceTranscoder({ ffmpegPath: resolveFfmpeg(config.ffmpegPath), queue: config.mediaQueue });
  const media = new ChatMedia(images, signer, voice);
  const push = new PushService(db, {
    keys: await loadVapidKeys(db, config.vapidKeys ?? null),
    subject: config.vapidSubject ?? DEFAULT_VAPID_SUBJECT,
    allowLoopback: config.pushAllowLoopback ?? false,
    logger,
  });

  let sweeping: Promise<unknown> = Promise.resolve();
  const sweep = async (now?: Date) => {
    const run = sweeping.then(() => sweepUploads(db, media, now));
    sweeping = run.catch(() => undefined);
    return (await run).removed;
  };
  const background = () => {
    sweep().catch((err: unknown) => logger.warn({ err }, 'sweep of unused uploads failed'));
  };
  background();
  const timer = setInterval(background, SWEEP_EVERY_MS);
  timer.unref();

  return {
    media,
    push,
    sweep,
    close: async () => {
      clearInterval(timer);
      await sweeping;
      await push.idle();
    },
  };
}
