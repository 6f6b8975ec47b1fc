/**
 * Migration 011 on accounts that exist when it runs (CONTRACT.md §8): store accounts keep what their
 * status meant — 0 → a monthly plan from that day, 2 → a 30-day trial from that day, 1 → expired —
 * farmers and the admin get no subscription, and every user gets its search text. The migration's
 * down and up are run again on a migrated database with such accounts in it.
 */
import { addCalendar } from '@agrivet/shared';
import { describe, expect, it } from 'vitest';
import { subscriptionsOversightMigration } from '../src/db/migrations/011-subscriptions-oversight';
import { toIso } from '../src/db/time';
import { effectiveStatus, presentSubscription } from '../src/services/subscriptions';
import { useTestApi } from './helpers/test-api';

const t = useTestApi();

describe('migration 011', () => {
  it('store accounts keep what their status meant; others get no subscription', async () => {
    const active = await t.make.user({ type: 1, status: 0, name: 'صيدلية قائمة' });
    const trial = await t.make.user({ type: 3, status: 2, name: 'مشتل تجريبي' });
    const disabled = await t.make.user({ type: 1, status: 1, name: 'عيادة متوقفة' });
    const farmer = await t.make.user({ type: 2, status: 0, name: 'مزارع قديم' });
    const migration = subscriptionsOversightMigration(t.dialect);
    await migration.down(t.db);
    const before = Date.now();
    await migration.up(t.db);
    const after = Date.now();
    const rows = await t.db
      .selectFrom('users')
      .select(['id', 'type', 'status', 'sub_plan', 'sub_ends_at', 'suspended', 'search_text'])
      .where('id', 'in', [active.id, trial.id, disabled.id, farmer.id])
      .execute();
    const byId = new Map(rows.map((r) => [r.id, r]));
    const within = (value: unknown, from: Date, to: Date) => {
      const at = Date.parse(toIso(value as string));
      expect(at).toBeGreaterThanOrEqual(from.getTime());
      expect(at).toBeLessThanOrEqual(to.getTime());
    };

    const a = byId.get(active.id)!;
    expect(a.sub_plan).toBe('monthly');
    within(a.sub_ends_at, addCalendar(before, { months: 1 }), addCalendar(after, { months: 1 }));
    expect(presentSubscription(a, Date.now())?.state).toBe('active');
    expect(effectiveStatus(a, Date.now())).toBe(0);

    const tr = byId.get(trial.id)!;
    expect(tr.sub_plan).toBe('trial');
    within(tr.sub_ends_at, addCalendar(before, { days: 30 }), addCalendar(after, { days: 30 }));
    expect(effectiveStatus(tr, Date.now())).toBe(2);

    const d = byId.get(disabled.id)!;
    expect(presentSubscription(d, Date.now())?.state).toBe('expired');
    expect(d.suspended).toBe(0);
    expect(effectiveStatus(d, Date.now())).toBe(1);

    const f = byId.get(farmer.id)!;
    expect(f.sub_plan).toBeNull();
    expect(presentSubscription(f, Date.now())).toBeNull();
    expect(f.search_text).toBe(`مزارع قديم ${farmer.phone}`);
  });
});
