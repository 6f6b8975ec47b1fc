/**
 * The landing's «انضم الآن» (hero and plans): a visitor's way to /createAcount; a signed-in account's way
 * to its own part of the site instead — the farmer's orders, a store's or the admin's dashboard.
 */
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createUser } from '@test/factories';
import { renderWithProviders } from '@test/render';
import { signInForTest } from '@test/session';
import LandingRoute from '@/features/landing/routes/landing';
import { useSession } from '@/stores/session';

afterEach(() => useSession.getState().clear());

const joinLinks = () => screen.queryAllByRole('link', { name: 'انضم الآن' });

describe('the landing’s join button', () => {
  it('a visitor: «انضم الآن» to the register form, in the hero and under the plans', () => {
    renderWithProviders(<LandingRoute />);
    expect(joinLinks()).toHaveLength(2);
    for (const link of joinLinks()) expect(link).toHaveAttribute('href', '/createAcount');
  });

  it.each([
    ['a farmer', 'طلباتي', '/myorders', createUser({ type: 2 })],
    ['a store account', 'لوحة التحكم', '/blog/list', createUser({ id: 8, type: 1, has_store: true })],
    ['the admin', 'لوحة التحكم', '/user/list', createUser({ id: 9, type: 0 })],
  ])('signed in as %s: no offer to register, «%s» (%s) instead', (_who, label, href, user) => {
    signInForTest({ token: 'join-test', user });
    renderWithProviders(<LandingRoute />);
    expect(joinLinks()).toHaveLength(0);
    const links = screen.getAllByRole('link', { name: label });
    expect(links).toHaveLength(2);
    for (const link of links) expect(link).toHaveAttribute('href', href);
  });
});
