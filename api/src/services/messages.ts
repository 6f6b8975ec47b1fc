/**
 * Writing a message: one transaction inserts it, moves the conversation's last_message_id /
 * updated_at forward and the author's read (and delivered) pointer to it (one UPDATE) — over the author's own messages only:
 * when a message of the other participant lies between the pointer and the new message (e.g. a reply
 * written offline and delivered by the outbox after the peer wrote more), that pointer stays, so the
 * author never "reads" what they have not received. Unread counts therefore filter out the viewer's
 * own messages (queries/conversations.ts, services/stats.ts). Idempotent by (user_id, client_id): the
 * UNIQUE constraint decides between concurrent duplicates and the loser re-reads the first message.
 * An attachment from `POST upload` is claimed in the same transaction (services/uploads.ts): a
 * message uses one upload, an upload one message.
 *
 * Deleting (CONTRACT.md §7): the row stays with `deleted_at` set and its text, image and attachment
 * cleared; the caller removes the files once the UPDATE is done.
 */
import { type MessageCard, normalizeArabic } from '@agrivet/shared';
import type { ExpressionBuilder, Kysely, Transaction } from 'kysely';
import { isUniqueViolation } from '../db/errors';
import { nowIso } from '../db/time';
import type { ConversationRow, Database, MessageRow, UploadRow } from '../db/types';
import type { StoredAttachment } from '../media/chat-media';
import type { Participant } from './conversations';
import {
  customerContact,
  customerSearch,
  type InboxChange,
  storeActivityDue,
  storeWroteAfterRace,
  storeWrote,
} from './inbox';
import { claimUpload } from './uploads';

export interface NewMessage {
  conversation: ConversationRow;
  author: Participant;
  userId: number;
  text: string | null;
  image: string | null;
  /** The attachment (from `upload`, or the multipart image), stored unsigned in messages.attachment. */
  attachment?: StoredAttachment | null;
  /** The upload it comes from, claimed by the message in its transaction. */
  upload?: UploadRow | null;
  clientId: string | null;
  /** A product or order card (CONTRACT.md §8). */
  card?: MessageCard | null;
  /** The store's automatic away reply. */
  auto?: boolean;
  /** The API's clock (services/inbox.ts): created_at and the inbox's wait. */
  now?: Date;
  /** False: the store's last_active_at was written under a minute ago (services/inbox.ts `storeActivityDue`). */
  activityDue?: boolean;
  /** The author's name and phone as just read (the caller's, from the token lookup): the inbox search's text. */
  authorContact?: { name: string; phone: string } | null;
}

/** The message this user already sent with this client_id, if any. */
export function findByClientId(
  db: Kysely<Database>,
  userId: number,
  clientId: string | null,
): Promise<MessageRow | undefined> {
  if (clientId === null) return Promise.resolve(undefined);
  return db
    .selectFrom('messages')
    .selectAll()
    .where('user_id', '=', userId)
    .where('client_id', '=', clientId)
    .executeTakeFirst();
}

export interface WriteResult {
  message: MessageRow;
  /** False when the client_id was already used: `message` is the first one. */
  created: boolean;
  /** What the message changed in the store's inbox (services/inbox.ts). */
  inbox: InboxChange;
}

type PointerColumn =
  | 'sender_last_read_id'
  | 'receiver_last_read_id'
  | 'sender_last_delivered_id'
  | 'receiver_last_delivered_id';
const readColumn = { sender: 'sender_last_read_id', receiver: 'receiver_last_read_id' } as const;
const deliveredColumn = { sender: 'sender_last_delivered_id', receiver: 'receiver_last_delivered_id' } as const;

interface AfterWrite {
  conversationId: number;
  authorId: number;
  messageId: number;
  now: string;
}

/**
 * The conversation row after the author wrote `messageId`, in one UPDATE (every CASE sees the row
 * as it was before the statement, as the separate UPDATEs did):
 * - last_message_id (and updated_at with it) moves forward only;
 * - each of the author's pointers moves to the new message when it is below it and only the
 *   author's own messages lie between the pointer and it (no message of the other participant:
 *   the author has not necessarily received those). Concurrent writes keep this true: on
 *   PostgreSQL a blocked UPDATE evaluates the CASEs again on the row it waited for.
 * A row where nothing can move is not written.
 */
