/**
 * Bulk data for the benchmark: stores, products, articles, conversations, messages and orders inserted
 * in batches inside transactions (same Kysely code on SQLite and PostgreSQL). `grow` tops the tables up
 * to the requested sizes. The product's own functions (password hash, search text) are
 * passed in (`SeedDeps`), so prepare-db.ts can seed with the code of whichever checkout it measures.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../src/db/types';

/** What the seed needs from the checkout being measured (its own modules, not this one's). */
export interface SeedDeps {
  hashPassword(password: string): Promise<string>;
  storeSearchText(s: { name_store: string; address: string; city: number }): string;
  productSearchText(p: { name: string; description?: string | null }): string;
  postSearchText(p: { title: string; description: string }): string;
}

export interface Sizes {
  products: number;
  messages: number;
  orders: number;
  posts: number;
}

export interface BenchPeople {
  farmerId: number;
  /** A conversation of the bench farmer (message/create target). */
  conversationId: number;
  /** Matches about 1 product in 7 (a broad query). */
  searchWord: string;
  /** Matches a handful of products. */
  narrowSearch: string;
}

/** Stores in the seed (one per store account; conversations i = 40 … 1039 pair distinct farmers and stores). */
export const STORE_COUNT = 1_000;
/** Words of the product names (each in about 1 product name in 7). */
export const PRODUCT_WORDS = ['مبيد', 'بندورة', 'خيار', 'سماد', 'زيتون', 'لقاح', 'دواجن'];
/** Words of the store names. */
export const STORE_WORDS = ['صيدلية', 'عيادة', 'مشتل', 'النور'];

const STORES = STORE_COUNT;
const FARMERS = 5_000;
const CONVERSATIONS = 10_000;
const BATCH_ROWS = 1_000;
const TX_ROWS = 50_000;

/** Product i is named `${PRODUCT_NAMES[i % 7]} ${i}`. */
export const PRODUCT_NAMES = [
  'مبيد فطري',
  'بذور بندورة',
  'بذور خيار',
  'سماد عضوي',
  'غراس زيتون',
  'لقاح أغنام',
  'فيتامين دواجن',
];
const STORE_TYPES = [0, 1, 3] as const;

const iso = (i: number) => new Date(Date.UTC(2025, 0, 1) + i * 1000).toISOString();

async function insertBatched<T extends keyof Database & string>(
  db: Kysely<Database>,
  table: T,
  total: number,
  make: (i: number) => Record<string, unknown>,
  start = 0,
): Promise<void> {
  for (let txStart = start; txStart < start + total; txStart += TX_ROWS) {
    const txEnd = Math.min(txStart + TX_ROWS, start + total);
    await db.transaction().execute(async (trx) => {
      for (let b = txStart; b < txEnd; b += BATCH_ROWS) {
        const rows = [];
        for (let i = b; i < Math.min(b + BATCH_ROWS, txEnd); i++) rows.push(make(i));
        await trx
          .insertInto(table)
          // biome-ignore lint/suspicious/noExplicitAny: rows are built per table by the caller
          .values(rows as any)
          .execute();
      }
    });
  }
}

