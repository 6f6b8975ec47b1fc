/**
 * Unread counts (queries/conversations.ts) count the other participant's messages above the
 * viewer's read marker. Over messages(conversation_id, id, user_id) that reads every message above
 * the marker, the viewer's own included — and a participant who writes without reading the other
 * side's messages keeps all of their own above their marker (message/create moves the author's
 * marker only over their own messages), so each get-My-Conv read them all again (16,000 in the
 * benchmark after a burst of message/create). messages(conversation_id, user_id, id) reads the other
 * participant's unread messages only. The window queries keep using (conversation_id, id, user_id).
 */
import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the schema as it is at that version
type AnyDb = Kysely<any>;

export function unreadByAuthorMigration() {
  return {
    async up(db: AnyDb): Promise<void> {
      await db.schema
        .createIndex('messages_conversation_user_id')
        .on('messages')
        .columns(['conversation_id', 'user_id', 'id'])
        .execute();
    },
    async down(db: AnyDb): Promise<void> {
      await db.schema.dropIndex('messages_conversation_user_id').execute();
    },
  };
}
