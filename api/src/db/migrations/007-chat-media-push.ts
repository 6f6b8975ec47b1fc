/**
 * Chat media and push (CONTRACT.md §7):
 * - uploads: a stored image or voice note of one user, waiting to be attached to one message
 *   (message_id, used_at); unused ones are swept after 24 h (services/uploads.ts). When a used
 *   upload's message disappears (its conversation or store deleted), message_id becomes NULL with
 *   used_at set: the sweep then deletes its files too.
 * - messages.attachment (the attachment's JSON with unsigned paths, copied from the upload) and
 *   messages.deleted_at (a deleted message keeps its row, without text and attachment).
 * - push_subscriptions: one row per browser endpoint, owned by the user (and the session token)
 *   that subscribed it last.
 * - settings: server secrets every API instance shares (the chat media signing key, the VAPID keys).
 */
import { type CreateTableBuilder, type Kysely, sql } from 'kysely';
import type { Dialect } from '../create-db';

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the schema as it is at that version
type AnyDb = Kysely<any>;
// biome-ignore lint/suspicious/noExplicitAny: see above
type Table = CreateTableBuilder<string, any>;

export function chatMediaPushMigration(dialect: Dialect) {
  const ts = dialect === 'postgres' ? sql`timestamptz` : sql`text`;
  const withId = (t: Table): Table =>
    dialect === 'postgres'
      ? t.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
      : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());

  return {
    async up(db: AnyDb): Promise<void> {
      await db.schema.alterTable('messages').addColumn('attachment', 'text').execute();
      await db.schema.alterTable('messages').addColumn('deleted_at', ts).execute();

      await withId(db.schema.createTable('uploads'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('path', 'text', (c) => c.notNull())
        .addColumn('thumb', 'text')
        .addColumn('width', 'integer')
        .addColumn('height', 'integer')
        .addColumn('duration_ms', 'integer')
        .addColumn('created_at', ts, (c) => c.notNull())
        .addColumn('message_id', 'integer', (c) => c.references('messages.id').onDelete('set null'))
        .addColumn('used_at', ts)
        .execute();
      await db.schema.createIndex('uploads_message').on('uploads').column('message_id').execute();
      // the sweep: unused ones by age, orphans (used_at set, message gone)
      await db.schema.createIndex('uploads_sweep').on('uploads').columns(['message_id', 'created_at']).execute();

      await withId(db.schema.createTable('push_subscriptions'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('token_id', 'integer', (c) => c.references('auth_tokens.id').onDelete('cascade'))
        .addColumn('endpoint', 'text', (c) => c.notNull().unique())
        .addColumn('p256dh', 'text', (c) => c.notNull())
        .addColumn('auth', 'text', (c) => c.notNull())
        .addColumn('created_at', ts, (c) => c.notNull())
        .addColumn('updated_at', ts, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('push_subscriptions_user').on('push_subscriptions').column('user_id').execute();

      await db.schema
        .createTable('settings')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .execute();
    },

    async down(db: AnyDb): Promise<void> {
      await db.schema.dropTable('settings').ifExists().execute();
      await db.schema.dropTable('push_subscriptions').ifExists().execute();
      await db.schema.dropTable('uploads').ifExists().execute();
      await db.schema.alterTable('messages').dropColumn('deleted_at').execute();
      await db.schema.alterTable('messages').dropColumn('attachment').execute();
    },
  };
}