const count = async (db: Kysely<Database>, table: keyof Database) =>
  Number(
    (
      await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** Users, stores and conversations (once). Returns the ids the benchmark calls use. */
export async function seedBase(db: Kysely<Database>, deps: SeedDeps): Promise<BenchPeople> {
  const hash = await deps.hashPassword('bench1234');
  await insertBatched(db, 'users', STORES + FARMERS, (i) => ({
    name: i < STORES ? `صاحب متجر ${i}` : `مزارع ${i}`,
    phone: `07${String(i).padStart(8, '0')}`,
    password_hash: hash,
    address: 'حماة',
    image: null,
    type: i < STORES ? (i % 4 === 3 ? 3 : 1) : 2,
    status: 0,
    created_at: iso(i),
    updated_at: iso(i),
  }));
  const firstUser = Number(
    (await db.selectFrom('users').select('id').where('phone', '=', '0700000000').executeTakeFirstOrThrow()).id,
  );
  await insertBatched(db, 'stores', STORES, (i) => {
    const s = {
      user_id: firstUser + i,
      city: (i % 12) + 1,
      address: `شارع رقم ${i}`,
      name_store: `${['صيدلية', 'عيادة', 'مشتل'][i % 3]} النور ${i}`,
      image: null,
      type: STORE_TYPES[i % 3],
    };
    return { ...s, search_text: deps.storeSearchText(s), created_at: iso(i), updated_at: iso(i) };
  });
  const stores = await db.selectFrom('stores').select(['id', 'user_id']).orderBy('id').execute();
  const firstFarmer = firstUser + STORES;
  // the bench farmer (the first) has 40 conversations; the others spread over the stores, each
  // (farmer, store) pair once
  await insertBatched(db, 'conversations', CONVERSATIONS, (i) => {
    let farmer = firstFarmer;
    let storeIndex = i;
    if (i >= 40) {
      const k = i - 40;
      const f = k % (FARMERS - 1);
      farmer = firstFarmer + 1 + f;
      storeIndex = (f + Math.floor(k / (FARMERS - 1)) * 333) % STORES;
    }
    const store = stores[storeIndex];
    return {
      sender_id: farmer,
      receiver_id: store.user_id,
      store_id: store.id,
      sender_last_read_id: 0,
      receiver_last_read_id: 0,
      last_message_id: null,
      created_at: iso(i),
      updated_at: iso(i),
    };
  });
  const conv = await db
    .selectFrom('conversations')
    .select('id')
    .where('sender_id', '=', firstFarmer)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  return { farmerId: firstFarmer, conversationId: conv.id, searchWord: 'زيتون', narrowSearch: 'زيتون 4204' };
}

/** Tops products, messages and orders up to `sizes`. */
export async function grow(db: Kysely<Database>, sizes: Sizes, deps: SeedDeps): Promise<void> {
  const stores = await db.selectFrom('stores').select(['id', 'user_id']).orderBy('id').execute();
  const conversations = await db
    .selectFrom('conversations')
    .select(['id', 'sender_id', 'receiver_id'])
    .orderBy('id')
    .execute();
  const farmers = await db.selectFrom('users').select('id').where('type', '=', 2).orderBy('id').execute();

  const products = await count(db, 'products');
  await insertBatched(
    db,
    'products',
    Math.max(0, sizes.products - products),
    (i) => {
      const p = { name: `${PRODUCT_NAMES[i % PRODUCT_NAMES.length]} ${i}`, description: 'وصف قصير للمنتج' };
      return {
        store_id: stores[i % stores.length].id,
        ...p,
        type: i % 4,
        price_cents: 100 + (i % 5000),
        is_special: i % 50 === 0 ? 1 : 0,
        image: null,
        search_text: deps.productSearchText(p),
        created_at: iso(i),
        updated_at: iso(i),
      };
    },
    products,
  );

  const messages = await count(db, 'messages');
  await insertBatched(
    db,
    'messages',
    Math.max(0, sizes.messages - messages),
    (i) => {
      const c = conversations[i % conversations.length];
      return {
        conversation_id: c.id,
        user_id: i % 2 ? c.sender_id : c.receiver_id,
        message: `رسالة رقم ${i}`,
        image: null,
        client_id: null,
        created_at: iso(i),
      };
    },
    messages,
  );
  await db
    .updateTable('conversations')
    .set((eb) => ({
      last_message_id: eb
        .selectFrom('messages as m')
        .select((e) => e.fn.max('m.id').as('last'))
        .whereRef('m.conversation_id', '=', 'conversations.id'),
    }))
    .execute();

  // articles by the store accounts (the admin-or-store writers), every 20th special
  const posts = await count(db, 'posts');
  await insertBatched(
    db,
    'posts',
    Math.max(0, sizes.posts - posts),
    (i) => {
      const p = { title: `نصيحة زراعية ${i}`, description: `كيف تحمي ${PRODUCT_NAMES[i % PRODUCT_NAMES.length]} ${i}` };
      return {
        user_id: stores[i % stores.length].user_id,
        ...p,
        image: null,
        is_special: i % 20 === 0 ? 1 : 0,
        search_text: deps.postSearchText(p),
        created_at: iso(i),
        updated_at: iso(i),
      };
    },
    posts,
  );

  const orders = await count(db, 'orders');
  const missingOrders = Math.max(0, sizes.orders - orders);
  await insertBatched(
    db,
    'orders',
    missingOrders,
    (i) => ({
      user_id: farmers[i % farmers.length].id,
      store_id: stores[i % stores.length].id,
      total_cents: 2 * (100 + (i % 5000)),
      status: i % 3,
      client_id: null,
      created_at: iso(i),
      updated_at: iso(i),
    }),
    orders,
  );
  const firstNewOrder =
    Number(
      (
        await db
          .selectFrom('orders')
          .select((eb) => eb.fn.max('id').as('m'))
          .executeTakeFirstOrThrow()
      ).m ?? 0,
    ) -
    missingOrders +
    1;
  await insertBatched(db, 'order_items', missingOrders, (i) => ({
    order_id: firstNewOrder + i,
    product_id: null,
    name: 'منتج',
    price_cents: 100 + (i % 5000),
    quantity: 2,
  }));
}
