/** What every route module receives: the database, the image store and the configuration. */
import type { Kysely } from 'kysely';
import type { SessionEnds } from './auth/session-ends';
import type { Config } from './config';
import type { Dialect } from './db/create-db';
import type { EventBus } from './events/bus';
import type { Database } from './db/types';
import type { RateLimits } from './http/rate-limit';
import type { ImageStore } from './images/image-store';
import type { ChatMedia } from './media/chat-media';
import type { PushService } from './services/push';

export interface AppContext {
  db: Kysely<Database>;
  dialect: Dialect;
  images: ImageStore;
  config: Config;
  /** Chat attachments: uploads, signed private paths (media/chat-media.ts). */
  media: ChatMedia;
  /** Web Push notifications, sent after the response (services/push.ts). */
  push: PushService;
  /** Rate limits of the writes and logins (http/rate-limit.ts). */
  limits: RateLimits;
  /** Tells the relays which sessions ended (auth/session-ends.ts). */
  sessions: SessionEnds;
  /** Domain events after commit, heard by every relay (events/bus.ts). */
  events: EventBus;
}
