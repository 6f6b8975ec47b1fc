/**
 * subscription/* (CONTRACT.md §8): a store account asks to renew (request, one open at a time), the admin
 * records the payment (the amount must be the plan's price; the period runs from the later of now and
 * the current end; the request closes; a receipt number), lists, the receipt, and the admin's figures.
 *   POST request {plan, method, reference?}          store account (an expired one too)
 *   GET  mine                                        store account: {subscription, open_request}
 *   GET  requests?state=open|closed&page_number      admin, open first (no state: all)
 *   POST payment {user_id, plan, method, amount_cents, reference?, request_id?}   admin
 *   GET  payments?user_id&page_number                admin (all or one), store account (its own)
 *   GET  payment/{id}                                admin, the paying account: the receipt
 *   GET  stats                                       admin: revenue this month and last, stores by state, renewals due
 */
import {
  addCalendar,
  isStoreAccount,
  monthStart,
  PLAN_PRICE_CENTS,
  rooms,
  type SubscriptionPlan,
  type SubscriptionStats,
  subscriptionPaymentSchema,
  subscriptionRequestSchema,
  subscriptionState,
  UserType,
  validationMessages,
} from '@agrivet/shared';
import { type Request, Router } from 'express';
import type { Kysely as K } from 'kysely';
import { clockNow } from '../config';
import type { AppContext } from '../context';
import { isUniqueViolation } from '../db/errors';
import { nowIso, toCount, toIso } from '../db/time';
import type { Database } from '../db/types';
import { currentUser, isAdmin, requireAdmin, requireAuth, requireStoreAccount } from '../http/auth';
import { sendOk } from '../http/envelope';
import { conflict, forbidden, invalid, invalidField, notFound } from '../http/errors';
import { paginate, queryInt, readPaging } from '../http/paging';
import { acceptFormFields } from '../http/upload';
import { idParam, OPEN_OR_CLOSED, queryChoice, validate } from '../http/validate';
import { type PaymentRow, presentPayment, presentRequest, type RequestRow } from '../presenters/oversight';
import { findUserWithStore } from '../queries/users';
import { recordAudit } from '../services/audit';
import { effectiveStatus, nextEnd, periodColumns, presentSubscription } from '../services/subscriptions';

const requestSchema = subscriptionRequestSchema('ar');
const paymentSchema = subscriptionPaymentSchema('ar');

