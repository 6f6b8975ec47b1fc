import { describe, expect, it } from 'vitest';
import { canOpen, redirectFor, sideLinksFor } from '@/features/dashboard/lib/access';

const admin = { type: 0 as const, has_store: false };
const store = { type: 1 as const, has_store: true };
const nursery = { type: 3 as const, has_store: true };
const newStore = { type: 1 as const, has_store: false };
const farmer = { type: 2 as const, has_store: false };

const labels = (u: Parameters<typeof sideLinksFor>[0]) => sideLinksFor(u).map((l) => l.screen);

describe('dashboard access table', () => {
  it('gives the admin users, stores and conversations, and store accounts chats, orders and products', () => {
    expect(labels(admin)).toEqual([
      'home',
      'blogList',
      'userList',
      'storeList',
      'conversationList',
      'productList',
      'subscriptions',
      'reports',
      'audit',
      'profile',
      'changePassword',
    ]);
    for (const u of [store, nursery])
      expect(labels(u)).toEqual([
        'home',
        'blogList',
        'chats',
        'quickReplies',
        'orderList',
        'productList',
        'storeAdd',
        'subscription',
        'profile',
        'changePassword',
      ]);
    expect(labels(farmer)).toEqual(['profile', 'changePassword']);
  });

  it('links a store account (type 1 and nursery 3) to its own store form, in edit mode once it has one', () => {
    for (const type of [1, 3] as const) {
      const myStore = sideLinksFor({ type, has_store: true, store: { id: 42 } }).find((l) => l.label === 'nav.myStore');
      expect(myStore).toMatchObject({ screen: 'storeAdd', to: '/bone/add?id=42' });
    }
    // Before it has a store the same link creates it.
    expect(sideLinksFor(newStore).find((l) => l.label === 'nav.myStore')?.to).toBe('/bone/add');
    // The admin may open the store form too, but has no store of its own.
    expect(sideLinksFor({ ...admin, store: null }).some((l) => l.label === 'nav.myStore')).toBe(false);
  });

  it('keeps the admin from adding products but lets it edit them', () => {
    expect(canOpen(admin, 'productAdd')).toBe(false);
    expect(canOpen(admin, 'productEdit')).toBe(true);
    expect(canOpen(store, 'productAdd')).toBe(true);
  });

  it('redirects a role away from a screen it may not use, never leaving an empty page', () => {
    expect(redirectFor(store, 'userList')).toBe('/dashboard');
    expect(redirectFor(admin, 'orderList')).toBe('/dashboard');
    expect(redirectFor(admin, 'productAdd')).toBe('/dashboard');
    expect(redirectFor(farmer, 'blogList')).toBe('/');
    expect(redirectFor(store, 'orderList')).toBeNull();
    expect(redirectFor(admin, 'conversation')).toBeNull();
  });

  it('sends a store account without a store to the store form first', () => {
    expect(redirectFor(newStore, 'productList')).toBe('/bone/add');
    expect(redirectFor(newStore, 'orderList')).toBe('/bone/add');
    expect(redirectFor(newStore, 'storeAdd')).toBeNull();
    expect(redirectFor(newStore, 'blogList')).toBeNull();
  });
});
