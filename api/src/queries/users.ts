import type { Kysely } from 'kysely';
import type { Database } from '../db/types';

/** Users with their store reference (for `has_store` / `store`). */
export function selectUsers(db: Kysely<Database>) {
  return db
    .selectFrom('users')
    .leftJoin('stores', 'stores.user_id', 'users.id')
    .select([
      'users.id',
      'users.name',
      'users.phone',
      'users.address',
      'users.province',
      'users.image',
      'users.type',
      'users.status',
      'users.sub_plan',
      'users.sub_ends_at',
      'users.suspended',
      'users.blocked_at',
      'users.blocked_reason',
      'users.created_at',
      'stores.id as store_id',
      'stores.name_store as store_name',
      'stores.type as store_type',
      'stores.city as store_city',
      'stores.image as store_image',
    ]);
}

export type UserListRow = Awaited<ReturnType<ReturnType<typeof selectUsers>['executeTakeFirstOrThrow']>>;

export async function findUserWithStore(db: Kysely<Database>, id: number): Promise<UserListRow | undefined> {
  return selectUsers(db).where('users.id', '=', id).executeTakeFirst();
}
