/** The store row as the presenter needs it: owner, products count and the viewer's conversation. */
import type { Kysely } from 'kysely';
import type { Database } from '../db/types';

export function selectStores(db: Kysely<Database>, viewerId: number | undefined) {
  return db
    .selectFrom('stores')
    .innerJoin('users as owner', 'owner.id', 'stores.user_id')
    .leftJoin('store_activity', 'store_activity.store_id', 'stores.id')
    .leftJoin('conversations as my_conv', (join) =>
      join.onRef('my_conv.store_id', '=', 'stores.id').on('my_conv.sender_id', '=', viewerId ?? 0),
    )
    .select((eb) => [
      'stores.id',
      'stores.user_id',
      'stores.city',
      'stores.address',
      'stores.name_store',
      'stores.image',
      'stores.type',
      'stores.verified',
      'stores.rating_count',
      'stores.rating_tenths',
      'stores.created_at',
      'stores.hours',
      'stores.away_message',
      'store_activity.last_active_at',
      'store_activity.reply_minutes',
      'owner.name as owner_name',
      'owner.phone as owner_phone',
      'owner.status as owner_status',
      'my_conv.id as conversation_id',
      eb
        .selectFrom('products')
        .whereRef('products.store_id', '=', 'stores.id')
        .select((e) => e.fn.countAll<number>().as('n'))
        .as('products_count'),
    ]);
}

export type StoreListRow = Awaited<ReturnType<ReturnType<typeof selectStores>['executeTakeFirstOrThrow']>>;