/**
 * `inbox`: what the same UPDATE does to the inbox's columns (issue 25 item 3: one statement, not two):
 * - 'customer': the customer's message starts the wait (when none runs), re-opens a resolved
 *   conversation and refreshes the inbox search's name; the row is always written;
 * - 'storeEnds': the store's message ends the wait read before (`waitingSince`): only when the row
 *   still waits since then (a row written means this message ended that wait, once);
 * - 'storeNoWait': the store's message where no wait was read: one started since ends too;
 * - none: the pointers only.
 */
type InboxPart = 'customer' | 'storeEnds' | 'storeNoWait';
function afterWriteUpdate(author: Participant, inbox?: InboxPart) {
  const read = readColumn[author];
  const delivered = deliveredColumn[author];
  return (db: Kysely<Database>, p: AfterWrite & { search: string | null; waitingSince: string | Date }) => {
    type Scope = ExpressionBuilder<Database, 'conversations'>;
    const movesLast = (eb: Scope) =>
      eb.or([eb('conversations.last_message_id', 'is', null), eb('conversations.last_message_id', '<', p.messageId)]);
    const pointer = (eb: Scope, column: PointerColumn) =>
      eb
        .case()
        .when(
          eb.and([
            eb(`conversations.${column}`, '<', p.messageId),
            eb.not(
              eb.exists(
                eb
                  .selectFrom('messages as peer')
                  .select(eb.lit(1).as('one'))
                  .where('peer.conversation_id', '=', p.conversationId)
                  .whereRef('peer.id', '>', `conversations.${column}`)
                  .where('peer.id', '<', p.messageId)
                  .where('peer.user_id', '<>', p.authorId),
              ),
            ),
          ]),
        )
        .then(p.messageId)
        .else(eb.ref(`conversations.${column}`))
        .end();
    const update = db
      .updateTable('conversations')
      .set((eb) => ({
        last_message_id: eb
          .case()
          .when(movesLast(eb))
          .then(p.messageId)
          .else(eb.ref('conversations.last_message_id'))
          .end(),
        updated_at: eb
          .case()
          .when(movesLast(eb))
          .then(p.now)
          .else(eb.ref('conversations.updated_at'))
          .end()
          .$castTo<string>(), // read back as string | Date, written as an ISO string
        [read]: pointer(eb, read),
        [delivered]: pointer(eb, delivered),
      }))
      .where('conversations.id', '=', p.conversationId);
    if (inbox === 'customer') {
      return update.set((eb) => ({
        waiting_since: eb.fn.coalesce('conversations.waiting_since', eb.val(p.now)).$castTo<string>(),
        resolved: 0,
        customer_search: p.search,
      }));
    }
    if (inbox === 'storeEnds') {
      return update.set({ waiting_since: null }).where('conversations.waiting_since', '=', p.waitingSince);
    }
    if (inbox === 'storeNoWait') return update.set({ waiting_since: null });
    return update.where((eb) =>
      eb.or([
        movesLast(eb),
        eb(`conversations.${read}`, '<', p.messageId),
        eb(`conversations.${delivered}`, '<', p.messageId),
      ]),
    );
  };
}
const updateAfterWrite = { sender: afterWriteUpdate('sender'), receiver: afterWriteUpdate('receiver') };
/** A message people wrote: the pointers and the inbox's wait in the same UPDATE (issue 25 item 3). */
const updateAfterCustomerWrote = afterWriteUpdate('sender', 'customer');
const updateAfterStoreEnds = afterWriteUpdate('receiver', 'storeEnds');
const updateAfterStoreNoWait = afterWriteUpdate('receiver', 'storeNoWait');

/**
 * Writes the message inside `trx` (the caller's transaction): the row, the upload it claims, the
 * conversation's pointers and its inbox state. Order cards are written this way inside the order's
 * own transaction (routes/orders.ts).
 */
