/**
 * Placing an order: in one transaction the store and the products are read, the lines priced from
 * the database (integer cents), the client's total checked against them, and the order with its
 * snapshotted lines (name, price) and delivery details written. A store whose account is disabled
 * takes no new orders (422 `store_unavailable`). Idempotent by (user_id, client_id) through the
 * UNIQUE constraint; a concurrent duplicate re-reads the first order.
 */
import { formatCents, UserStatus, validationMessages } from '@agrivet/shared';
import { effectiveStatus } from './subscriptions';
import type { Kysely } from 'kysely';
import { isUniqueViolation } from '../db/errors';
import type { ConversationRow, Database, MessageRow } from '../db/types';
import { invalid, invalidField, storeUnavailable } from '../http/errors';
import { findOrCreateConversation } from './conversations';
import { isStorableId } from './ids';
import type { InboxChange } from './inbox';
import { writeMessageIn } from './messages';

/** The largest total the integer columns hold on both dialects (PostgreSQL `integer`). */
const MAX_TOTAL_CENTS = 2_147_483_647;

export interface OrderRequest {
  buyerId: number;
  storeId: number;
  totalCents: number;
  items: { product_id: number; quantity: number }[];
  clientId: string | null;
  delivery: OrderDeliveryInput;
  /** The subscriptions' clock (config.now): the owner's status is computed at it. */
  now?: number;
}

/** The checked `delivery` of order/create (shared deliverySchema). */
export interface OrderDeliveryInput {
  province: number;
  address: string;
  phone: string;
  note?: string | null;
}

export function findOrderByClientId(db: Kysely<Database>, buyerId: number, clientId: string | null) {
  if (clientId === null) return Promise.resolve(undefined);
  return db
    .selectFrom('orders')
    .select('id')
    .where('user_id', '=', buyerId)
    .where('client_id', '=', clientId)
    .executeTakeFirst();
}

/** Priced lines, or a 422 naming the offending item. */
async function priceLines(trx: Kysely<Database>, req: OrderRequest) {
  const ids = [...new Set(req.items.map((i) => i.product_id))].filter(isStorableId);
  const products =
    ids.length === 0
      ? []
      : await trx
          .selectFrom('products')
          .select(['id', 'store_id', 'name', 'price_cents'])
          .where('id', 'in', ids)
          .execute();
  const byId = new Map(products.map((p) => [p.id, p]));
  const unknown: Record<string, string> = {};
  req.items.forEach((item, i) => {
    if (!byId.has(item.product_id)) unknown[`items[${i}].product_id`] = validationMessages.ar.invalidId;
  });
  if (Object.keys(unknown).length > 0) throw invalid(unknown);
  if (products.some((p) => p.store_id !== req.storeId)) throw invalidField('items', 'itemsOtherStore');
  return req.items.map((item) => {
    const product = byId.get(item.product_id)!;
    return { product_id: product.id, name: product.name, price_cents: product.price_cents, quantity: item.quantity };
  });
}

export interface PlacedOrder {
  id: number;
  /** False when this client_id was already used: `id` is the first order's. */
  created: boolean;
  /** The order card written into the buyer's conversation with the store (CONTRACT.md §8), when created. */
  card?: { message: MessageRow; conversation: ConversationRow; inbox: InboxChange };
}

/** The buyer's conversation with the store (created when none), before the order's transaction. */
async function buyerConversation(db: Kysely<Database>, req: OrderRequest): Promise<ConversationRow | undefined> {
  if (!isStorableId(req.storeId)) return undefined;
  const store = await db
    .selectFrom('stores')
    .select(['id', 'user_id'])
    .where('id', '=', req.storeId)
    .executeTakeFirst();
  if (!store || store.user_id === req.buyerId) return undefined;
  const id = await findOrCreateConversation(db, req.buyerId, store);
  return db.selectFrom('conversations').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function placeOrder(db: Kysely<Database>, req: OrderRequest): Promise<PlacedOrder> {
  const now = new Date(req.now ?? Date.now());
  const conversation = await buyerConversation(db, req);
  let card: PlacedOrder['card'];
  try {
    const id = await db.transaction().execute(async (trx) => {
      const store = isStorableId(req.storeId)
        ? await trx
            .selectFrom('stores')
            .innerJoin('users as owner', 'owner.id', 'stores.user_id')
            .select([
              'stores.id',
              'stores.user_id',
              'owner.type as owner_type',
              'owner.status as owner_status',
              'owner.sub_plan as owner_sub_plan',
              'owner.sub_ends_at as owner_sub_ends_at',
              'owner.suspended as owner_suspended',
            ])
            .where('stores.id', '=', req.storeId)
            .executeTakeFirst()
        : undefined;
      if (!store) throw invalid({ store_id: validationMessages.ar.invalidId });
      if (store.user_id === req.buyerId) throw invalidField('store_id', 'cannotOrderSelf');
      // the owner's status follows the subscription, computed now (an expiry needs nobody to act)
      const ownerStatus = effectiveStatus(
        {
          type: store.owner_type,
          status: store.owner_status,
          sub_plan: store.owner_sub_plan,
          sub_ends_at: store.owner_sub_ends_at,
          suspended: store.owner_suspended,
        },
        req.now ?? Date.now(),
      );
      if (ownerStatus === UserStatus.Disabled) throw storeUnavailable();
      const lines = await priceLines(trx, req);
      const computed = lines.reduce((sum, l) => sum + l.price_cents * l.quantity, 0);
      if (computed > MAX_TOTAL_CENTS) throw invalid({ total: validationMessages.ar.priceTooHigh });
      if (computed !== req.totalCents) throw invalidField('total', 'totalMismatch');
      const at = now.toISOString();
      const order = await trx
        .insertInto('orders')
        .values({
          user_id: req.buyerId,
          store_id: store.id,
          total_cents: computed,
          status: 0,
          client_id: req.clientId,
          delivery_province: req.delivery.province,
          delivery_address: req.delivery.address,
          delivery_phone: req.delivery.phone,
          delivery_note: req.delivery.note ? req.delivery.note : null,
          stage: 'new',
          conversation_id: conversation?.id ?? null,
          created_at: at,
          updated_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('order_items')
        .values(lines.map((l) => ({ ...l, order_id: order.id })))
        .execute();
      if (conversation && conversation.store_id === store.id) {
        const written = await writeMessageIn(trx, {
          conversation,
          author: 'sender',
          userId: req.buyerId,
          text: null,
          image: null,
          clientId: null,
          card: {
            type: 'order',
            order_id: order.id,
            status: 0,
            stage: 'new',
            total: formatCents(computed),
            cancelled_by: null,
            reason: null,
          },
          now,
        });
        card = { ...written, conversation };
      }
      return order.id;
    });
    return { id, created: true, card };
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    const first = await findOrderByClientId(db, req.buyerId, req.clientId);
    if (!first) throw err;
    return { id: first.id, created: false };
  }
}
