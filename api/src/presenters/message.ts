/**
 * A message as the API shows it (CONTRACT.md §3, §7). Chat media are private: `image` and the
 * attachment's paths are signed (media/signing.ts) each time a message is presented. A message
 * written before attachments existed (only `image`) shows its image as the attachment too; a
 * deleted one shows neither text nor attachment.
 */
import type { Message, MessageCard } from '@agrivet/shared';
import type { MessageRow } from '../db/types';
import { type ChatMedia, parseStoredAttachment, type StoredAttachment } from '../media/chat-media';
import { toIso } from './common';

/** The columns a message's JSON is built from (a message row, or a conversation's last-message join). */
export type MessageFields = Pick<
  MessageRow,
  'id' | 'conversation_id' | 'user_id' | 'message' | 'image' | 'client_id' | 'created_at' | 'attachment' | 'deleted_at'
> &
  Partial<Pick<MessageRow, 'card' | 'auto'>>;

/** The stored card JSON (CONTRACT.md §8), or null. */
export function parseCard(text: string | null | undefined): MessageCard | null {
  if (!text) return null;
  try {
    const card = JSON.parse(text) as MessageCard;
    if (!card || (card.type !== 'product' && card.type !== 'order')) return null;
    // order cards written before they said who cancelled: a store's rejection or a progress card
    return card.type === 'order'
      ? { ...card, cancelled_by: card.cancelled_by ?? null, reason: card.reason ?? null }
      : card;
  } catch {
    return null;
  }
}

function storedAttachment(row: MessageFields): StoredAttachment | null {
  const parsed = parseStoredAttachment(row.attachment);
  if (parsed) return parsed;
  if (row.image && /^messages\/[0-9a-f]{24}\.webp$/.test(row.image)) {
    return { kind: 'image', path: row.image, thumb: row.image.replace(/\.webp$/, '.thumb.webp') };
  }
  return null;
}

export function presentMessage(row: MessageFields, media: ChatMedia): Message {
  const deleted = row.deleted_at !== null && row.deleted_at !== undefined;
  const attachment = deleted ? null : storedAttachment(row);
  return {
    id: row.id,
    conversation_id: row.conversation_id,
    user_id: row.user_id,
    message: deleted ? null : row.message,
    image: deleted ? null : attachment?.kind === 'image' ? media.signPath(attachment.path) : media.signPath(row.image),
    attachment: attachment ? media.present(attachment) : null,
    deleted,
    client_id: row.client_id,
    card: deleted ? null : parseCard(row.card),
    auto: row.auto === 1,
    created_at: toIso(row.created_at),
  };
}
