import type { StoreType, User, UserStatus, UserType } from '@agrivet/shared';
import type { UserListRow } from '../queries/users';
import { toIso } from './common';

export function presentUser(row: UserListRow, passwordResetRequests = 0): User {
  const hasStore = row.store_id !== null && row.store_id !== undefined;
  return {
    id: row.id,
    name: row.name,
    phone: row.phone,
    address: row.address,
    province: row.province ?? null,
    image: row.image,
    type: row.type as UserType,
    status: row.status as UserStatus,
    has_store: hasStore,
    store: hasStore
      ? {
          id: row.store_id as number,
          name_store: row.store_name as string,
          type: row.store_type as StoreType,
          city: row.store_city as number,
          image: row.store_image ?? null,
        }
      : null,
    password_reset_requests: passwordResetRequests,
    created_at: toIso(row.created_at),
  };
}
