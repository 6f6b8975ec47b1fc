/**
 * Every write (POST) of the API with a caller allowed to make it, for the malformed-body property
 * test (malformed.property.test.ts). Append rows for new writes: `fields` names the body fields the
 * call knows, so the generator also mixes plausible keys with wrong values.
 */
import type { Actor } from './roles.table';
import type { TestApi } from './helpers/test-api';

export interface WriteWorld {
  t: TestApi;
  admin: Actor;
  store: Actor & {
    store: NonNullable<Actor['store']>;
    product: NonNullable<Actor['product']>;
    post: NonNullable<Actor['post']>;
  };
  farmer: Actor;
  /** A store account without a store (store/create). */
  storeless: Actor;
}

export interface WriteCall {
  name: string;
  path: (w: WriteWorld) => string;
  as: (w: WriteWorld) => Actor | undefined;
  fields: string[];
  /**
   * For calls that consume their target (logout, delete): a new target and caller for each run,
   * so every generated body meets a call that could succeed. Replaces `path` and `as`.
   */
  fresh?: (w: WriteWorld) => Promise<{ path: string; as: Actor }>;
}

const notPerRun = () => {
  throw new Error('this call takes a fresh target per run (fresh)');
};

export const WRITE_CALLS: WriteCall[] = [
  { name: 'auth/login', path: () => '/api/auth/login', as: () => undefined, fields: ['phone', 'password'] },
  {
    name: 'auth/register',
    path: () => '/api/auth/register',
    as: () => undefined,
    fields: ['phone', 'name', 'type', 'password', 'password_confirmation'],
  },
  {
    name: 'auth/change-password',
    path: () => '/api/auth/change-password',
    as: (w) => w.farmer,
    fields: ['current_password', 'password', 'password_confirmation'],
  },
  { name: 'auth/forget-password', path: () => '/api/auth/forget-password', as: () => undefined, fields: ['phone'] },
  {
    name: 'auth/logout',
    path: notPerRun,
    as: notPerRun,
    fields: ['token'],
    fresh: async (w) => ({ path: '/api/auth/logout', as: await w.t.make.loginAs('farmer') }),
  },
  {
    name: 'store/create',
    path: () => '/api/store/create',
    as: (w) => w.storeless,
    fields: ['user_id', 'city', 'address', 'name_store', 'type'],
  },
  {
    name: 'store/update',
    path: (w) => `/api/store/update/${w.store.store.id}`,
    as: (w) => w.store,
    fields: ['user_id', 'city', 'address', 'name_store', 'type', 'verified'],
  },
  {
    name: 'store/update {verified} (admin)',
    path: (w) => `/api/store/update/${w.store.store.id}`,
    as: (w) => w.admin,
    fields: ['verified', 'city', 'address', 'name_store', 'type'],
  },
  {
    name: 'post/create',
    path: () => '/api/post/create',
    as: (w) => w.store,
    fields: ['user_id', 'title', 'description', 'is_special'],
  },
  {
    name: 'post/update',
    path: (w) => `/api/post/update/${w.store.post.id}`,
    as: (w) => w.store,
    fields: ['title', 'description', 'is_special'],
  },
  {
    name: 'product/create',
    path: () => '/api/product/create',
    as: (w) => w.store,
    fields: ['store_id', 'name', 'type', 'price', 'is_special', 'description'],
  },
  {
    name: 'product/update',
    path: (w) => `/api/product/update/${w.store.product.id}`,
    as: (w) => w.store,
    fields: ['store_id', 'name', 'type', 'price', 'is_special', 'description'],
  },
  {
    name: 'user/update',
    path: (w) => `/api/user/update/${w.farmer.user.id}`,
    as: (w) => w.admin,
    fields: ['name', 'phone', 'address', 'province', 'status'],
  },
  {
    name: 'order/rate',
    path: notPerRun,
    as: notPerRun,
    fields: ['rating', 'comment'],
    // a completed order of the farmer at the store, new each run (a rating of it is then a first one)
    fresh: async (w) => {
      const now = new Date().toISOString();
      const order = await w.t.db
        .insertInto('orders')
        .values({
          user_id: w.farmer.user.id,
          store_id: w.store.store.id,
          total_cents: 100,
          status: 1,
          client_id: null,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { path: `/api/order/rate/${order.id}`, as: w.farmer };
    },
  },
  {
    name: 'user/set-password',
    path: (w) => `/api/user/set-password/${w.storeless.user.id}`,
    as: (w) => w.admin,
    fields: ['password'],
  },
  {
    name: 'post/delete',
    path: notPerRun,
    as: notPerRun,
    fields: ['id', 'user_id'],
    fresh: async (w) => ({
      path: `/api/post/delete/${(await w.t.make.post(w.store.user.id)).id}`,
      as: w.store,
    }),
  },
  {
    name: 'product/delete',
    path: notPerRun,
    as: notPerRun,
    fields: ['id', 'store_id'],
    fresh: async (w) => ({
      path: `/api/product/delete/${(await w.t.make.product(w.store.store.id)).id}`,
      as: w.store,
    }),
  },
  {
    name: 'store/delete',
    path: notPerRun,
    as: notPerRun,
    fields: ['id', 'user_id'],
    fresh: async (w) => {
      const owner = await w.t.make.loginAs('store');
      await w.t.make.product(owner.store!.id);
      return { path: `/api/store/delete/${owner.store!.id}`, as: owner };
    },
  },
  // subscriptions and admin oversight (CONTRACT.md §8)
  {
    name: 'subscription/request',
    path: notPerRun,
    as: notPerRun,
    fields: ['plan', 'method', 'reference'],
    fresh: async (w) => ({
      path: '/api/subscription/request',
      as: await w.t.make.loginAs('store', { withStore: false }),
    }),
  },
  {
    name: 'subscription/payment',
    path: () => '/api/subscription/payment',
    as: (w) => w.admin,
    fields: ['user_id', 'plan', 'method', 'amount_cents', 'reference', 'request_id'],
  },
  {
    name: 'user/block',
    path: notPerRun,
    as: notPerRun,
    fields: ['blocked', 'reason'],
    fresh: async (w) => ({ path: `/api/user/block/${(await w.t.make.user({ type: 2 })).id}`, as: w.admin }),
  },
  {
    name: 'conversation/block',
    path: notPerRun,
    as: notPerRun,
    fields: ['blocked'],
    fresh: async (w) => {
      const farmer = await w.t.make.loginAs('farmer');
      const conv = await w.t.make.conversation(farmer.user.id, w.store.store);
      return { path: `/api/conversation/block/${conv.id}`, as: farmer };
    },
  },
  {
    name: 'report/create',
    path: notPerRun,
    as: notPerRun,
    fields: ['message_id', 'conversation_id', 'reason', 'note'],
    fresh: async (w) => {
      const farmer = await w.t.make.loginAs('farmer');
      await w.t.make.conversation(farmer.user.id, w.store.store);
      return { path: '/api/report/create', as: farmer };
    },
  },
  {
    name: 'report/resolve',
    path: notPerRun,
    as: notPerRun,
    fields: ['action'],
    fresh: async (w) => {
      // the reported side is a store account of its own: block_user must not touch the shared actors
      const farmer = await w.t.make.loginAs('farmer');
      const owner = await w.t.make.loginAs('store');
      const conv = await w.t.make.conversation(farmer.user.id, owner.store!);
      const now = new Date().toISOString();
      const report = await w.t.db
        .insertInto('reports')
        .values({
          reporter_id: farmer.user.id,
          reported_user_id: owner.user.id,
          conversation_id: conv.id,
          message_id: null,
          reason: 'spam',
          note: null,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { path: `/api/report/resolve/${report.id}`, as: w.admin };
    },
  },
];

// the store inbox, quick replies and the order lifecycle (CONTRACT.md §8)
const newOrder = async (w: WriteWorld) => {
  const now = new Date().toISOString();
  return w.t.db
    .insertInto('orders')
    .values({
      user_id: w.farmer.user.id,
      store_id: w.store.store.id,
      total_cents: 100,
      status: 0,
      client_id: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
};
WRITE_CALLS.push(
  {
    name: 'quick-reply/create',
    path: () => '/api/quick-reply/create',
    as: (w) => w.store,
    fields: ['shortcut', 'text'],
  },
  {
    name: 'conversation/resolve',
    path: notPerRun,
    as: notPerRun,
    fields: ['resolved'],
    fresh: async (w) => {
      const conv = await w.t.make.conversation((await w.t.make.user()).id, w.store.store);
      return { path: `/api/conversation/resolve/${conv.id}`, as: w.store };
    },
  },
  {
    name: 'order/update {stage, eta, reason}',
    path: notPerRun,
    as: notPerRun,
    fields: ['status', 'stage', 'eta', 'reason'],
    fresh: async (w) => ({ path: `/api/order/update/${(await newOrder(w)).id}`, as: w.store }),
  },
  {
    name: 'order/cancel',
    path: notPerRun,
    as: notPerRun,
    fields: ['reason'],
    fresh: async (w) => ({ path: `/api/order/cancel/${(await newOrder(w)).id}`, as: w.farmer }),
  },
);