export async function writeMessageIn(
  trx: Transaction<Database>,
  input: NewMessage,
): Promise<{ message: MessageRow; inbox: InboxChange }> {
  const { conversation, userId } = input;
  const at = input.now ?? new Date();
  const now = input.now ? at.toISOString() : nowIso();
  const row = await trx
    .insertInto('messages')
    .values({
      conversation_id: conversation.id,
      user_id: userId,
      message: input.text,
      image: input.image,
      attachment: input.attachment ? JSON.stringify(input.attachment) : null,
      client_id: input.clientId,
      created_at: now,
      card: input.card ? JSON.stringify(input.card) : null,
      auto: input.auto ? 1 : 0,
      search_text: input.text ? normalizeArabic(input.text) : null,
    })
    .returningAll()
    .executeTakeFirst();
  if (!row) throw new Error('message insert returned no row');
  if (input.upload) await claimUpload(trx, input.upload, row.id, now);
  const kind = input.auto ? 'auto' : input.card ? 'card' : 'plain';
  // read implies delivered: the author's delivered pointer follows, under the same rule
  const pointers = { conversationId: conversation.id, authorId: userId, messageId: row.id, now, search: null };
  const wrote = (r: { numUpdatedRows: bigint }) => r.numUpdatedRows > 0n;
  const storeReplied = kind === 'plain' && userId === conversation.receiver_id;
  if (kind === 'plain' && userId === conversation.sender_id) {
    // the customer wrote: pointers and the inbox's wait in one UPDATE; the name for the inbox search is
    // the caller's own (read with the token) when given, else read here
    const customer = input.authorContact ?? (await customerContact(trx, userId));
    const updated = await updateAfterCustomerWrote(trx, {
      ...pointers,
      search: customerSearch(customer),
      waitingSince: '',
    }).executeTakeFirst();
    return { message: row, inbox: { answered: false, reopened: wrote(updated) && conversation.resolved === 1 } };
  }
  if (storeReplied) {
    // the store wrote: the wait ends in the pointers' UPDATE when the row still waits since the time
    // read before; otherwise (another reply ended it, or it changed since) the two statements as before
    const waitingSince = conversation.waiting_since;
    if (waitingSince === null) {
      await updateAfterStoreNoWait(trx, { ...pointers, waitingSince: '' }).execute();
      const inbox = await storeWrote(trx, conversation, false, at, input.activityDue);
      return { message: row, inbox };
    }
    if (wrote(await updateAfterStoreEnds(trx, { ...pointers, waitingSince }).executeTakeFirst())) {
      const inbox = await storeWrote(trx, conversation, true, at, input.activityDue);
      return { message: row, inbox };
    }
  }
  // cards and automatic replies move the pointers only; a store's reply that lost the wait to another
  // ends a wait started since, if any
  await updateAfterWrite[input.author](trx, { ...pointers, waitingSince: '' }).execute();
  const inbox = storeReplied
    ? await storeWroteAfterRace(trx, conversation, at, input.activityDue)
    : { answered: false, reopened: false };
  return { message: row, inbox };
}

export async function writeMessage(db: Kysely<Database>, input: NewMessage): Promise<WriteResult> {
  const { conversation } = input;
  if (input.userId === conversation.receiver_id && !input.auto && !input.card && input.activityDue === undefined) {
    input = { ...input, activityDue: storeActivityDue(db, conversation.store_id, input.now ?? new Date()) };
  }
  try {
    const written = await db.transaction().execute((trx) => writeMessageIn(trx, input));
    return { ...written, created: true };
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    const first = await findByClientId(db, input.userId, input.clientId);
    if (!first) throw err;
    return { message: first, created: false, inbox: { answered: false, reopened: false } };
  }
}

export interface DeleteResult {
  message: MessageRow;
  /** The files the message had (to remove after the update); empty when it was already deleted. */
  removed: StoredAttachment[];
  /** False when it was already deleted (nothing changed). */
  changed: boolean;
}

/**
 * Marks the message deleted and clears its text, image and attachment (one conditional UPDATE: a
 * second delete, or two at once, change nothing more). Returns the row as it is now.
 */
export async function deleteMessage(
  db: Kysely<Database>,
  message: MessageRow,
  files: StoredAttachment[],
): Promise<DeleteResult> {
  const updated = await db
    .updateTable('messages')
    .set({ deleted_at: nowIso(), message: null, image: null, attachment: null })
    .where('id', '=', message.id)
    .where('deleted_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
  if (updated) return { message: updated, removed: files, changed: true };
  const current = await db.selectFrom('messages').selectAll().where('id', '=', message.id).executeTakeFirstOrThrow();
  return { message: current, removed: [], changed: false };
}
