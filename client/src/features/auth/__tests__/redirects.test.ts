import { describe, expect, it } from 'vitest';
import { redirectAfterLogin, redirectAfterRegister, safeNext } from '@/features/auth/lib/redirects';

describe('redirectAfterLogin (SPEC.md §2, checked in order)', () => {
  it.each([
    // type, has_store, status → to, expired
    [2, false, 0, '/', false],
    [2, true, 1, '/', false],
    [0, false, 1, '/user/list', false],
    [0, true, 0, '/user/list', false],
    [1, false, 0, '/bone/add', false],
    [1, false, 1, '/bone/add', false],
    [3, false, 2, '/bone/add', false],
    [1, true, 0, '/blog/list', false],
    [1, true, 2, '/blog/list', false],
    [3, true, 0, '/blog/list', false],
    [1, true, 1, '/', true],
    [3, true, 1, '/', true],
  ] as const)('type %i, has_store %s, status %i → %s (expired %s)', (type, has_store, status, to, expired) => {
    const decision = redirectAfterLogin({ type, has_store, status });
    expect(decision.to).toBe(to);
    expect(Boolean(decision.subscriptionExpired)).toBe(expired);
  });
});

describe('redirectAfterRegister', () => {
  it.each([
    [1, '/bone/add'],
    [3, '/bone/add'],
    [2, '/'],
    [0, '/'],
  ] as const)('type %i → %s', (type, to) => {
    expect(redirectAfterRegister({ type }).to).toBe(to);
  });
});

describe('next (CONTRACT.md §5): a farmer comes back to the page that sent them to login', () => {
  it('takes a farmer back to a path of this site, keeping its query', () => {
    expect(redirectAfterLogin({ type: 2, has_store: false, status: 0 }, '/products/3?page=2').to).toBe(
      '/products/3?page=2',
    );
    expect(redirectAfterRegister({ type: 2 }, '/products/3').to).toBe('/products/3');
  });

  it('other account types keep their SPEC.md §2 redirects', () => {
    expect(redirectAfterLogin({ type: 0, has_store: false, status: 0 }, '/products/3').to).toBe('/user/list');
    expect(redirectAfterLogin({ type: 1, has_store: true, status: 0 }, '/products/3').to).toBe('/blog/list');
    expect(redirectAfterRegister({ type: 1 }, '/products/3').to).toBe('/bone/add');
  });

  it.each([
    'https://evil.example/x',
    '//evil.example/x',
    '/\\evil.example',
    'javascript:alert(1)',
    '/login',
    '/signup?next=/x',
    '/a\u0000b',
    '',
  ])('refuses %j (home instead)', (next) => {
    expect(safeNext(next)).toBeNull();
    expect(redirectAfterLogin({ type: 2, has_store: false, status: 0 }, next).to).toBe('/');
  });
});
