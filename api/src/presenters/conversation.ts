import type { Conversation, ConversationWithMessages, Message } from '@agrivet/shared';
import type { ChatMedia } from '../media/chat-media';
import type { ConversationListRow } from '../queries/conversations';
import { toCount, toIso } from './common';
import { presentMessage } from './message';

/** The last message as message/create showed it (a deleted one as deleted: the list's preview). */
function lastMessage(row: ConversationListRow, media: ChatMedia): Message | null {
  if (row.last_id === null || row.last_id === undefined || row.last_user_id === null || !row.last_created_at) {
    return null;
  }
  return presentMessage(
    {
      id: row.last_id,
      conversation_id: row.id,
      user_id: row.last_user_id,
      message: row.last_text ?? null,
      image: row.last_image ?? null,
      client_id: row.last_client_id ?? null,
      created_at: row.last_created_at,
      attachment: row.last_attachment ?? null,
      deleted_at: row.last_deleted_at ?? null,
      card: row.last_card ?? null,
      auto: row.last_auto ?? 0,
    },
    media,
  );
}

export function presentConversation(row: ConversationListRow, media: ChatMedia): Conversation {
  return {
    id: row.id,
    sender: { id: row.sender_id, name: row.sender_name, image: row.sender_image },
    receiver: { id: row.receiver_id, name: row.receiver_name, image: row.receiver_image },
    store_id: row.store_id,
    store: { id: row.store_id, name_store: row.store_name, image: row.store_image },
    last_message: lastMessage(row, media),
    unread_count: toCount(row.unread_count),
    sender_last_read_id: row.sender_last_read_id,
    receiver_last_read_id: row.receiver_last_read_id,
    sender_last_delivered_id: row.sender_last_delivered_id,
    receiver_last_delivered_id: row.receiver_last_delivered_id,
    created_at: toIso(row.created_at),
    updated_at: toIso(row.updated_at),
  };
}

export function presentConversationWithMessages(
  row: ConversationListRow,
  messages: Message[],
  hasMore: boolean,
  media: ChatMedia,
  deletedIds?: number[],
): ConversationWithMessages {
  const out: ConversationWithMessages = { ...presentConversation(row, media), messages, has_more: hasMore };
  if (deletedIds) out.deleted_ids = deletedIds;
  return out;
}
