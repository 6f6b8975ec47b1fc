/**
 * Rows of the role table (roles.table.ts) for ratings and verified stores (CONTRACT.md §7): every role
 * against order/rate/{id}, store/reviews/{id}, the store lists sorted by rating and store/update {verified}.
 */
import request from 'supertest';
import { nowIso } from '../src/db/time';
import type { StoreRow } from '../src/db/types';
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

const auth = (who: Actor | undefined) => (who ? who.auth : {});

/** A completed order of `buyerId` at `store`, written straight into the database. */
async function completedOrder(w: RoleWorld, buyerId: number, store: StoreRow) {
  const now = nowIso();
  const row = await w.t.db
    .insertInto('orders')
    .values({
      user_id: buyerId,
      store_id: store.id,
      total_cents: 1250,
      status: 1,
      client_id: null,
      delivery_province: 1,
      delivery_address: 'دمشق، المزة',
      delivery_phone: '0944000111',
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export const reviewRoleCases: RoleCase[] = [
  {
    call: 'POST order/rate/{own completed order}',
    // any account can be a buyer; the visitor tries a real order
    expect: signedIn(200),
    send: async (w, who) => {
      const buyerId = who?.user.id ?? (await w.fresh('farmer')).user.id;
      const id = await completedOrder(w, buyerId, w.other.store);
      return request(w.t.app).post(`/api/order/rate/${id}`).set(auth(who)).send({ rating: 4, comment: 'جيد' });
    },
  },
  {
    call: "POST order/rate/{someone else's completed order}",
    // the store that sold it and the admin included: only the buyer rates
    expect: signedIn(403),
    send: async (w, who) => {
      const id = await completedOrder(w, (await w.fresh('farmer')).user.id, who?.store ?? w.other.store);
      return request(w.t.app).post(`/api/order/rate/${id}`).set(auth(who)).send({ rating: 4 });
    },
  },
  {
    call: 'GET store/reviews/{id}',
    expect: all(200),
    send: (w, who) => request(w.t.app).get(`/api/store/reviews/${w.other.store.id}`).set(auth(who)),
  },
  {
    call: 'GET store/getAll?sort=rating',
    expect: all(200),
    send: (w, who) => request(w.t.app).get('/api/store/getAll?sort=rating').set(auth(who)),
  },
  {
    call: 'GET store/get-By-city?sort=rating',
    expect: all(200),
    send: (w, who) => request(w.t.app).get('/api/store/get-By-city?city=1&type=0&sort=rating').set(auth(who)),
  },
  {
    call: 'POST store/update/{id} {verified} (active owners: their own store)',
    expect: { visitor: 401, farmer: 403, store: 403, disabledStore: 403, nursery: 403, admin: 200 },
    send: async (w, who, role) => {
      const own = (role === 'store' || role === 'nursery') && who?.store;
      const id = own ? who.store!.id : w.other.store.id;
      const current = await w.t.db
        .selectFrom('stores')
        .select('verified')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      return request(w.t.app)
        .post(`/api/store/update/${id}`)
        .set(auth(who))
        .send({ verified: current.verified === 0 });
    },
  },
];
