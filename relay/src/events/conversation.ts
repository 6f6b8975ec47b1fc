/** conversation:join / leave / read and typing (CONTRACT.md §4). */
import { type ApiResponse, apiPaths, type Conversation, type ConversationWithMessages, rooms } from '@agrivet/shared';
import { notInConversation, rateLimited } from '../messages';
import type { EventLimiter } from '../rate-limit';
import { checkConversationRef, checkRead, checkTyping } from '../validate';
import type { Handler } from './on-event';

/**
 * Access check through the API; on success the socket joins the conversation's room. The ack is
 * the envelope of the forwarded GET (the conversation with both sides' pointers, no messages).
 */
export const join: Handler = async (payload, ctx) => {
  const checked = checkConversationRef(payload);
  if (!checked.ok) return checked.error;
  const id = checked.value.conversation_id;
  // before_id=1: the access check and the participants, without transferring any history.
  const res = await ctx.api.get<ConversationWithMessages>(`${apiPaths.conversation.get(id)}?before_id=1`, ctx.caller);
  if (res.status !== 200 || !('data' in res)) return res;
  ctx.participants.set(id, { senderId: res.data.sender.id, receiverId: res.data.receiver.id });
  ctx.joined.add(id);
  await ctx.socket.join(rooms.conversation(id));
  return res;
};

export const leave: Handler = async (payload, ctx) => {
  const checked = checkConversationRef(payload);
  if (!checked.ok) return checked.error;
  const id = checked.value.conversation_id;
  ctx.joined.delete(id);
  await ctx.socket.leave(rooms.conversation(id));
  return { status: 200, data: { conversation_id: id } };
};

/**
 * Read and delivered receipts: forwarded to conversation/update/{id}; on success the room gets the
 * reader's current pointers (both, as the API now holds them).
 */
export const read: Handler = async (payload, ctx) => {
  const checked = checkRead(payload);
  if (!checked.ok) return checked.error;
  const { conversation_id, body } = checked.value;
  const res = await ctx.api.post<Conversation>(apiPaths.conversation.update(conversation_id), body, ctx.caller);
  if (res.status === 200 && 'data' in res) {
    const c = res.data;
    const mine = c.sender.id === ctx.user.id;
    ctx.io.to(rooms.conversation(conversation_id)).emit('conversation:read', {
      conversation_id,
      user_id: ctx.user.id,
      last_read_message_id: mine ? c.sender_last_read_id : c.receiver_last_read_id,
      last_delivered_message_id: mine ? c.sender_last_delivered_id : c.receiver_last_delivered_id,
    });
  }
  return res;
};

/**
 * Typing is volatile and rate-limited per user (rate-limit.ts), allowed only in conversations this
 * socket joined. It reaches the room except the typist's own sockets (their other tabs are in their
 * user room).
 */
export function typingHandler(limiter: EventLimiter): Handler {
  return async (payload, ctx): Promise<ApiResponse<null>> => {
    const checked = checkTyping(payload);
    if (!checked.ok) return checked.error;
    const { conversation_id, typing } = checked.value;
    if (!ctx.joined.has(conversation_id)) return notInConversation();
    const wait = await limiter.take(String(ctx.user.id));
    if (wait !== null) return rateLimited(wait);
    ctx.socket
      .to(rooms.conversation(conversation_id))
      .except(rooms.user(ctx.user.id))
      .volatile.emit('typing', { conversation_id, user_id: ctx.user.id, typing });
    return { status: 200, data: null };
  };
}
