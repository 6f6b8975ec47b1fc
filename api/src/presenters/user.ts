import type { StoreType, User, UserStatus, UserType } from '@agrivet/shared';
import type { UserListRow } from '../queries/users';
import { effectiveStatus, presentSubscription } from '../services/subscriptions';
import { toIso } from './common';

/** `now`: the clock of subscriptions (config.now; the state and status are computed at it). */
export function presentUser(row: UserListRow, passwordResetRequests = 0, now = Date.now()): User {
  const hasStore = row.store_id !== null && row.store_id !== undefined;
  return {
    id: row.id,
    name: row.name,
    phone: row.phone,
    address: row.address,
    province: row.province ?? null,
    image: row.image,
    type: row.type as UserType,
    status: effectiveStatus(row, now) as UserStatus,
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
    subscription: presentSubscription(row, now),
    blocked: row.blocked_at !== null,
    blocked_reason: row.blocked_reason ?? null,
    created_at: toIso(row.created_at),
  };
}
