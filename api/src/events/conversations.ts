/**
 * What a committed change of a participant's read / delivered pointers pushes (CONTRACT.md §4):
 * `conversation:read` with that participant's pointers as they are now, to the conversation's room.
 * Published by conversation/update/{id}, and by conversation/get/{id} when it marked messages
 * delivered — only when a pointer moved.
 */
import { type ApiEvent, type Conversation, rooms } from '@agrivet/shared';

export const conversationRead = (conversation: Conversation, userId: number): ApiEvent => {
  const mine = conversation.sender.id === userId;
  return {
    event: 'conversation:read',
    rooms: [rooms.conversation(conversation.id)],
    payload: {
      conversation_id: conversation.id,
      user_id: userId,
      last_read_message_id: mine ? conversation.sender_last_read_id : conversation.receiver_last_read_id,
      last_delivered_message_id: mine ? conversation.sender_last_delivered_id : conversation.receiver_last_delivered_id,
    },
  };
};
