/**
 * Rows of the role table (roles.table.ts) for the store inbox, quick replies and the order
 * lifecycle (CONTRACT.md §8).
 */
import request from 'supertest';
import { nowIso } from '../src/db/time';
import type { StoreRow } from '../src/db/types';
import type { Actor, RoleCase, RoleName, RoleWorld } from './roles.table';

const auth = (who: Actor | undefined) => (who ? who.auth : {});

/** Store accounts (an expired one too: it may still work its chats), the admin as given. */
const storeAccounts = (admin: number): Record<RoleName, number> => ({
  visitor: 401,
  farmer: 403,
  store: 200,
  disabledStore: 200,
  nursery: 200,
  admin,
});

async function order(w: RoleWorld, buyerId: number, store: StoreRow) {
  const now = nowIso();
  const row = await w.t.db
    .insertInto('orders')
    .values({
      user_id: buyerId,
      store_id: store.id,
      total_cents: 100,
      status: 0,
      client_id: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export const inboxOrderRoleCases: RoleCase[] = [
  {
    call: 'GET conversation/inbox',
    expect: storeAccounts(200),
    send: (w, who) => request(w.t.app).get('/api/conversation/inbox?filter=all').set(auth(who)),
  },
  {
    call: 'POST conversation/resolve/{id} (a conversation with the caller’s store; admin: any)',
    expect: { visitor: 401, farmer: 403, store: 200, disabledStore: 200, nursery: 200, admin: 200 },
    send: async (w, who) => {
      const farmer = await w.fresh('farmer');
      const conv = await w.t.make.conversation(farmer.user.id, who?.store ?? w.other.store);
      return request(w.t.app).post(`/api/conversation/resolve/${conv.id}`).set(auth(who)).send({ resolved: true });
    },
  },
  {
    call: 'GET quick-reply/getAll',
    expect: storeAccounts(403),
    send: (w, who) => request(w.t.app).get('/api/quick-reply/getAll').set(auth(who)),
  },
  {
    call: 'POST quick-reply/create',
    expect: storeAccounts(403),
    send: (w, who) =>
      request(w.t.app)
        .post('/api/quick-reply/create')
        .set(auth(who))
        .send({ shortcut: `r${Math.floor(Math.random() * 1e9)}`, text: 'أهلاً بك' }),
  },
  {
    call: 'POST order/cancel/{id} (the caller’s own new order)',
    expect: { visitor: 401, farmer: 200, store: 200, disabledStore: 200, nursery: 200, admin: 200 },
    send: async (w, who) => {
      const buyerId = who?.user.id ?? (await w.fresh('farmer')).user.id;
      const id = await order(w, buyerId, w.other.store);
      return request(w.t.app).post(`/api/order/cancel/${id}`).set(auth(who)).send({});
    },
  },
  {
    call: 'POST order/cancel/{id} (someone else’s order)',
    expect: { visitor: 401, farmer: 403, store: 403, disabledStore: 403, nursery: 403, admin: 403 },
    send: async (w, who) => {
      const id = await order(w, (await w.fresh('farmer')).user.id, w.other.store);
      return request(w.t.app).post(`/api/order/cancel/${id}`).set(auth(who)).send({});
    },
  },
];
