/** Test data factories: createX(overrides). */
import type { Product, User } from '@agrivet/shared';

export function createUser(overrides: Partial<User> = {}): User {
  return {
    id: 7,
    name: 'مزارع تجريبي',
    phone: '0944444444',
    address: null,
    image: null,
    type: 2,
    status: 0,
    has_store: false,
    store: null,
    created_at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function createProduct(overrides: Partial<Product> = {}): Product {
  return {
    id: 1,
    store_id: 3,
    name: 'بذور قمح',
    description: null,
    type: 1,
    price: '12.50',
    price_cents: 1250,
    is_special: false,
    image: null,
    store: { id: 3, name_store: 'صيدلية الربيع' },
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}
