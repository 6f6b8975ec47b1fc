/**
 * Test data written straight into the database (fast, no HTTP):
 *   const farmer = await t.make.loginAs('farmer');      // { user, token, auth }
 *   await request(t.app).get('/api/auth/user').set(farmer.auth)
 *   const store = await t.make.store(owner.user.id, { city: 2 });
 */
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { hashPassword } from '../../src/auth/passwords';
import { issueToken } from '../../src/auth/tokens';
import { nowIso } from '../../src/db/time';
import type { Insertable } from 'kysely';
import type {
  Database,
  PostRow,
  PostsTable,
  ProductRow,
  ProductsTable,
  StoreRow,
  StoresTable,
  UserRow,
  UsersTable,
} from '../../src/db/types';
import { postSearchText, productSearchText, storeSearchText, userSearchText } from '../../src/search/search-text';

/** scrypt's N for the accounts the tests create (verification reads the cost from each hash). */
export const TEST_PASSWORD_COST = 1024;

export const TEST_PASSWORD = 'secret123';

/** visitor has no account; the others map to user type/status. */
export type Role = 'farmer' | 'store' | 'disabledStore' | 'trialStore' | 'nursery' | 'admin';

const ROLE_USERS: Record<Role, { type: number; status: number; name: string }> = {
  admin: { type: 0, status: 0, name: 'مدير الاختبار' },
  store: { type: 1, status: 0, name: 'صيدلية الاختبار' },
  disabledStore: { type: 1, status: 1, name: 'متجر منتهي الاشتراك' },
  trialStore: { type: 1, status: 2, name: 'متجر تجريبي' },
  farmer: { type: 2, status: 0, name: 'مزارع الاختبار' },
  nursery: { type: 3, status: 0, name: 'مشتل الاختبار' },
};

export interface SignedIn {
  user: UserRow;
  token: string;
  auth: { Authorization: string };
}

let passwordHash: Promise<string> | undefined;
let phoneCounter = 0;

/** A unique phone number for this test process. */
export const uniquePhone = (): string =>
  `09${String(process.pid % 100).padStart(2, '0')}${String(++phoneCounter).padStart(6, '0')}`;

export class Factories {
  constructor(private readonly db: Kysely<Database>) {}

  async user(overrides: Partial<Insertable<UsersTable>> & { password?: string } = {}): Promise<UserRow> {
    const { password, ...fields } = overrides;
    passwordHash ??= hashPassword(TEST_PASSWORD, TEST_PASSWORD_COST);
    const hash = password ? await hashPassword(password, TEST_PASSWORD_COST) : await passwordHash;
    const now = nowIso();
    const name = fields.name ?? 'مستخدم تجريبي';
    const phone = fields.phone ?? uniquePhone();
    return this.db
      .insertInto('users')
      .values({
        name,
        phone,
        password_hash: hash,
        address: null,
        image: null,
        type: 2,
        status: 0,
        created_at: now,
        updated_at: now,
        ...fields,
        search_text: userSearchText({ name, phone }),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async signIn(user: UserRow): Promise<SignedIn> {
    const token = await issueToken(this.db, user.id);
    return { user, token, auth: { Authorization: `Bearer ${token}` } };
  }

  /** A new user of that role with a token. Store roles also get a store unless `withStore: false`. */
  async loginAs(role: Role, opts: { withStore?: boolean } = {}): Promise<SignedIn & { store?: StoreRow }> {
    const r = ROLE_USERS[role];
    const user = await this.user({ type: r.type, status: r.status, name: r.name });
    const signedIn = await this.signIn(user);
    const wantsStore = (r.type === 1 || r.type === 3) && opts.withStore !== false;
    if (!wantsStore) return signedIn;
    return { ...signedIn, store: await this.store(user.id, { type: r.type === 3 ? 3 : 0 }) };
  }

  async store(userId: number, overrides: Partial<Insertable<StoresTable>> = {}): Promise<StoreRow> {
    const now = nowIso();
    const values = {
      user_id: userId,
      city: 1,
      address: 'دمشق، شارع بغداد',
      name_store: `صيدلية ${randomBytes(3).toString('hex')}`,
      image: null,
      type: 0,
      created_at: now,
      updated_at: now,
      ...overrides,
    };
    return this.db
      .insertInto('stores')
      .values({ ...values, search_text: overrides.search_text ?? storeSearchText(values) })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async product(storeId: number, overrides: Partial<Insertable<ProductsTable>> = {}): Promise<ProductRow> {
    const now = nowIso();
    const values = {
      store_id: storeId,
      name: 'سماد عضوي',
      description: 'كيس 25 كغ',
      type: 3,
      price_cents: 1250,
      is_special: 0,
      image: null,
      created_at: now,
      updated_at: now,
      ...overrides,
    };
    return this.db
      .insertInto('products')
      .values({ ...values, search_text: overrides.search_text ?? productSearchText(values) })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async post(userId: number, overrides: Partial<Insertable<PostsTable>> = {}): Promise<PostRow> {
    const now = nowIso();
    const values = {
      user_id: userId,
      title: 'نصائح للري',
      description: 'اسقِ صباحاً لتقليل التبخر.',
      image: null,
      is_special: 0,
      created_at: now,
      updated_at: now,
      ...overrides,
    };
    return this.db
      .insertInto('posts')
      .values({ ...values, search_text: overrides.search_text ?? postSearchText(values) })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** A conversation between a user and a store (for the conversation/message tests). */
  async conversation(senderId: number, store: StoreRow) {
    const now = nowIso();
    return this.db
      .insertInto('conversations')
      .values({ sender_id: senderId, receiver_id: store.user_id, store_id: store.id, created_at: now, updated_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
  }
}
