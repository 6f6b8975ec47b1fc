/**
 * message:send → POST message/create (JSON, or multipart with the field `image` when the event
 * carries image bytes) → `message:new` to the conversation's room, both participants' user rooms
 * and the admin room. message:delete → POST message/delete/{id} → `message:deleted` to the same rooms.
 */
import { apiPaths, type ConversationWithMessages, type Message, rooms } from '@agrivet/shared';
import type { Participants } from '../participants';
import type { EventContext } from '../types';
import { type CheckedMessage, checkMessageRef, checkMessageSend, checkMessageSize } from '../validate';
import type { Handler } from './on-event';

/** Recognises the common image formats by their first bytes (the API decodes and re-encodes). */
function sniffImageType(bytes: Uint8Array): { type: string; ext: string } | null {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (starts(0xff, 0xd8, 0xff)) return { type: 'image/jpeg', ext: 'jpg' };
  if (starts(0x89, 0x50, 0x4e, 0x47)) return { type: 'image/png', ext: 'png' };
  if (starts(0x47, 0x49, 0x46, 0x38)) return { type: 'image/gif', ext: 'gif' };
  if (starts(0x52, 0x49, 0x46, 0x46) && bytes[8] === 0x57 && bytes[9] === 0x45 && bytes[10] === 0x42) {
    return { type: 'image/webp', ext: 'webp' };
  }
  return null;
}

/** message/create's body: the client's fields (the API validates them) with the caller as `user_id`. */
function toBody(m: CheckedMessage, userId: number): Record<string, unknown> | FormData {
  const fields = { ...m.fields, user_id: userId };
  if (!m.image) return fields;
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) if (v !== null && v !== undefined) form.append(k, String(v));
  const sniffed = sniffImageType(m.image);
  const type = m.image_type ?? sniffed?.type ?? 'application/octet-stream';
  const ext = sniffed?.ext ?? type.split('/')[1] ?? 'bin';
  // Copy into a fresh ArrayBuffer: Blob wants plain bytes, socket.io may hand a pooled Buffer.
  form.append('image', new Blob([m.image.slice()], { type }), `image.${ext}`);
  return form;
}

/** Pause before the second participants lookup (ms). */
export const PARTICIPANTS_RETRY_MS = 100;

/**
 * The participants of a conversation, from the cache or from the API — retried once, since a
 * failed lookup means message:new misses the receiver's user room (their other pages).
 */
export async function participantsOf(ctx: EventContext, message: Message): Promise<Participants | undefined> {
  const known = ctx.participants.get(message.conversation_id);
  if (known) return known;
  // after_id = this message: the conversation without its history, only to learn who is in it.
  const path = `${apiPaths.conversation.get(message.conversation_id)}?after_id=${message.id}`;
  for (let attempt = 1; ; attempt++) {
    const res = await ctx.api.get<ConversationWithMessages>(path, ctx.caller);
    if ('data' in res && res.data?.sender && res.data.receiver) {
      const found = { senderId: res.data.sender.id, receiverId: res.data.receiver.id };
      ctx.participants.set(message.conversation_id, found);
      return found;
    }
    if (attempt >= 2) {
      ctx.logger.warn({ conversation: message.conversation_id, status: res.status }, 'participants unknown');
      return undefined;
    }
    await new Promise((r) => setTimeout(r, PARTICIPANTS_RETRY_MS));
  }
}

/** The rooms a message's pushes go to: its conversation, the admin, and both participants (or the sender). */
async function roomsOfMessage(ctx: EventContext, message: Message): Promise<string[]> {
  const targets = [rooms.conversation(message.conversation_id), rooms.admin];
  const who = await participantsOf(ctx, message);
  if (who) targets.push(rooms.user(who.senderId), rooms.user(who.receiverId));
  else targets.push(rooms.user(ctx.user.id));
  return targets;
}

export const send: Handler = async (payload, ctx) => {
  const tooLarge = checkMessageSize(payload);
  if (tooLarge) return tooLarge;
  const checked = checkMessageSend(payload);
  if (!checked.ok) return checked.error;
  const res = await ctx.api.post<Message>(apiPaths.message.create, toBody(checked.value, ctx.user.id), ctx.caller);
  if (res.status !== 200 || !('data' in res)) return res;
  const message = res.data;
  ctx.io.to(await roomsOfMessage(ctx, message)).emit('message:new', { message });
  return res;
};

/** The API decides who may delete (the author within 15 minutes, the admin); the ack is the deleted message. */
export const remove: Handler = async (payload, ctx) => {
  const checked = checkMessageRef(payload);
  if (!checked.ok) return checked.error;
  const res = await ctx.api.post<Message>(apiPaths.message.delete(checked.value.message_id), {}, ctx.caller);
  if (res.status !== 200 || !('data' in res)) return res;
  const { id: message_id, conversation_id } = res.data;
  ctx.io.to(await roomsOfMessage(ctx, res.data)).emit('message:deleted', { conversation_id, message_id });
  return res;
};
