/**
 * Rows of the role table (roles.table.ts) for conversations, messages, orders and stats: every
 * role against every call, as in CONTRACT.md §3's "who" column.
 */
import request from 'supertest';
import type { StoreRow } from '../src/db/types';
import { nowIso } from '../src/db/time';
import type { Actor, RoleCase, RoleName, RoleWorld } from './roles.table';

const all = (status: number): Record<RoleName, number> => ({
  visitor: status,
  farmer: status,
  store: status,
  disabledStore: status,
  nursery: status,
  admin: status,
});
const signedIn = (status = 200): Record<RoleName, number> => ({ ...all(status), visitor: 401 });
const adminOnly: Record<RoleName, number> = { ...all(403), visitor: 401, admin: 200 };
const storeAccounts = (admin: number): Record<RoleName, number> => ({
  visitor: 401,
  farmer: 403,
  store: 200,
  disabledStore: 200,
  nursery: 200,
  admin,
});

const auth = (who: Actor | undefined) => (who ? who.auth : {});

/** The caller's conversation with the other store (created once), or someone else's for the visitor. */
async function ownConversation(w: RoleWorld, who: Actor | undefined) {
  const senderId = who?.user.id ?? (await w.fresh('farmer')).user.id;
  const found = await w.t.db
    .selectFrom('conversations')
    .selectAll()
    .where('sender_id', '=', senderId)
    .where('store_id', '=', w.other.store.id)
    .executeTakeFirst();
  return found ?? w.t.make.conversation(senderId, w.other.store);
}

/** A conversation between a new farmer and the other store. */
async function foreignConversation(w: RoleWorld) {
  return w.t.make.conversation((await w.fresh('farmer')).user.id, w.other.store);
}

