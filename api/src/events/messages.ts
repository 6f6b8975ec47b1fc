/**
 * What a committed message change pushes, and to whom (CONTRACT.md §4, §8): `message:new` and
 * `message:deleted` go to the conversation's room, to both participants' user rooms (their pages that
 * did not join it) and to the admin. The routes publish these after the write committed — not for a
 * replayed client_id (nothing new happened).
 */
import { type ApiEvent, type Message, rooms } from '@agrivet/shared';

/** The conversation's participants, as its row names them. */
export interface ConversationParties {
  id: number;
  sender_id: number;
  receiver_id: number;
}

const audience = (c: ConversationParties): string[] => [
  rooms.conversation(c.id),
  rooms.user(c.sender_id),
  rooms.user(c.receiver_id),
  rooms.admin,
];

export const messageCreated = (message: Message, conversation: ConversationParties): ApiEvent => ({
  event: 'message:new',
  rooms: audience(conversation),
  payload: { message },
});

export const messageDeleted = (message: Message, conversation: ConversationParties): ApiEvent => ({
  event: 'message:deleted',
  rooms: audience(conversation),
  payload: { conversation_id: message.conversation_id, message_id: message.id },
});
