import { provinceName, type Store, type StoreType, type UserStatus } from '@agrivet/shared';
import type { StoreListRow } from '../queries/stores';
import { toCount, toIso } from './common';

export function presentStore(row: StoreListRow): Store {
  return {
    id: row.id,
    user_id: row.user_id,
    city: row.city,
    city_name: provinceName(row.city),
    address: row.address,
    name_store: row.name_store,
    image: row.image,
    type: row.type as StoreType,
    products_count: toCount(row.products_count),
    has_conversation_with_me: row.conversation_id !== null && row.conversation_id !== undefined,
    conversation_id: row.conversation_id ?? null,
    owner: {
      id: row.user_id,
      name: row.owner_name,
      phone: row.owner_phone,
      status: row.owner_status as UserStatus,
    },
    created_at: toIso(row.created_at),
  };
}
