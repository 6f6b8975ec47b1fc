/**
 * Every call of CONTRACT.md §3 against every role, as a table: each row says which HTTP status each
 * role gets. roles.test.ts runs the table. To cover a new call, append a row to ROLE_CASES (or
 * push rows from your own file, e.g. `ROLE_CASES.push(...conversationRoleCases)`).
 */
import request from 'supertest';
import type { Response } from 'supertest';
import type { PostRow, ProductRow, StoreRow } from '../src/db/types';
import { type Role, type SignedIn, TEST_PASSWORD, uniquePhone } from './helpers/factories';
import type { TestApi } from './helpers/test-api';

export type RoleName = 'visitor' | Exclude<Role, 'trialStore'>;
export const ROLE_NAMES: RoleName[] = ['visitor', 'farmer', 'store', 'disabledStore', 'nursery', 'admin'];

export type Actor = SignedIn & { store?: StoreRow; product?: ProductRow; post?: PostRow };

export interface RoleWorld {
  t: TestApi;
  /** One signed-in actor per role (store roles own a store with one product and one article). */
  as: Record<Exclude<RoleName, 'visitor'>, Actor>;
  /** Someone else's things: a store account with its store, product and article. */
  other: Actor & { store: StoreRow; product: ProductRow; post: PostRow };
  /** A new actor of that role (for calls that consume something: logout, delete, change-password …). */
  fresh(role: Exclude<RoleName, 'visitor'>, opts?: { withStore?: boolean }): Promise<Actor>;
}

export interface RoleCase {
  call: string;
  expect: Record<RoleName, number>;
  /** Sends the call as `who` (undefined for the visitor). */
  send(w: RoleWorld, who: Actor | undefined, role: RoleName): Promise<Response>;
}

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
/** Dashboard writes: store accounts and admin; a disabled store account is refused. */
const dashboardWrite: Record<RoleName, number> = {
  visitor: 401,
  farmer: 403,
  store: 200,
  disabledStore: 403,
  nursery: 200,
  admin: 200,
};

const auth = (who: Actor | undefined) => (who ? who.auth : {});
const isStoreRole = (role: RoleName) => role === 'store' || role === 'disabledStore' || role === 'nursery';

const storeBody = { city: 1, address: 'دمشق، باب توما', name_store: 'متجر الجدول', type: 0 };
const postBody = { title: 'مقال الجدول', description: 'نص المقال' };
const productBody = { name: 'منتج الجدول', type: 0, price: '5.25', is_special: false };

/** The actor's own store/product/post when it has one, else someone else's. */
const target = <K extends 'store' | 'product' | 'post'>(w: RoleWorld, who: Actor | undefined, key: K) =>
  (who?.[key] ?? w.other[key]) as NonNullable<Actor[K]>;

/** A disposable thing for delete calls: the caller's own for store roles, someone else's otherwise. */
async function disposable(w: RoleWorld, who: Actor | undefined, role: RoleName) {
  const owner = isStoreRole(role) && who ? who : await w.fresh('store');
  const store = isStoreRole(role) && who ? await w.fresh(role as 'store') : owner;
  return {
    store: store.store!,
    product: await w.t.make.product(owner.store!.id),
    post: await w.t.make.post(owner.user.id),
    // delete-store uses a store of a fresh account of the same role, so the world stays intact
    storeOwner: store,
  };
}

