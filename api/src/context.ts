/** What every route module receives: the database, the image store and the configuration. */
import type { Kysely } from 'kysely';
import type { Config } from './config';
import type { Dialect } from './db/create-db';
import type { Database } from './db/types';
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
}
