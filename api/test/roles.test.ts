/** Runs roles.table.ts: every call against every role. */
import { beforeAll, describe, expect, it } from 'vitest';
import { errorCodeForStatus } from '@agrivet/shared';
import { expectRefusal } from './helpers/envelope';
import type { Role } from './helpers/factories';
import { useTestApi } from './helpers/test-api';
import { type Actor, ROLE_CASES, ROLE_NAMES, type RoleCase, type RoleName, type RoleWorld } from './roles.table';

const t = useTestApi();

/** A write an active store account may make and a disabled one may not: refused for the subscription. */
const isExpiredRefusal = (c: RoleCase, role: RoleName) =>
  role === 'disabledStore' && c.expect.disabledStore === 403 && c.expect.store === 200;
let world: RoleWorld;

async function actor(role: Role, withStore = true): Promise<Actor> {
  const signedIn = await t.make.loginAs(role, { withStore });
  if (!signedIn.store) return signedIn;
  return {
    ...signedIn,
    product: await t.make.product(signedIn.store.id),
    post: await t.make.post(signedIn.user.id),
  };
}

beforeAll(async () => {
  const as = {
    farmer: await actor('farmer'),
    store: await actor('store'),
    disabledStore: await actor('disabledStore'),
    nursery: await actor('nursery'),
    admin: await actor('admin'),
  };
  const other = (await actor('store')) as RoleWorld['other'];
  world = {
    t,
    as,
    other,
    fresh: (role, opts) => actor(role, opts?.withStore ?? true),
  };
});

describe('every role against every call', () => {
  const rows = ROLE_CASES.flatMap((c) => ROLE_NAMES.map((role) => ({ c, role })));
  it.each(rows.map(({ c, role }) => [c.call, role, c.expect[role], c] as const))(
    '%s as %s → %i',
    async (_call, role, expected, c) => {
      const who = role === 'visitor' ? undefined : world.as[role as Exclude<RoleName, 'visitor'>];
      const res = await c.send(world, who, role);
      expect(res.status, JSON.stringify(res.body)).toBe(expected);
      expect(res.body.status).toBe(expected);
      if (expected === 200) expect(res.body).toHaveProperty('data');
      else {
        // a disabled store account's refused dashboard write says why; any other refusal has its status's code
        const code = isExpiredRefusal(c, role) ? 'subscription_expired' : errorCodeForStatus(expected);
        expectRefusal(res, code);
        if (code === 'subscription_expired') expect(res.body.error.message).toBe('اشتراكك منتهي الصلاحية');
      }
    },
  );

  it('covers the dashboard writes a disabled store account is refused', () => {
    const refused = ROLE_CASES.filter((c) => isExpiredRefusal(c, 'disabledStore')).map((c) => c.call);
    for (const call of [
      'POST store/update/{id}',
      'POST store/delete/{id}',
      'POST post/create',
      'POST post/update/{id}',
      'POST post/delete/{id}',
      'POST product/create',
      'POST product/update/{id}',
      'POST product/delete/{id}',
    ]) {
      expect(refused).toContain(call);
    }
  });
});