export const ROLE_CASES: RoleCase[] = [
  { call: 'GET health', expect: all(200), send: (w) => request(w.t.app).get('/api/health') },

  // auth
  {
    call: 'POST auth/login',
    expect: all(200),
    send: async (w, _who, role) => {
      const actor = await w.fresh(role === 'visitor' ? 'farmer' : role);
      return request(w.t.app).post('/api/auth/login').send({ phone: actor.user.phone, password: TEST_PASSWORD });
    },
  },
  {
    call: 'POST auth/register',
    expect: all(200),
    send: (w, who) =>
      request(w.t.app)
        .post('/api/auth/register')
        .set(auth(who))
        .send({ phone: uniquePhone(), name: 'جديد', type: 2, password: 'abcd', password_confirmation: 'abcd' }),
  },
  {
    call: 'POST auth/logout',
    expect: signedIn(),
    send: async (w, who, role) => {
      const actor = who && role !== 'visitor' ? await w.t.make.signIn(who.user) : undefined;
      return request(w.t.app).post('/api/auth/logout').set(auth(actor));
    },
  },
  {
    call: 'POST auth/change-password',
    expect: signedIn(),
    send: async (w, _who, role) => {
      const actor = role === 'visitor' ? undefined : await w.fresh(role);
      return request(w.t.app)
        .post('/api/auth/change-password')
        .set(auth(actor))
        .send({ current_password: TEST_PASSWORD, password: 'new-pass', password_confirmation: 'new-pass' });
    },
  },
  {
    call: 'GET auth/user',
    expect: signedIn(),
    send: (w, who) => request(w.t.app).get('/api/auth/user').set(auth(who)),
  },
  {
    call: 'POST auth/forget-password',
    expect: all(200),
    send: (w, who) => request(w.t.app).post('/api/auth/forget-password').set(auth(who)).send({ phone: uniquePhone() }),
  },

  // stores
  {
    call: 'GET store/getAll',
    expect: all(200),
    send: (w, who) => request(w.t.app).get('/api/store/getAll').set(auth(who)),
  },
  {
    call: 'GET store/get-By-city',
    expect: all(200),
    send: (w, who) => request(w.t.app).get('/api/store/get-By-city?type=0&city=1').set(auth(who)),
  },
  {
    call: 'GET store/get/{id}',
    expect: all(200),
    send: (w, who) => request(w.t.app).get(`/api/store/get/${w.other.store.id}`).set(auth(who)),
  },
  {
    call: 'GET store/get-page/{id}',
    expect: all(200),
    send: (w, who) => request(w.t.app).get(`/api/store/get-page/${w.other.store.id}`).set(auth(who)),
  },
  {
    call: 'POST store/create',
    expect: { visitor: 401, farmer: 403, store: 200, disabledStore: 403, nursery: 200, admin: 200 },
    send: async (w, who, role) => {
      // store roles: a fresh account without a store; admin: for a fresh store account
      const actor = isStoreRole(role) ? await w.fresh(role as 'store', { withStore: false }) : who;
      const owner = role === 'admin' ? await w.fresh('store', { withStore: false }) : undefined;
      return request(w.t.app)
        .post('/api/store/create')
        .set(auth(actor))
        .send({ ...storeBody, ...(owner ? { user_id: owner.user.id } : {}) });
    },
  },
  {
    call: 'POST store/update/{id}',
    expect: dashboardWrite,
    send: (w, who) =>
      request(w.t.app)
        .post(`/api/store/update/${target(w, who, 'store').id}`)
        .set(auth(who))
        .send(storeBody),
  },
  {
    call: 'POST store/delete/{id}',
    expect: dashboardWrite,
    send: async (w, who, role) => {
      const d = await disposable(w, who, role);
      const actor = isStoreRole(role) ? d.storeOwner : who;
      return request(w.t.app).post(`/api/store/delete/${d.store.id}`).set(auth(actor));
    },
  },

  // articles
  {
    call: 'GET post/getAll',
    expect: all(200),
    send: (w, who) => request(w.t.app).get('/api/post/getAll').set(auth(who)),
  },
  {
    call: 'GET post/getAll-page',
    expect: signedIn(),
    send: (w, who) => request(w.t.app).get('/api/post/getAll-page').set(auth(who)),
  },
  {
    call: 'GET post/get/{id}',
    expect: all(200),
    send: (w, who) => request(w.t.app).get(`/api/post/get/${w.other.post.id}`).set(auth(who)),
  },
  {
    call: 'POST post/create',
    expect: dashboardWrite,
    send: (w, who) => request(w.t.app).post('/api/post/create').set(auth(who)).send(postBody),
  },
  {
    call: 'POST post/update/{id}',
    expect: dashboardWrite,
    send: (w, who) =>
      request(w.t.app)
        .post(`/api/post/update/${target(w, who, 'post').id}`)
        .set(auth(who))
        .send(postBody),
  },
  {
    call: 'POST post/delete/{id}',
    expect: dashboardWrite,
    send: async (w, who, role) => {
      const d = await disposable(w, who, role);
      return request(w.t.app).post(`/api/post/delete/${d.post.id}`).set(auth(who));
    },
  },

  // products
  {
    call: 'GET product/getAll',
    expect: all(200),
    send: (w, who) => request(w.t.app).get(`/api/product/getAll?store_id=${w.other.store.id}`).set(auth(who)),
  },
  {
    call: 'GET product/get/{id}',
    expect: all(200),
    send: (w, who) => request(w.t.app).get(`/api/product/get/${w.other.product.id}`).set(auth(who)),
  },
  {
    call: 'POST product/create',
    expect: { ...dashboardWrite, admin: 403 },
    send: (w, who) => request(w.t.app).post('/api/product/create').set(auth(who)).send(productBody),
  },
  {
    call: 'POST product/update/{id}',
    expect: dashboardWrite,
    send: (w, who) =>
      request(w.t.app)
        .post(`/api/product/update/${target(w, who, 'product').id}`)
        .set(auth(who))
        .send(productBody),
  },
  {
    call: 'POST product/delete/{id}',
    expect: dashboardWrite,
    send: async (w, who, role) => {
      const d = await disposable(w, who, role);
      return request(w.t.app).post(`/api/product/delete/${d.product.id}`).set(auth(who));
    },
  },

  // users
  {
    call: 'GET user/getAll',
    expect: adminOnly,
    send: (w, who) => request(w.t.app).get('/api/user/getAll').set(auth(who)),
  },
  {
    call: 'POST user/update/{own id}',
    expect: signedIn(),
    send: (w, who) =>
      request(w.t.app)
        .post(`/api/user/update/${who?.user.id ?? w.other.user.id}`)
        .set(auth(who))
        .send({ address: 'عنوان جديد' }),
  },
  {
    call: "POST user/update/{someone else's id}",
    expect: adminOnly,
    send: (w, who) =>
      request(w.t.app).post(`/api/user/update/${w.other.user.id}`).set(auth(who)).send({ address: 'عنوان آخر' }),
  },
  {
    call: 'GET user/password-requests',
    expect: adminOnly,
    send: (w, who) => request(w.t.app).get('/api/user/password-requests').set(auth(who)),
  },
  {
    call: 'POST user/set-password/{id}',
    expect: adminOnly,
    send: async (w, who) => {
      const victim = await w.t.make.user();
      return request(w.t.app).post(`/api/user/set-password/${victim.id}`).set(auth(who)).send({ password: 'temp1234' });
    },
  },

  // search
  {
    call: 'GET search',
    expect: all(200),
    send: (w, who) =>
      request(w.t.app)
        .get(`/api/search?q=${encodeURIComponent('متجر')}`)
        .set(auth(who)),
  },
];

// conversations, messages, orders and stats (second API engineer's rows)
import { chatOrderRoleCases } from './roles.chat-orders';
ROLE_CASES.push(...chatOrderRoleCases);

// uploads, attachments and push (CONTRACT.md §7)
import { mediaPushRoleCases } from './roles.media-push';
ROLE_CASES.push(...mediaPushRoleCases);

// ratings and verified stores (CONTRACT.md §7)
import { reviewRoleCases } from './roles.reviews';
ROLE_CASES.push(...reviewRoleCases);

// subscriptions and admin oversight (CONTRACT.md §8)
import { oversightRoleCases } from './roles.oversight';
ROLE_CASES.push(...oversightRoleCases);

// the store inbox, quick replies and the order lifecycle (CONTRACT.md §8)
import { inboxOrderRoleCases } from './roles.inbox-orders';
ROLE_CASES.push(...inboxOrderRoleCases);