function selectRequests(db: K<Database>) {
  return db
    .selectFrom('subscription_requests as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .leftJoin('stores as s', 's.user_id', 'r.user_id')
    .select([
      'r.id',
      'r.plan',
      'r.method',
      'r.reference',
      'r.state',
      'r.payment_id',
      'r.created_at',
      'r.closed_at',
      'r.user_id',
      'u.name as user_name',
      'u.phone as user_phone',
      's.name_store as store_name',
    ]);
}

function selectPayments(db: K<Database>) {
  return db
    .selectFrom('subscription_payments as p')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .leftJoin('users as admin', 'admin.id', 'p.recorded_by')
    .leftJoin('stores as s', 's.user_id', 'p.user_id')
    .select([
      'p.id',
      'p.plan',
      'p.method',
      'p.amount_cents',
      'p.reference',
      'p.request_id',
      'p.period_start',
      'p.period_end',
      'p.recorded_by',
      'p.created_at',
      'p.user_id',
      'u.name as user_name',
      'u.phone as user_phone',
      's.name_store as store_name',
      'admin.name as recorder_name',
    ]);
}

export function subscriptionRoutes(ctx: AppContext): Router {
  const { db } = ctx;
  const router = Router();
  router.use(acceptFormFields);
  const now = () => clockNow(ctx.config);

  const subscriptionOf = async (userId: number) => {
    const row = await findUserWithStore(db, userId);
    return row ? presentSubscription(row, now()) : null;
  };

  router.post('/request', requireAuth, requireStoreAccount, async (req, res) => {
    const caller = currentUser(req);
    const body = await validate(requestSchema, req.body);
    let id: number;
    try {
      const row = await db
        .insertInto('subscription_requests')
        .values({
          user_id: caller.id,
          plan: body.plan,
          method: body.method,
          reference: body.reference ? body.reference : null,
          state: 'open',
          created_at: nowIso(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      id = row.id;
    } catch (err) {
      // one open request per account (a partial unique index)
      if (isUniqueViolation(err)) throw conflict('requestOpen');
      throw err;
    }
    const row = await selectRequests(db).where('r.id', '=', id).executeTakeFirstOrThrow();
    const request = presentRequest(row as RequestRow);
    // the admin's list hears of it at once (after the insert: nobody hears of a request not stored)
    await ctx.events.publish({ event: 'subscription:request', rooms: [rooms.admin], payload: { request } });
    sendOk(res, { request });
  });

  router.get('/mine', requireAuth, requireStoreAccount, async (req, res) => {
    const caller = currentUser(req);
    const open = await selectRequests(db)
      .where('r.user_id', '=', caller.id)
      .where('r.state', '=', 'open')
      .executeTakeFirst();
    sendOk(res, {
      subscription: await subscriptionOf(caller.id),
      open_request: open ? presentRequest(open as RequestRow) : null,
    });
  });

  router.get('/requests', requireAuth, requireAdmin, async (req, res) => {
    const paging = readPaging(req.query);
    // ?state=open|closed narrows the list (the dashboard's count of waiting requests); none: all of them
    const stateText = queryChoice(req.query, 'state', OPEN_OR_CLOSED, null);
    const page = await paginate(
      paging,
      async () =>
        toCount(
          (
            await db
              .selectFrom('subscription_requests')
              .select((eb) => eb.fn.countAll().as('n'))
              .$if(stateText !== null, (q) => q.where('state', '=', stateText!))
              .executeTakeFirstOrThrow()
          ).n as number,
        ),
      (limit, offset) =>
        selectRequests(db)
          .$if(stateText !== null, (q) => q.where('r.state', '=', stateText!))
          // open first (oldest waiting first), then the closed ones, newest first
          .orderBy((eb) => eb.case().when('r.state', '=', 'open').then(0).else(1).end())
          .orderBy((eb) =>
            eb
              .case()
              .when('r.state', '=', 'open')
              .then(eb.ref('r.id'))
              .else(eb.neg(eb.ref('r.id')))
              .end(),
          )
          .limit(limit)
          .offset(offset)
          .execute(),
      (rows) => rows.map((r) => presentRequest(r as RequestRow)),
    );
    sendOk(res, page);
  });

  router.post('/payment', requireAuth, requireAdmin, async (req, res) => {
    const admin = currentUser(req);
    const body = await validate(paymentSchema, req.body);
    const target = await db
      .selectFrom('users')
      .select(['id', 'type', 'status', 'sub_plan', 'sub_ends_at', 'suspended'])
      .where('id', '=', body.user_id)
      .executeTakeFirst();
    if (!target) throw invalid({ user_id: validationMessages.ar.invalidId });
    if (!isStoreAccount(target.type)) throw invalidField('user_id', 'notStoreAccountUser');
    if (body.amount_cents !== PLAN_PRICE_CENTS[body.plan]) throw invalidField('amount_cents', 'amountMismatch');
    const requestId = body.request_id ?? null;
    const t = now();
    const paymentId = await db.transaction().execute(async (trx) => {
      if (requestId !== null) {
        const request = await trx
          .selectFrom('subscription_requests')
          .select(['id', 'user_id', 'state', 'plan'])
          .where('id', '=', requestId)
          .executeTakeFirst();
        if (!request) throw invalid({ request_id: validationMessages.ar.invalidId });
        if (request.user_id !== target.id) throw invalidField('request_id', 'requestOtherUser');
        // a request is answered by a payment for the plan it asked for (another plan: record it without the request)
        if (request.plan !== body.plan) throw invalidField('plan', 'requestOtherPlan');
        if (request.state !== 'open') throw conflict('requestClosed');
      }
      // the end as it is now, read inside the transaction (two payments in a row both count)
      const current = await trx
        .selectFrom('users')
        .select(['sub_plan', 'sub_ends_at'])
        .where('id', '=', target.id)
        .executeTakeFirstOrThrow();
      const currentEnd = current.sub_ends_at === null ? null : toIso(current.sub_ends_at);
      const start = new Date(Math.max(t, currentEnd === null ? 0 : Date.parse(currentEnd)));
      const end = nextEnd(body.plan, currentEnd, t);
      const columns = periodColumns(body.plan, end);
      const status = effectiveStatus(
        { type: target.type, status: target.status, suspended: target.suspended, ...columns },
        t,
      );
      await trx
        .updateTable('users')
        .set({ ...columns, status, updated_at: nowIso() })
        .where('id', '=', target.id)
        .execute();
      const payment = await trx
        .insertInto('subscription_payments')
        .values({
          user_id: target.id,
          plan: body.plan,
          method: body.method,
          amount_cents: body.amount_cents,
          reference: body.reference ? body.reference : null,
          request_id: requestId,
          period_start: start.toISOString(),
          period_end: end.toISOString(),
          recorded_by: admin.id,
          // by the subscriptions' clock, as the months of the revenue figures are
          created_at: new Date(t).toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      // the payment answers the account's open request (the one named, or the one waiting)
      let q = trx
        .updateTable('subscription_requests')
        .set({ state: 'closed', payment_id: payment.id, closed_at: nowIso() })
        .where('state', '=', 'open')
        .where('user_id', '=', target.id);
      if (requestId !== null) q = q.where('id', '=', requestId);
      await q.execute();
      await recordAudit(trx, {
        actorId: admin.id,
        action: 'subscription.payment',
        targetType: 'payment',
        targetId: payment.id,
        detail: {
          user_id: target.id,
          plan: body.plan,
          method: body.method,
          amount_cents: body.amount_cents,
          period_end: end.toISOString(),
        },
      });
      return payment.id;
    });
    const row = await selectPayments(db).where('p.id', '=', paymentId).executeTakeFirstOrThrow();
    const paid = { payment: presentPayment(row as PaymentRow), subscription: await subscriptionOf(target.id) };
    // the store hears of it at once (its plan screen, its banner, its receipts), after the commit
    await ctx.events.publish({ event: 'subscription:payment', rooms: [rooms.user(target.id)], payload: paid });
    sendOk(res, paid);
  });

  const paymentsOf = (req: Request) => {
    const caller = currentUser(req);
    const userId = queryInt(req.query, 'user_id');
    if (isAdmin(caller)) return userId;
    if (!isStoreAccount(caller.type)) throw forbidden();
    if (userId !== undefined && userId !== caller.id) throw forbidden();
    return caller.id;
  };

  router.get('/payments', requireAuth, async (req, res) => {
    const userId = paymentsOf(req);
    const paging = readPaging(req.query);
    const page = await paginate(
      paging,
      async () => {
        let q = db.selectFrom('subscription_payments').select((eb) => eb.fn.countAll().as('n'));
        if (userId !== undefined) q = q.where('user_id', '=', userId);
        return toCount((await q.executeTakeFirstOrThrow()).n as number);
      },
      (limit, offset) => {
        let q = selectPayments(db);
        if (userId !== undefined) q = q.where('p.user_id', '=', userId);
        return q.orderBy('p.id', 'desc').limit(limit).offset(offset).execute();
      },
      (rows) => rows.map((r) => presentPayment(r as PaymentRow)),
    );
    sendOk(res, page);
  });

  router.get('/payment/:id', requireAuth, async (req, res) => {
    const caller = currentUser(req);
    const id = idParam(req.params.id);
    if (id === null) throw notFound();
    const row = await selectPayments(db).where('p.id', '=', id).executeTakeFirst();
    if (!row) throw notFound();
    if (!isAdmin(caller) && row.user_id !== caller.id) throw notFound();
    sendOk(res, { payment: presentPayment(row as PaymentRow) });
  });

  router.get('/stats', requireAuth, requireAdmin, async (_req, res) => {
    sendOk(res, await subscriptionStats(db, now()));
  });

  return router;
}

async function subscriptionStats(db: K<Database>, now: number): Promise<SubscriptionStats> {
  const thisMonth = monthStart(now).toISOString();
  const lastMonth = monthStart(now, -1).toISOString();
  const nextMonth = monthStart(now, 1).toISOString();
  const revenue = async (from: string, to: string) =>
    Number(
      (
        await db
          .selectFrom('subscription_payments')
          .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_cents'), eb.lit(0)).as('cents'))
          .where('created_at', '>=', from)
          .where('created_at', '<', to)
          .executeTakeFirstOrThrow()
      ).cents,
    );
  const accounts = await db
    .selectFrom('users')
    .select(['id', 'name', 'phone', 'sub_plan', 'sub_ends_at', 'suspended'])
    .where('type', 'in', [UserType.Store, UserType.Nursery])
    .where('sub_ends_at', 'is not', null)
    .execute();
  const byState: SubscriptionStats['stores_by_state'] = { trial: 0, active: 0, grace: 0, expired: 0, suspended: 0 };
  const weekEnd = addCalendar(now, { days: 7 }).getTime();
  const due: SubscriptionStats['renewals_due'] = [];
  for (const a of accounts) {
    const endsAt = toIso(a.sub_ends_at as string);
    if (a.suspended === 1) byState.suspended++;
    else byState[subscriptionState(a.sub_plan as SubscriptionPlan, endsAt, now)]++;
    const end = Date.parse(endsAt);
    if (end >= now && end < weekEnd) {
      due.push({ user_id: a.id, name: a.name, phone: a.phone, plan: a.sub_plan as SubscriptionPlan, ends_at: endsAt });
    }
  }
  due.sort((a, b) => a.ends_at.localeCompare(b.ends_at));
  const open = await db
    .selectFrom('subscription_requests')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('state', '=', 'open')
    .executeTakeFirstOrThrow();
  return {
    revenue_this_month_cents: await revenue(thisMonth, nextMonth),
    revenue_last_month_cents: await revenue(lastMonth, thisMonth),
    stores_by_state: byState,
    renewals_due: due,
    open_requests: toCount(open.n as number),
  };
}
