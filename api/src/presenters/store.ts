import { isOpenAt, parseHours, provinceName, type Store, type StoreType, UserStatus, UserType } from '@agrivet/shared';
import type { StoreListRow } from '../queries/stores';
import { toCount, toIso } from './common';

/** Who is looking: the owner's phone and account status are shown to the owner and the admin only. */
export interface StoreViewer {
  id: number;
  type: number;
}

/**
 * A store as the viewer may see it: `owner` is `{id, name}` for visitors and other users (the
 * contract asks for no more, and a phone number is personal data); the store's owner and the admin
 * also get `phone` and `status`.
 */
export type StoreView = Omit<Store, 'owner'> & {
  owner: Pick<Store['owner'], 'id' | 'name'> & Partial<Pick<Store['owner'], 'phone' | 'status'>>;
};

export function presentStore(row: StoreListRow, viewer?: StoreViewer, now: Date = new Date()): StoreView {
  const hours = parseHours(row.hours);
  const privileged = viewer !== undefined && (viewer.type === UserType.Admin || viewer.id === row.user_id);
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
    owner: privileged
      ? { id: row.user_id, name: row.owner_name, phone: row.owner_phone, status: row.owner_status as UserStatus }
      : { id: row.user_id, name: row.owner_name },
    available: row.owner_status !== UserStatus.Disabled,
    ...presentRating(row),
    verified: row.verified === 1,
    hours,
    away_message: row.away_message ?? null,
    open_now: isOpenAt(hours, now),
    reply_minutes: row.reply_minutes ?? null,
    last_active_at: row.last_active_at ? toIso(row.last_active_at) : null,
    created_at: toIso(row.created_at),
  };
}

/** The store's rating as its row keeps it: the average with one decimal, null before any review. */
export function presentRating(row: { rating_count: number | string; rating_tenths: number | string }) {
  const count = toCount(row.rating_count);
  return { rating_avg: count > 0 ? Number(row.rating_tenths) / 10 : null, rating_count: count };
}
