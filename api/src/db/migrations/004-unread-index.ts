/**
 * Unread counts count the other participant's messages above the viewer's read marker
 * (queries/conversations.ts), so they need each message's author: messages(conversation_id, id,
 * user_id) answers that from the index alone, as messages(conversation_id, id) did before the
 * author filter. It replaces that index (same leading columns, so paging by id still uses it).
 */
import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the schema as it is at that version
type AnyDb = Kysely<any>;

export function unreadIndexMigration() {
  return {
    async up(db: AnyDb): Promise<void> {
      await db.schema
        .createIndex('messages_conversation_id_user')
        .on('messages')
        .columns(['conversation_id', 'id', 'user_id'])
        .execute();
      await db.schema.dropIndex('messages_conversation_id').execute();
    },
    async down(db: AnyDb): Promise<void> {
      await db.schema
        .createIndex('messages_conversation_id')
        .on('messages')
        .columns(['conversation_id', 'id'])
        .execute();
      await db.schema.dropIndex('messages_conversation_id_user').execute();
    },
  };
}
