/** Test data factories: createX(overrides). */
import type { Conversation, Message, Product, User } from '@agrivet/shared';

export function createUser(overrides: Partial<User> = {}): User {
  return {
    id: 7,
    name: 'مزارع تجريبي',
    phone: '0944444444',
    address: null,
    province: null,
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

export function createConversation(overrides: Partial<Conversation> = {}): Conversation {
  return {
    id: 1,
    sender: { id: 7, name: 'مزارع تجريبي', image: null },
    receiver: { id: 3, name: 'صاحب الصيدلية', image: null },
    store_id: 1,
    store: { id: 1, name_store: 'صيدلية الربيع', image: null },
    last_message: null,
    unread_count: 0,
    sender_last_read_id: 0,
    receiver_last_read_id: 0,
    sender_last_delivered_id: 0,
    receiver_last_delivered_id: 0,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function createMessage(overrides: Partial<Message> & Pick<Message, 'id' | 'user_id'>): Message {
  return {
    conversation_id: 1,
    message: `رسالة ${overrides.id}`,
    image: null,
    attachment: null,
    deleted: false,
    client_id: null,
    card: null,
    auto: false,
    created_at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}
