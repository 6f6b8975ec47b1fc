/**
 * order/getAll-byStore (store account: its store's orders; admin: all; ?user_id: one buyer's), getAll-byUser (the
 * caller's), get/{id} (buyer, the store's owner, admin), create (signed in; server prices,
 * delivery details required, idempotent by client_id; a disabled store takes no orders),
 * update/{id} (the store's owner or admin; status 0/1/2), rate/{id} (the buyer, once completed).
 * A new order and every update are published to the relays after commit (events/orders.ts).
 */
import {
  apiMessages,
  isStoreAccount,
  ORDER_STAGES,
  ORDER_STATUSES,
  type OrderStage,
  OrderStatus,
  orderCancelSchema,
  orderCreateSchema,
  orderRateSchema,
  orderUpdateSchema,
  parseCents,
  validationMessages,
} from '@agrivet/shared';
import { Router } from 'express';
import { clockNow } from '../config';
import type { AppContext } from '../context';
import { toCount } from '../db/time';
import { type AuthUser, currentUser, isAdmin, mustNameCaller, mustNotBeDisabledStore, requireAuth } from '../http/auth';
import { acceptFormFields } from '../http/upload';
import { sendOk } from '../http/envelope';
import { forbidden, HttpError, invalid, invalidField, notFound } from '../http/errors';
import { type Paging, paginate, queryInt, readPaging } from '../http/paging';
import { idParam, validate } from '../http/validate';
import { type OrderListRow, presentOrderRows, selectOrders } from '../queries/orders';
import { isStorableId } from '../services/ids';
import { findOrderByClientId, placeOrder } from '../services/orders';
import { orderChanged, orderCreated } from '../events/orders';
import { rateOrder } from '../services/orders-rating';
import { chatEffects } from '../services/chat-effects';
import { clockOf } from '../services/inbox';
import { cancelOrder, changeOrder } from '../services/order-lifecycle';

const createSchema = orderCreateSchema('ar');
const updateSchema = orderUpdateSchema('ar');
const cancelSchema = orderCancelSchema('ar');
const rateSchema = orderRateSchema('ar');

/** Which orders a list shows: one store's, one buyer's, or (both absent) all. */
interface OrderFilter {
  storeId?: number;
  userId?: number;
  /** `status` 0/1/2 and, for status 0, `stage` (the store's list filtered, CONTRACT.md §8). */
  status?: number;
  stage?: OrderStage;
}

/** ?status=0|1|2 and ?stage=new|accepted|out_for_delivery (a stage implies status 0); garbage is 422. */
function readStateFilter(query: Record<string, unknown>): Pick<OrderFilter, 'status' | 'stage'> {
  const status = queryInt(query, 'status');
  const stage = query.stage;
  const fields: Record<string, string> = {};
  if (status !== undefined && !(ORDER_STATUSES as readonly number[]).includes(status)) {
    fields.status = validationMessages.ar.invalidChoice;
  }
  if (stage !== undefined && stage !== '' && !(ORDER_STAGES as readonly unknown[]).includes(stage)) {
    fields.stage = validationMessages.ar.invalidChoice;
  }
  if (Object.keys(fields).length > 0) throw invalid(fields);
  if (typeof stage === 'string' && stage !== '') return { status: 0, stage: stage as OrderStage };
  return { status };
}

