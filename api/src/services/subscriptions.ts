/**
 * Subscriptions (CONTRACT.md §8). A store account's plan and end live on its users row (migration 011);
 * its state — trial, active, grace, expired — is computed from those dates in Asia/Damascus by the
 * configuration's clock (`config.now`, tests set their own), and its `status` follows (2 trial, 0
 * active or grace, 1 expired) unless the admin suspended it by hand (`suspended`).
 *
 * Nobody has to act for an expiry to take effect:
 * - on read: the token lookup (http/auth.ts) computes the caller's status from the dates, and order/create
 *   the store owner's; a stored status that lags is written then (`syncUser`);
 * - every minute, on every API instance, `syncStatuses` brings every stored status up to date in one
 *   idempotent UPDATE (so store lists' `available` and the users ETag version move without a visit);
 * - reminders 7, 3 and 1 days before the end: the sweep claims a row of subscription_reminders per
 *   (account, end, days) — the primary key makes each claim succeed on one instance only — and pushes.
 */
import {
  addCalendar,
  dueReminder,
  extendedEnd,
  GRACE_DAYS,
  graceEndsAt,
  isStoreAccount,
  type PaidPlan,
  type Subscription,
  type SubscriptionPlan,
  calendarDaysBetween,
  statusOfState,
  subscriptionState,
  TRIAL_DAYS,
  UserStatus,
} from '@agrivet/shared';
import { type Kysely, sql } from 'kysely';
import type { Logger } from 'pino';
import { clockNow, type Config } from '../config';
import { toIso } from '../db/time';
import type { Database } from '../db/types';
import type { PushService } from './push';

/** The columns a status computation needs (users row, or the token lookup's). */
export interface SubscriptionColumns {
  type: number;
  status: number;
  sub_plan: string | null;
  sub_ends_at: string | Date | null;
  suspended: number;
}

const hasSubscription = (u: SubscriptionColumns): boolean =>
  isStoreAccount(u.type) && u.sub_plan !== null && u.sub_ends_at !== null;

/** The status the account has at `now`: the subscription's, unless suspended by hand or without one. */
export function effectiveStatus(u: SubscriptionColumns, now: number): number {
  if (!hasSubscription(u)) return u.status;
  if (u.suspended === 1) return UserStatus.Disabled;
  return statusOfState(subscriptionState(u.sub_plan as SubscriptionPlan, toIso(u.sub_ends_at as string), now));
}

/** The `subscription` of a store account's JSON, or null (other accounts, or none recorded). */
export function presentSubscription(u: SubscriptionColumns, now: number): Subscription | null {
  if (!hasSubscription(u)) return null;
  const endsAt = toIso(u.sub_ends_at as string);
  return {
    plan: u.sub_plan as SubscriptionPlan,
    ends_at: endsAt,
    state: subscriptionState(u.sub_plan as SubscriptionPlan, endsAt, now),
    days_left: calendarDaysBetween(now, endsAt),
    grace_ends_at: graceEndsAt(endsAt).toISOString(),
    reminder: dueReminder(endsAt, now),
  };
}

/** The columns of a new store account: a 30-day trial from now. */
export function trialColumns(now: number) {
  const ends = addCalendar(now, { days: TRIAL_DAYS });
  return {
    sub_plan: 'trial',
    sub_ends_at: ends.toISOString(),
    sub_grace_ends_at: addCalendar(ends, { days: GRACE_DAYS }).toISOString(),
    status: UserStatus.Trial,
  };
}

/** The columns of a paid period ending at `ends`. */
export function periodColumns(plan: PaidPlan | 'trial', ends: Date) {
  return {
    sub_plan: plan,
    sub_ends_at: ends.toISOString(),
    sub_grace_ends_at: graceEndsAt(ends).toISOString(),
  };
}

/** The SQL of the status a subscription means at `nowText` (store accounts with a subscription). */
const statusSql = (nowText: string) => sql<number>`case
  when sub_grace_ends_at <= ${nowText} then 1
  when sub_plan = 'trial' and sub_ends_at > ${nowText} then 2
  else 0 end`;

