/**
 * What follows a committed message (CONTRACT.md §8), after its transaction: `message:new` to the
 * relays, the Web Push, and the inbox's follow-ups — `conversation:updated` when the customer
 * re-opened a resolved conversation, the store's reply_minutes when a wait ended (throttled per store), and the away
 * reply (auto: true, written as the store's account, pushed like any message) when the customer
 * wrote while the store is closed, at most once per conversation in 12 hours.
 */
import { type Message, rooms } from '@agrivet/shared';
import type { AppContext } from '../context';
import type { ConversationRow, MessageRow } from '../db/types';
import { messageCreated } from '../events/messages';
import { presentMessage } from '../presenters/message';
import type { StoreAway } from '../queries/conversations';
import { findInboxRow, presentInboxRow } from '../queries/inbox';
import { claimAwayReply, clockOf, type InboxChange, replyAnswered } from './inbox';
import { writeMessage } from './messages';

export function chatEffects(ctx: AppContext) {
  const { db, media, events, push } = ctx;
  const clock = clockOf(ctx.config);

  /** conversation:updated (the inbox row) to the store's room and the admin. */
  const conversationUpdated = async (conversationId: number, storeId: number) => {
    const row = await findInboxRow(db, null, conversationId);
    if (!row) return;
    await events.publish({
      event: 'conversation:updated',
      rooms: [rooms.store(storeId), rooms.admin],
      payload: { conversation: presentInboxRow(row, media) },
    });
  };

  /** A message written and committed: tell everyone, then the inbox's follow-ups. */
  const afterCreate = async (
    row: MessageRow,
    conversation: ConversationRow,
    inbox: InboxChange,
    options: { webPush?: boolean; store?: StoreAway } = {},
  ): Promise<Message> => {
    const message = presentMessage(row, media);
    // the follow-ups go on while Redis takes the event; the answer waits for both (events/bus.ts)
    const published = events.publish(messageCreated(message, conversation));
    if (options.webPush !== false) push.messageCreated(row, conversation);
    if (inbox.reopened) await conversationUpdated(conversation.id, conversation.store_id);
    if (inbox.answered) await replyAnswered(db, conversation.store_id, clock);
    const fromCustomer = row.user_id === conversation.sender_id && row.card === null && row.auto !== 1;
    if (fromCustomer) await awayReply(conversation, options.store);
    await published;
    return message;
  };

  const awayReply = async (conversation: ConversationRow, store?: StoreAway) => {
    const now = clock();
    const text = await claimAwayReply(db, conversation, now, store);
    if (text === null) return;
    const written = await writeMessage(db, {
      conversation,
      author: 'receiver',
      userId: conversation.receiver_id,
      text,
      image: null,
      clientId: null,
      auto: true,
      now,
    });
    const message = presentMessage(written.message, media);
    const published = events.publish(messageCreated(message, conversation));
    push.messageCreated(written.message, conversation);
    await published;
  };

  return { afterCreate, conversationUpdated };
}
