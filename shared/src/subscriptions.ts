/**
 * Subscriptions and admin oversight (CONTRACT.md §8): plans and prices, payment methods, the state of
 * a subscription computed from its dates in Asia/Damascus, and the yup schemas of the calls
 * (subscription/*, user/block, conversation/block, report/*), shared by the API and the client's forms.
 */
import type { Lang } from './entities';

/** The stores' time zone: days, months and years of a plan are counted there. */
export const STORE_TIME_ZONE = 'Asia/Damascus';

export const SUBSCRIPTION_PLANS = ['monthly', 'yearly'] as const;
export type PaidPlan = (typeof SUBSCRIPTION_PLANS)[number];
export type SubscriptionPlan = 'trial' | PaidPlan;
export type SubscriptionState = 'trial' | 'active' | 'grace' | 'expired';
export const SUBSCRIPTION_STATES: readonly SubscriptionState[] = ['trial', 'active', 'grace', 'expired'];

/** The landing page's prices: 5$ a month, 50$ a year (integer cents). */
export const PLAN_PRICE_CENTS: Record<PaidPlan, number> = { monthly: 500, yearly: 5000 };

export const PAYMENT_METHODS = ['cash', 'syriatel_cash', 'mtn_cash', 'bank_transfer'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const TRIAL_DAYS = 30;
/** `grace` is the 3 days after `ends_at`; then `expired`. */
export const GRACE_DAYS = 3;
/** Reminders before `ends_at` (push and a dashboard banner), in days. */
export const REMINDER_DAYS = [7, 3, 1] as const;

export const REPORT_REASONS = ['spam', 'abuse', 'fraud', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_ACTIONS = ['dismiss', 'delete_message', 'block_user'] as const;
export type ReportAction = (typeof REPORT_ACTIONS)[number];

export const OVERSIGHT_LIMITS = { referenceMax: 100, noteMax: 500, reasonMax: 300 } as const;

export const planLabels: Record<Lang, Record<SubscriptionPlan, string>> = {
  ar: { trial: 'تجريبي', monthly: 'شهري', yearly: 'سنوي' },
  en: { trial: 'Trial', monthly: 'Monthly', yearly: 'Yearly' },
};
export const subscriptionStateLabels: Record<Lang, Record<SubscriptionState, string>> = {
  ar: { trial: 'فترة تجريبية', active: 'فعّال', grace: 'فترة سماح', expired: 'منتهي' },
  en: { trial: 'Trial', active: 'Active', grace: 'Grace period', expired: 'Expired' },
};
export const paymentMethodLabels: Record<Lang, Record<PaymentMethod, string>> = {
  ar: { cash: 'نقداً', syriatel_cash: 'سيريتل كاش', mtn_cash: 'MTN كاش', bank_transfer: 'حوالة مصرفية' },
  en: { cash: 'Cash', syriatel_cash: 'Syriatel Cash', mtn_cash: 'MTN Cash', bank_transfer: 'Bank transfer' },
};
export const reportReasonLabels: Record<Lang, Record<ReportReason, string>> = {
  ar: { spam: 'رسائل مزعجة', abuse: 'إساءة', fraud: 'احتيال', other: 'سبب آخر' },
  en: { spam: 'Spam', abuse: 'Abuse', fraud: 'Fraud', other: 'Other' },
};

// ---------- dates in Asia/Damascus ----------

interface WallTime {
  y: number;
  m: number; // 1-12
  d: number;
  h: number;
  mi: number;
  s: number;
  ms: number;
}

const wallFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: STORE_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

/** The wall-clock time in Damascus of an instant. */
function wallTime(at: number): WallTime {
  const parts: Record<string, number> = {};
  for (const p of wallFormat.formatToParts(new Date(at))) if (p.type !== 'literal') parts[p.type] = Number(p.value);
  return {
    y: parts.year,
    m: parts.month,
    d: parts.day,
    h: parts.hour % 24,
    mi: parts.minute,
    s: parts.second,
    ms: ((at % 1000) + 1000) % 1000,
  };
}

/** The instant of a Damascus wall-clock time (fields may overflow: day 32 is the next month's 1st). */
function fromWallTime(w: WallTime): number {
  const asUtc = Date.UTC(w.y, w.m - 1, w.d, w.h, w.mi, w.s, w.ms);
  let at = asUtc;
  // the offset at the guess, then at the result (twice covers a change of offset in between)
  for (let i = 0; i < 2; i++) {
    const seen = wallTime(at);
    const seenUtc = Date.UTC(seen.y, seen.m - 1, seen.d, seen.h, seen.mi, seen.s, seen.ms);
    at = asUtc - (seenUtc - at);
  }
  return at;
}

const daysInMonth = (y: number, m: number): number => new Date(Date.UTC(y, m, 0)).getUTCDate();

/**
 * `at` moved by calendar months and days in Damascus, at the same wall-clock time: Jan 31 + 1 month is
 * Feb 28 (or 29), a year from Feb 29 is Feb 28.
 */
export function addCalendar(at: number | string | Date, by: { months?: number; days?: number }): Date {
  const w = wallTime(new Date(at).getTime());
  const months = w.y * 12 + (w.m - 1) + (by.months ?? 0);
  const y = Math.floor(months / 12);
  const m = (months % 12) + 1;
  const d = Math.min(w.d, daysInMonth(y, m)) + (by.days ?? 0);
  return new Date(fromWallTime({ ...w, y, m, d }));
}

/** Days between two instants counted on the Damascus calendar (today → tomorrow is 1, whatever the hour). */
export function calendarDaysBetween(from: number | string | Date, to: number | string | Date): number {
  const a = wallTime(new Date(from).getTime());
  const b = wallTime(new Date(to).getTime());
  return Math.round((Date.UTC(b.y, b.m - 1, b.d) - Date.UTC(a.y, a.m - 1, a.d)) / 86_400_000);
}

/** The first instant of the Damascus month of `at`, moved by `offset` months (0 this month, -1 last month). */
export function monthStart(at: number | string | Date, offset = 0): Date {
  const w = wallTime(new Date(at).getTime());
  const months = w.y * 12 + (w.m - 1) + offset;
  return new Date(fromWallTime({ y: Math.floor(months / 12), m: (months % 12) + 1, d: 1, h: 0, mi: 0, s: 0, ms: 0 }));
}

/** When the grace after `endsAt` is over (the account is expired from then on). */
export const graceEndsAt = (endsAt: number | string | Date): Date => addCalendar(endsAt, { days: GRACE_DAYS });

/** The state of a subscription at `now` (CONTRACT.md §8). */
export function subscriptionState(
  plan: SubscriptionPlan,
  endsAt: number | string | Date,
  now: number | string | Date,
): SubscriptionState {
  const t = new Date(now).getTime();
  if (t < new Date(endsAt).getTime()) return plan === 'trial' ? 'trial' : 'active';
  if (t < graceEndsAt(endsAt).getTime()) return 'grace';
  return 'expired';
}

/** The user status a state means: 2 in trial, 0 while active or in grace, 1 when expired. */
export const statusOfState = (state: SubscriptionState): 0 | 1 | 2 =>
  state === 'trial' ? 2 : state === 'expired' ? 1 : 0;

/** The reminder (7, 3 or 1 days before `ends_at`) due at `now`, or null: the nearest one not yet passed. */
export function dueReminder(endsAt: number | string | Date, now: number | string | Date): number | null {
  if (new Date(now).getTime() >= new Date(endsAt).getTime()) return null;
  const left = calendarDaysBetween(now, endsAt);
  let due: number | null = null;
  for (const days of REMINDER_DAYS) if (left <= days) due = days;
  return due;
}

/** The end of a paid period: from the later of now and the current end, one calendar month or year. */
export function extendedEnd(plan: PaidPlan, currentEnd: number | string | Date | null, now: number): Date {
  const from = Math.max(now, currentEnd === null ? 0 : new Date(currentEnd).getTime());
  return addCalendar(from, { months: plan === 'yearly' ? 12 : 1 });
}

// ---------- entities ----------

/** A store account's subscription, in its user JSON (CONTRACT.md §8). */
export interface Subscription {
  plan: SubscriptionPlan;
  ends_at: string;
  state: SubscriptionState;
  /** Damascus calendar days from today to `ends_at` (negative once past it). */
  days_left: number;
  /** When the grace ends (expired from then on). */
  grace_ends_at: string;
  /** The reminder in force (7, 3 or 1 days before `ends_at`) for the dashboard banner, or null. */
  reminder: number | null;
}

export interface SubscriptionRequest {
  id: number;
  user: { id: number; name: string; phone: string; store_name: string | null };
  plan: PaidPlan;
  method: PaymentMethod;
  reference: string | null;
  state: 'open' | 'closed';
  /** The payment that closed it, if any. */
  payment_id: number | null;
  created_at: string;
  closed_at: string | null;
}

export interface SubscriptionPayment {
  id: number;
  /** Printed on the receipt: `AGV-<year>-<6 digits>`. */
  receipt_no: string;
  user: { id: number; name: string; phone: string; store_name: string | null };
  plan: PaidPlan;
  method: PaymentMethod;
  amount_cents: number;
  /** "5.00" */
  amount: string;
  reference: string | null;
  request_id: number | null;
  /** The period this payment pays for. */
  period_start: string;
  period_end: string;
  recorded_by: { id: number; name: string };
  created_at: string;
}

/** GET subscription/stats (admin dashboard). */
export interface SubscriptionStats {
  revenue_this_month_cents: number;
  revenue_last_month_cents: number;
  stores_by_state: Record<SubscriptionState | 'suspended', number>;
  /** Store accounts whose `ends_at` falls in the next 7 days. */
  renewals_due: { user_id: number; name: string; phone: string; plan: SubscriptionPlan; ends_at: string }[];
  open_requests: number;
}

/** One row of GET admin/audit. */
export interface AuditEntry {
  id: number;
  actor: { id: number; name: string };
  /** `user.status`, `user.block`, `user.unblock`, `store.verify`, `message.delete`, `conversation.delete`, `subscription.payment`, `report.resolve` */
  action: string;
  target_type: 'user' | 'store' | 'message' | 'conversation' | 'payment' | 'report';
  target_id: number;
  at: string;
  detail: Record<string, unknown> | null;
}

/** GET/POST conversation/block/{id}: who blocked whom in that conversation. */
export interface ConversationBlockState {
  conversation_id: number;
  /** The caller blocked the other side (who can no longer send). */
  blocked_by_me: boolean;
  /** The other side blocked the caller (the caller can no longer send). */
  blocked_by_other: boolean;
}

/** REST paths of §8's subscription and oversight calls (relative to `/api`, as `apiPaths`). */
export const oversightPaths = {
  subscription: {
    request: 'subscription/request',
    mine: 'subscription/mine',
    requests: 'subscription/requests',
    payment: 'subscription/payment',
    payments: 'subscription/payments',
    paymentOf: (id: number | string) => `subscription/payment/${id}`,
    stats: 'subscription/stats',
  },
  user: {
    block: (id: number | string) => `user/block/${id}`,
  },
  conversation: {
    block: (id: number | string) => `conversation/block/${id}`,
  },
  report: {
    create: 'report/create',
    getAll: 'report/getAll',
    resolve: (id: number | string) => `report/resolve/${id}`,
  },
  admin: {
    audit: 'admin/audit',
  },
} as const;
