import { describe, expect, it } from 'vitest';
import { redirectAfterLogin, redirectAfterRegister } from '../lib/redirects';

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
