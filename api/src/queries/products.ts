import type { Kysely } from 'kysely';
import type { Database } from '../db/types';

export function selectProducts(db: Kysely<Database>) {
  return db
    .selectFrom('products')
    .innerJoin('stores', 'stores.id', 'products.store_id')
    .select([
      'products.id',
      'products.store_id',
      'products.name',
      'products.description',
      'products.type',
      'products.price_cents',
      'products.is_special',
      'products.image',
      'products.created_at',
      'products.updated_at',
      'stores.name_store as store_name',
      'stores.user_id as store_owner_id',
    ]);
}

export type ProductListRow = Awaited<ReturnType<ReturnType<typeof selectProducts>['executeTakeFirstOrThrow']>>;
