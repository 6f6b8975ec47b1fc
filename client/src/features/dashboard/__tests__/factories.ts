/** Dashboard test data: createX(overrides). */
import type { Paged, Post, Store } from '@agrivet/shared';

export function createPost(overrides: Partial<Post> = {}): Post {
  return {
    id: 3,
    user_id: 2,
    title: 'مكافحة المن على القمح',
    description: 'نصائح لمكافحة حشرة المن في الحقول.',
    image: null,
    is_special: true,
    author: { id: 2, name: 'سامر الحلبي' },
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function createStore(overrides: Partial<Store> = {}): Store {
  return {
    id: 4,
    user_id: 2,
    city: 1,
    city_name: 'دمشق',
    address: 'شارع بغداد',
    name_store: 'صيدلية الربيع الزراعية',
    image: null,
    type: 0,
    products_count: 6,
    has_conversation_with_me: false,
    conversation_id: null,
    owner: { id: 2, name: 'سامر الحلبي', phone: '0911111111', status: 0 },
    available: true,
    rating_avg: null,
    rating_count: 0,
    verified: false,
    hours: [],
    away_message: null,
    open_now: true,
    reply_minutes: null,
    last_active_at: null,
    created_at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function paged<T>(data: T[], overrides: Partial<Paged<T>> = {}): Paged<T> {
  return { current_page: 1, data, last_page: 1, per_page: 12, total: data.length, ...overrides };
}
