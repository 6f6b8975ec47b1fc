/**
 * An order's life after it is placed (CONTRACT.md §8): the store moves its stage forward (new →
 * accepted, with an optional eta → out_for_delivery) and closes it (status 1 completed, or 2
 * rejected with a reason); the buyer cancels it while it is new. A closed order (status 1 or 2)
 * changes no more (409 `not_allowed_now`; the same status again is accepted and changes nothing).
 * Each change of status or stage writes an order card into the buyer's conversation with the
 * store in the same transaction; the UPDATEs are conditional on the state that was checked, so two
 * changes at once cannot both pass.
 */
import {
  formatCents,
  inboxMessages,
  type MessageCard,
  type OrderStage,
  ORDER_STAGES,
  stageRank,
  validationMessages,
} from '@agrivet/shared';
import type { Kysely } from 'kysely';
import type { ConversationRow, Database, MessageRow } from '../db/types';
import { HttpError, invalid } from '../http/errors';
import type { OrderListRow } from '../queries/orders';
import { findOrCreateConversation } from './conversations';
import type { InboxChange } from './inbox';
import { writeMessageIn } from './messages';

/** 409 `not_allowed_now` with the order's own reason (CONTRACT.md §8). */
const notAllowedNow = (message: string) => new HttpError(409, message, undefined, 'not_allowed_now');

export interface OrderChange {
  status?: number;
  stage?: string;
  eta?: string | null;
  reason?: string | null;
}

export interface ChangeResult {
  changed: boolean;
  statusChanged: boolean;
  card?: { message: MessageRow; conversation: ConversationRow; inbox: InboxChange };
}

const isStage = (s: string): s is OrderStage => (ORDER_STAGES as readonly string[]).includes(s);

/** The order's conversation (created for orders placed before there was one); undefined once the store is gone. */
async function orderConversation(db: Kysely<Database>, row: OrderListRow): Promise<ConversationRow | undefined> {
  if (row.store_owner_id === null || row.store_owner_id === undefined) return undefined;
  const id =
    row.conversation_id ??
    (await findOrCreateConversation(db, row.user_id, { id: row.store_id, user_id: row.store_owner_id }));
  return db.selectFrom('conversations').selectAll().where('id', '=', id).executeTakeFirst();
}

async function apply(
  db: Kysely<Database>,
  row: OrderListRow,
  next: { status: number; stage: OrderStage; eta: string | null; reason: string | null; cancelledBy: string | null },
  author: 'sender' | 'receiver',
  now: Date,
  conflictMessage: string,
): Promise<ChangeResult['card']> {
  const conversation = await orderConversation(db, row);
  const statusOrStage = next.status !== row.status || next.stage !== row.stage;
  return db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('orders')
      .set({
        status: next.status,
        stage: next.stage,
        eta: next.eta,
        reason: next.reason,
        cancelled_by: next.cancelledBy,
        conversation_id: conversation?.id ?? row.conversation_id ?? null,
        updated_at: now.toISOString(),
      })
      .where('id', '=', row.id)
      .where('status', '=', row.status)
      .where('stage', '=', row.stage)
      .returning(['id'])
      .executeTakeFirst();
    if (!updated) throw notAllowedNow(conflictMessage);
    if (!conversation || !statusOrStage) return undefined;
    const card: MessageCard = {
      type: 'order',
      order_id: row.id,
      status: next.status as 0 | 1 | 2,
      stage: next.stage,
      total: formatCents(row.total_cents),
      cancelled_by: next.status === 2 && next.cancelledBy === 'buyer' ? 'buyer' : null,
      reason: next.status === 2 ? next.reason : null,
    };
    const written = await writeMessageIn(trx, {
      conversation,
      author,
      userId: author === 'sender' ? conversation.sender_id : conversation.receiver_id,
      text: null,
      image: null,
      clientId: null,
      card,
      now,
    });
    return { ...written, conversation };
  });
}

/** order/update/{id} by the store or the admin. */
export async function changeOrder(
  db: Kysely<Database>,
  row: OrderListRow,
  change: OrderChange,
  now: Date,
): Promise<ChangeResult> {
  const current = isStage(row.stage) ? row.stage : 'new';
  if (row.status !== 0) {
    const same =
      (change.status === undefined || change.status === row.status) &&
      change.stage === undefined &&
      change.eta === undefined;
    if (same) return { changed: false, statusChanged: false };
    throw notAllowedNow(inboxMessages.ar.orderClosed);
  }
  const status = change.status ?? 0;
  const reason = change.reason ? change.reason : null;
  if (status === 2 && reason === null) throw invalid({ reason: inboxMessages.ar.reasonRequired });
  let stage: OrderStage = current;
  if (change.stage !== undefined) {
    if (!isStage(change.stage)) throw invalid({ stage: validationMessages.ar.invalidChoice });
    if (stageRank(change.stage) < stageRank(current)) throw notAllowedNow(inboxMessages.ar.stageBackwards);
    stage = change.stage;
  }
  const eta = change.eta === undefined ? (row.eta ?? null) : change.eta ? change.eta : null;
  const changed = status !== row.status || stage !== current || eta !== (row.eta ?? null);
  if (!changed) return { changed: false, statusChanged: false };
  const card = await apply(
    db,
    { ...row, stage: current },
    { status, stage, eta, reason: status === 2 ? reason : (row.reason ?? null), cancelledBy: null },
    'receiver',
    now,
    inboxMessages.ar.notAllowedNow,
  );
  return { changed: true, statusChanged: status !== row.status, card };
}

/** order/cancel/{id} by its buyer, while the order is new and in progress. */
export async function cancelOrder(
  db: Kysely<Database>,
  row: OrderListRow,
  reason: string | null,
  now: Date,
): Promise<ChangeResult> {
  if (row.status !== 0 || row.stage !== 'new') throw notAllowedNow(inboxMessages.ar.cancelOnlyNew);
  const card = await apply(
    db,
    row,
    { status: 2, stage: 'new', eta: row.eta ?? null, reason, cancelledBy: 'buyer' },
    'sender',
    now,
    inboxMessages.ar.cancelOnlyNew,
  );
  return { changed: true, statusChanged: true, card };
}