/** An order written straight into the database (one line of the store's product). */
async function order(w: RoleWorld, buyerId: number, store: StoreRow, productId: number) {
  const now = nowIso();
  const row = await w.t.db
    .insertInto('orders')
    .values({
      user_id: buyerId,
      store_id: store.id,
      total_cents: 1250,
      status: 0,
      client_id: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await w.t.db
    .insertInto('order_items')
    .values({ order_id: row.id, product_id: productId, name: 'سماد', price_cents: 1250, quantity: 1 })
    .execute();
  return row.id;
}

export const chatOrderRoleCases: RoleCase[] = [
  // conversations
  {
    call: 'GET conversation/getAll',
    expect: adminOnly,
    send: (w, who) => request(w.t.app).get('/api/conversation/getAll').set(auth(who)),
  },
  {
    call: 'GET conversation/get-My-Conv',
    expect: signedIn(),
    send: (w, who) => request(w.t.app).get('/api/conversation/get-My-Conv').set(auth(who)),
  },
  {
    call: 'GET conversation/get/{own id}',
    expect: signedIn(),
    send: async (w, who) => {
      const conv = await ownConversation(w, who);
      return request(w.t.app).get(`/api/conversation/get/${conv.id}`).set(auth(who));
    },
  },
  {
    call: "GET conversation/get/{someone else's id}",
    expect: adminOnly,
    send: async (w, who) => {
      const conv = await foreignConversation(w);
      return request(w.t.app).get(`/api/conversation/get/${conv.id}`).set(auth(who));
    },
  },
  {
    call: 'POST conversation/create',
    expect: signedIn(),
    send: (w, who) =>
      request(w.t.app).post('/api/conversation/create').set(auth(who)).send({ store_id: w.other.store.id }),
  },
  {
    call: 'POST conversation/update/{own id}',
    expect: signedIn(),
    send: async (w, who) => {
      const conv = await ownConversation(w, who);
      return request(w.t.app)
        .post(`/api/conversation/update/${conv.id}`)
        .set(auth(who))
        .send({ last_read_message_id: 0 });
    },
  },
  {
    call: "POST conversation/update/{someone else's id}",
    expect: signedIn(403),
    send: async (w, who) => {
      const conv = await foreignConversation(w);
      return request(w.t.app)
        .post(`/api/conversation/update/${conv.id}`)
        .set(auth(who))
        .send({ last_read_message_id: 0 });
    },
  },
  {
    call: 'POST conversation/delete/{id}',
    expect: adminOnly,
    send: async (w, who) => {
      const conv = await foreignConversation(w);
      return request(w.t.app).post(`/api/conversation/delete/${conv.id}`).set(auth(who));
    },
  },

  // messages
  {
    call: 'POST message/create (own conversation)',
    expect: signedIn(),
    send: async (w, who) => {
      const conv = await ownConversation(w, who);
      return request(w.t.app)
        .post('/api/message/create')
        .set(auth(who))
        .send({ conversation_id: conv.id, message: 'رسالة الجدول' });
    },
  },
  {
    call: "POST message/create (someone else's conversation)",
    expect: signedIn(403),
    send: async (w, who) => {
      const conv = await foreignConversation(w);
      return request(w.t.app)
        .post('/api/message/create')
        .set(auth(who))
        .send({ conversation_id: conv.id, message: 'تطفل' });
    },
  },

  // orders
  {
    call: 'GET order/getAll-byStore',
    expect: storeAccounts(200),
    send: (w, who) => request(w.t.app).get('/api/order/getAll-byStore').set(auth(who)),
  },
  {
    call: 'GET order/getAll-byUser',
    expect: signedIn(),
    send: (w, who) => request(w.t.app).get('/api/order/getAll-byUser').set(auth(who)),
  },
  {
    call: 'GET order/get/{own order}',
    expect: signedIn(),
    send: async (w, who) => {
      const buyer = who ?? (await w.fresh('farmer'));
      const id = await order(w, buyer.user.id, w.other.store, w.other.product.id);
      return request(w.t.app).get(`/api/order/get/${id}`).set(auth(who));
    },
  },
  {
    call: "GET order/get/{someone else's order}",
    expect: adminOnly,
    send: async (w, who) => {
      const id = await order(w, (await w.fresh('farmer')).user.id, w.other.store, w.other.product.id);
      return request(w.t.app).get(`/api/order/get/${id}`).set(auth(who));
    },
  },
  {
    call: 'POST order/create',
    expect: signedIn(),
    send: async (w, who) => {
      // the current price (other rows of the table may have changed it)
      const product = await w.t.db
        .selectFrom('products')
        .select('price_cents')
        .where('id', '=', w.other.product.id)
        .executeTakeFirstOrThrow();
      return request(w.t.app)
        .post('/api/order/create')
        .set(auth(who))
        .send({
          store_id: w.other.store.id,
          total: (product.price_cents / 100).toFixed(2),
          items: [{ product_id: w.other.product.id, quantity: 1 }],
          delivery: { province: 1, address: 'دمشق، المزة', phone: '0944000111' },
        });
    },
  },
  {
    call: 'POST order/update/{id} (an order to the caller’s store; admin: any)',
    expect: { visitor: 401, farmer: 403, store: 200, disabledStore: 403, nursery: 200, admin: 200 },
    send: async (w, who) => {
      const buyer = await w.fresh('farmer');
      const own = who?.store && who.product ? { store: who.store, product: who.product.id } : undefined;
      const id = await order(w, buyer.user.id, own?.store ?? w.other.store, own?.product ?? w.other.product.id);
      return request(w.t.app).post(`/api/order/update/${id}`).set(auth(who)).send({ status: 1 });
    },
  },

  // stats
  {
    call: 'GET stats/store',
    expect: storeAccounts(403),
    send: (w, who) => request(w.t.app).get('/api/stats/store').set(auth(who)),
  },
  {
    call: 'GET stats/admin',
    expect: adminOnly,
    send: (w, who) => request(w.t.app).get('/api/stats/admin').set(auth(who)),
  },
];