export function orderRoutes(ctx: AppContext): Router {
  const { db, dialect, push, events, config } = ctx;
  const effects = chatEffects(ctx);
  const clock = clockOf(ctx.config);
  const router = Router();
  // form-data bodies as well as JSON (CONTRACT.md §3)
  router.use(acceptFormFields);

  const presentRows = (rows: OrderListRow[]) => presentOrderRows(db, rows);

  const loadOrder = async (id: number) => {
    const row = await selectOrders(db).where('orders.id', '=', id).executeTakeFirst();
    if (!row) throw notFound();
    return row;
  };

  const presentOne = async (id: number) => (await presentRows([await loadOrder(id)]))[0];

  const page = (paging: Paging, filter: OrderFilter) =>
    paginate(
      paging,
      async () => {
        const { n } = await db
          .selectFrom('orders')
          .select((eb) => eb.fn.countAll().as('n'))
          .$if(filter.storeId !== undefined, (q) => q.where('orders.store_id', '=', filter.storeId!))
          .$if(filter.userId !== undefined, (q) => q.where('orders.user_id', '=', filter.userId!))
          .$if(filter.status !== undefined, (q) => q.where('orders.status', '=', filter.status!))
          .$if(filter.stage !== undefined, (q) => q.where('orders.stage', '=', filter.stage!))
          .executeTakeFirstOrThrow();
        return toCount(n as number);
      },
      (limit, offset) =>
        selectOrders(db)
          .$if(filter.storeId !== undefined, (q) => q.where('orders.store_id', '=', filter.storeId!))
          .$if(filter.userId !== undefined, (q) => q.where('orders.user_id', '=', filter.userId!))
          .$if(filter.status !== undefined, (q) => q.where('orders.status', '=', filter.status!))
          .$if(filter.stage !== undefined, (q) => q.where('orders.stage', '=', filter.stage!))
          .orderBy('orders.id', 'desc')
          .limit(limit)
          .offset(offset)
          .execute(),
      presentRows,
    );

  /** The store account's own store id (null when it has not created its store yet). */
  const ownStoreId = async (user: AuthUser): Promise<number | null> => {
    const store = await db.selectFrom('stores').select('id').where('user_id', '=', user.id).executeTakeFirst();
    return store?.id ?? null;
  };

  router.get('/getAll-byStore', requireAuth, async (req, res) => {
    const caller = currentUser(req);
    if (!isAdmin(caller) && !isStoreAccount(caller.type)) throw forbidden();
    const paging = readPaging(req.query);
    // ?user_id: one customer's orders (the inbox's customer panel, CONTRACT.md §8)
    const buyer = queryInt(req.query, 'user_id');
    const state = { ...readStateFilter(req.query), ...(buyer !== undefined ? { userId: buyer } : {}) };
    if (isAdmin(caller)) {
      sendOk(res, await page(paging, state));
      return;
    }
    const storeId = await ownStoreId(caller);
    // a store account that has not created its store yet has no orders
    sendOk(res, await page(paging, { storeId: storeId ?? 0, ...state }));
  });

  router.get('/getAll-byUser', requireAuth, async (req, res) => {
    const caller = currentUser(req);
    sendOk(res, await page(readPaging(req.query), { userId: caller.id, ...readStateFilter(req.query) }));
  });

  router.get('/get/:id', requireAuth, async (req, res) => {
    const caller = currentUser(req);
    const id = idParam(req.params.id);
    if (id === null) throw notFound();
    const row = await loadOrder(id);
    if (!isAdmin(caller) && row.user_id !== caller.id && row.store_owner_id !== caller.id) throw forbidden();
    sendOk(res, (await presentRows([row]))[0]);
  });

  router.post('/create', requireAuth, async (req, res) => {
    const caller = currentUser(req);
    const body = await validate(createSchema, req.body);
    mustNameCaller(caller, body.user_id);
    const buyerId = body.user_id ?? caller.id;
    if (buyerId !== caller.id) {
      // the admin ordering for someone: that someone must exist
      const buyer = isStorableId(buyerId)
        ? await db.selectFrom('users').select('id').where('id', '=', buyerId).executeTakeFirst()
        : undefined;
      if (!buyer) throw invalid({ user_id: validationMessages.ar.invalidId });
    }
    const totalCents = parseCents(body.total);
    if (totalCents === null) throw invalid({ total: validationMessages.ar.priceDecimals });
    const clientId = body.client_id ? body.client_id : null;
    const earlier = await findOrderByClientId(db, buyerId, clientId);
    if (earlier) {
      sendOk(res, await presentOne(earlier.id));
      return;
    }
    // the schema checked each quantity (an integer 1…999); its type is lost through the shared field
    const items = body.items.map((i) => ({ product_id: i.product_id, quantity: Number(i.quantity) }));
    const placed = await placeOrder(db, {
      buyerId,
      storeId: body.store_id,
      totalCents,
      items,
      clientId,
      delivery: body.delivery,
      now: clockNow(config),
    });
    const order = await presentOne(placed.id);
    // a replayed client_id (a concurrent duplicate) changed nothing: no event, no push
    if (placed.created) await events.publish(orderCreated(order));
    // the order card in the buyer's conversation with the store (no Web Push: order:new has its own)
    if (placed.card)
      await effects.afterCreate(placed.card.message, placed.card.conversation, placed.card.inbox, { webPush: false });
    sendOk(res, order);
    // Web Push to the store's account, after the answer (services/push.ts)
    if (placed.created) push.orderCreated(placed.id);
  });

  router.post('/update/:id', requireAuth, async (req, res) => {
    const caller = currentUser(req);
    const id = idParam(req.params.id);
    if (id === null) throw notFound();
    const row = await loadOrder(id);
    if (!isAdmin(caller) && row.store_owner_id !== caller.id) throw forbidden();
    mustNotBeDisabledStore(caller);
    const body = await validate(updateSchema, req.body);
    const result = await changeOrder(db, row, body, clock());
    const order = await presentOne(row.id);
    if (result.changed) await events.publish(orderChanged(order));
    if (result.card)
      await effects.afterCreate(result.card.message, result.card.conversation, result.card.inbox, { webPush: false });
    sendOk(res, order);
    // Web Push to the buyer when the status moved, after the answer (services/push.ts)
    if (result.statusChanged) push.orderStatusChanged(row.id);
  });

  router.post('/cancel/:id', requireAuth, async (req, res) => {
    const caller = currentUser(req);
    const id = idParam(req.params.id);
    if (id === null) throw notFound();
    const row = await loadOrder(id);
    // the buyer alone (CONTRACT.md §8)
    if (row.user_id !== caller.id) throw forbidden();
    const body = await validate(cancelSchema, req.body);
    const result = await cancelOrder(db, row, body.reason ? body.reason : null, clock());
    const order = await presentOne(row.id);
    await events.publish(orderChanged(order));
    if (result.card)
      await effects.afterCreate(result.card.message, result.card.conversation, result.card.inbox, { webPush: false });
    sendOk(res, order);
  });

  router.post('/rate/:id', requireAuth, async (req, res) => {
    const caller = currentUser(req);
    const id = idParam(req.params.id);
    if (id === null) throw notFound();
    const row = await loadOrder(id);
    // the buyer alone: not the store, not the admin
    if (row.user_id !== caller.id) throw forbidden();
    const body = await validate(rateSchema, req.body);
    if (row.status !== OrderStatus.Completed) throw invalidField('rating', 'orderNotCompleted');
    // orders outlive their store; a deleted store has nobody to rate
    if (row.store_owner_id === null) throw new HttpError(422, apiMessages.ar.storeGone);
    await rateOrder(db, dialect, {
      orderId: row.id,
      storeId: row.store_id,
      buyerId: row.user_id,
      rating: body.rating,
      comment: body.comment ? body.comment : null,
    });
    sendOk(res, await presentOne(row.id));
  });

  return router;
}