/**
 * Every stored status brought up to date (idempotent: several instances may run it at once). Only rows
 * whose status changes are written, so the users version (migration 008) moves only then.
 */
export async function syncStatuses(db: Kysely<Database>, now: number): Promise<number> {
  const nowText = new Date(now).toISOString();
  const result = await db
    .updateTable('users')
    .set({ status: statusSql(nowText) })
    .where('sub_ends_at', 'is not', null)
    .where('sub_plan', 'is not', null)
    .where('suspended', '=', 0)
    .where('type', 'in', [1, 3])
    .where(sql<boolean>`status <> ${statusSql(nowText)}`)
    .executeTakeFirst();
  return Number(result.numUpdatedRows ?? 0);
}

/** One account's stored status written when it lags the computed one (the caller's read saw it). */
export async function syncUser(db: Kysely<Database>, id: number, from: number, to: number): Promise<void> {
  if (from === to) return;
  await db.updateTable('users').set({ status: to }).where('id', '=', id).where('status', '=', from).execute();
}

/** New end of a paid period: from the later of now and the current end (CONTRACT.md §8). */
export function nextEnd(plan: PaidPlan, currentEnd: string | Date | null, now: number): Date {
  return extendedEnd(plan, currentEnd === null ? null : toIso(currentEnd), now);
}

/**
 * The reminders due at `now`: each (account, end, days) claimed once — the claim's insert succeeds on one
 * instance only — then pushed. Returns the number sent.
 */
export async function sendReminders(db: Kysely<Database>, push: PushService, now: number): Promise<number> {
  const nowText = new Date(now).toISOString();
  const horizon = addCalendar(now, { days: 8 }).toISOString();
  const rows = await db
    .selectFrom('users')
    .select(['id', 'sub_plan', 'sub_ends_at'])
    .where('type', 'in', [1, 3])
    .where('sub_ends_at', '>', nowText)
    .where('sub_ends_at', '<=', horizon)
    .where('blocked_at', 'is', null)
    .execute();
  let sent = 0;
  for (const row of rows) {
    const endsAt = toIso(row.sub_ends_at as string);
    const days = dueReminder(endsAt, now);
    if (days === null) continue;
    const claimed = await db
      .insertInto('subscription_reminders')
      .values({ user_id: row.id, ends_at: endsAt, days, sent_at: nowText })
      .onConflict((oc) => oc.columns(['user_id', 'ends_at', 'days']).doNothing())
      .returning('user_id')
      .executeTakeFirst();
    if (!claimed) continue;
    sent++;
    const left = calendarDaysBetween(now, endsAt);
    push.notify(row.id, {
      type: 'subscription',
      title: row.sub_plan === 'trial' ? 'الفترة التجريبية تنتهي قريباً' : 'اشتراكك ينتهي قريباً',
      body:
        left <= 0
          ? 'ينتهي اشتراكك اليوم، جدّده من لوحة التحكم'
          : left === 1
            ? 'ينتهي اشتراكك غداً، جدّده من لوحة التحكم'
            : `يبقى ${left} أيام على نهاية اشتراكك، جدّده من لوحة التحكم`,
      url: '/dashboard/subscription',
      tag: 'subscription',
    });
  }
  return sent;
}

export interface SubscriptionSweep {
  /** One pass now (statuses, then reminders); the tests call it with their clock. */
  run(): Promise<void>;
  /** No more passes; resolves when the one under way (if any) is done. */
  stop(): Promise<void>;
}

/** Every minute on every instance: statuses brought up to date, due reminders claimed and pushed. */
export function startSubscriptionSweep(
  db: Kysely<Database>,
  push: PushService,
  config: Pick<Config, 'now'>,
  logger: Logger,
  everyMs = 60_000,
): SubscriptionSweep {
  let running: Promise<void> | null = null;
  const run = async () => {
    if (running) return running;
    running = (async () => {
      const now = clockNow(config);
      await syncStatuses(db, now);
      await sendReminders(db, push, now);
    })()
      .catch((err: unknown) => logger.warn({ err }, 'subscription sweep failed'))
      .finally(() => {
        running = null;
      });
    return running;
  };
  const timer = setInterval(() => void run(), everyMs);
  timer.unref();
  return {
    run,
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
