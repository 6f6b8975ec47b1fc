/**
 * The store inbox and the order lifecycle of CONTRACT.md §8: order stages, cards in the chat,
 * quick replies, opening hours (Asia/Damascus) and the inbox rows — their types, yup schemas and
 * messages, shared by the API and the client.
 */
import type { Conversation, Lang } from './entities';
import { STORE_TIME_ZONE } from './subscriptions';

export const ORDER_STAGES = ['new', 'accepted', 'out_for_delivery'] as const;
export type OrderStage = (typeof ORDER_STAGES)[number];
export const orderStageLabels: Record<Lang, Record<OrderStage, string>> = {
  ar: { new: 'جديد', accepted: 'مقبول', out_for_delivery: 'قيد التوصيل' },
  en: { new: 'New', accepted: 'Accepted', out_for_delivery: 'Out for delivery' },
};
/** A stage only moves forward: its index in ORDER_STAGES. */
export const stageRank = (stage: OrderStage): number => ORDER_STAGES.indexOf(stage);

export type OrderCancelledBy = 'buyer';

/** The card a message carries (CONTRACT.md §8): a product sent in the chat, or an order's state. */
export type MessageCard =
  | { type: 'product'; product_id: number; name: string; price: string; image: string | null }
  | {
      type: 'order';
      order_id: number;
      status: 0 | 1 | 2;
      stage: OrderStage;
      total: string;
      /** `"buyer"` when the buyer cancelled it (status 2): a cancel, not the store's rejection. */
      cancelled_by: OrderCancelledBy | null;
      /** The rejection's or the cancel's reason (status 2), or null. */
      reason: string | null;
    };

/** One opening window of a week day: day 0 is Sunday; `close` before `open` runs past midnight. */
export interface StoreHoursEntry {
  day: number;
  open: string;
  close: string;
}

export const INBOX_FILTERS = ['needs_reply', 'open', 'resolved', 'all'] as const;
export type InboxFilter = (typeof INBOX_FILTERS)[number];

/** A row of GET conversation/inbox: a conversation as get-My-Conv shows it, with the inbox state. */
export interface InboxConversation extends Conversation {
  /** The last message that is not a card or an automatic reply is the customer's. */
  needs_reply: boolean;
  /** The customer's oldest unanswered message time, or null. */
  waiting_since: string | null;
  resolved: boolean;
  customer: {
    id: number;
    name: string;
    phone: string;
    image: string | null;
    /** Their province (1–12): their own, else their last order's delivery province with this store; or null. */
    province: number | null;
    orders_count: number;
  };
}

export interface QuickReply {
  id: number;
  shortcut: string;
  text: string;
}

/** Reply and waiting figures of the dashboard (StoreStats / AdminStats `replies`). */
export interface ReplyStats {
  /** Median minutes from a customer's first unanswered message to the reply, last 30 days; null without replies. */
  median_first_reply_minutes: number | null;
  /** Conversations whose customer waits for a reply now (not resolved). */
  waiting_now: number;
  /** Minutes the longest-waiting customer has waited, or null when nobody waits. */
  longest_wait_minutes: number | null;
}

export const INBOX_LIMITS = {
  shortcutMax: 30,
  quickReplyTextMax: 1_000,
  quickRepliesPerStore: 100,
  awayMessageMax: 500,
  orderReasonMax: 500,
  /** At most one away reply per conversation in this time. */
  awayReplyEveryMs: 12 * 60 * 60 * 1000,
  /** reply_minutes needs this many answered conversations in the window. */
  replyMinutesMinConversations: 5,
  replyWindowDays: 30,
  hoursEntriesMax: 28,
} as const;

export const inboxMessages = {
  ar: {
    notAllowedNow: 'لا يمكن تنفيذ هذا الإجراء في حالة الطلب الحالية',
    stageBackwards: 'لا يمكن إرجاع الطلب إلى مرحلة سابقة',
    orderClosed: 'هذا الطلب مغلق ولا يمكن تغييره',
    cancelOnlyNew: 'يمكن إلغاء الطلب ما دام جديداً فقط، تواصل مع المتجر',
    reasonRequired: 'اكتب سبب الرفض',
    nothingToChange: 'لا يوجد ما يتغير',
    shortcutFormat: 'الاختصار من 1 إلى 30 حرفاً أو رقماً دون مسافات',
    shortcutTaken: 'هذا الاختصار مستخدم في رد آخر',
    tooManyQuickReplies: 'وصلت إلى الحد الأقصى (100 رد جاهز)',
    productOtherStore: 'المنتج ليس من منتجات هذا المتجر',
    invalidTime: 'الوقت بصيغة HH:MM',
    invalidDate: 'التاريخ بصيغة YYYY-MM-DD',
    invalidHours: 'أوقات الدوام غير صالحة',
  },
  en: {
    notAllowedNow: 'This cannot be done in the order’s current state',
    stageBackwards: 'An order cannot move back to an earlier stage',
    orderClosed: 'This order is closed and cannot change',
    cancelOnlyNew: 'An order can be cancelled only while it is new; contact the store',
    reasonRequired: 'Write the reason for the rejection',
    nothingToChange: 'Nothing to change',
    shortcutFormat: 'The shortcut is 1 to 30 letters or digits, no spaces',
    shortcutTaken: 'This shortcut is used by another reply',
    tooManyQuickReplies: 'You reached the limit (100 quick replies)',
    productOtherStore: 'This product is not from this store',
    invalidTime: 'Time as HH:MM',
    invalidDate: 'Date as YYYY-MM-DD',
    invalidHours: 'Invalid opening hours',
  },
} as const satisfies Record<Lang, Record<string, string>>;

// ——— opening hours ———

/** HH:MM, 00:00–23:59. */
export const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
const TIME = TIME_PATTERN;

const dayFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: STORE_TIME_ZONE,
  weekday: 'short',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** The week day (0 Sunday) and minute of the day of `at` in the stores' time zone. */
export function storeLocalTime(at: Date): { day: number; minute: number } {
  const parts = dayFormat.formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const hour = Number(get('hour')) % 24;
  return { day: WEEKDAYS.indexOf(get('weekday')), minute: hour * 60 + Number(get('minute')) };
}

const minutesOf = (hhmm: string): number => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** Minute-of-week windows [start, end) of the hours (a window past midnight runs into the next day). */
function windows(hours: readonly StoreHoursEntry[]): [number, number][] {
  const week = 7 * 1440;
  const out: [number, number][] = [];
  for (const h of hours) {
    const start = h.day * 1440 + minutesOf(h.open);
    let end = h.day * 1440 + minutesOf(h.close);
    if (end <= start) end += 1440; // past midnight (open == close: the whole day)
    out.push([start, end]);
    if (end > week) out.push([start - week, end - week]);
  }
  return out;
}

/** Open at `at`? Empty hours = always open. */
export function isOpenAt(hours: readonly StoreHoursEntry[], at: Date): boolean {
  if (hours.length === 0) return true;
  const { day, minute } = storeLocalTime(at);
  const now = day * 1440 + minute;
  return windows(hours).some(([s, e]) => now >= s && now < e);
}

/**
 * While open: the "HH:MM" it closes at (the end of the window it is in, windows that touch joined);
 * null when closed or always open.
 */
export function closesAt(hours: readonly StoreHoursEntry[], at: Date): string | null {
  if (hours.length === 0) return null;
  const { day, minute } = storeLocalTime(at);
  const now = day * 1440 + minute;
  const all = windows(hours);
  let current = all.find(([s, e]) => now >= s && now < e);
  if (!current) return null;
  for (let guard = 0; guard < all.length; guard++) {
    const end: number = current[1];
    const next = all.find(([s, e]) => s <= end && e > end);
    if (!next) break;
    current = [current[0], next[1]];
  }
  const end = ((current[1] % 1440) + 1440) % 1440;
  return `${String(Math.floor(end / 60)).padStart(2, '0')}:${String(end % 60).padStart(2, '0')}`;
}

/** While closed: the next opening as {day, time} (day 0 Sunday), null when open or never open. */
export function opensNext(hours: readonly StoreHoursEntry[], at: Date): { day: number; time: string } | null {
  if (hours.length === 0 || isOpenAt(hours, at)) return null;
  const { day, minute } = storeLocalTime(at);
  const now = day * 1440 + minute;
  const week = 7 * 1440;
  let best: number | null = null;
  for (const h of hours) {
    const start = h.day * 1440 + minutesOf(h.open);
    const ahead = (start - now + week) % week;
    if (best === null || ahead < best) best = ahead;
  }
  if (best === null) return null;
  const at2 = (now + best) % week;
  const m2 = at2 % 1440;
  return {
    day: Math.floor(at2 / 1440),
    time: `${String(Math.floor(m2 / 60)).padStart(2, '0')}:${String(m2 % 60).padStart(2, '0')}`,
  };
}

/** The minute-of-week boundaries of the hours (each open and close), sorted: open_now changes only there. */
export function hoursBoundaries(hours: readonly StoreHoursEntry[]): number[] {
  const week = 7 * 1440;
  const set = new Set<number>();
  for (const [s, e] of windows(hours)) {
    set.add(((s % week) + week) % week);
    set.add(((e % week) + week) % week);
  }
  return [...set].sort((a, b) => a - b);
}

/** Stored hours text (JSON) → entries; anything unreadable counts as none (always open). */
export function parseHours(text: string | null | undefined): StoreHoursEntry[] {
  if (!text) return [];
  try {
    const value = JSON.parse(text) as unknown;
    if (!Array.isArray(value)) return [];
    return value.filter(
      (h): h is StoreHoursEntry =>
        typeof h === 'object' &&
        h !== null &&
        Number.isInteger((h as StoreHoursEntry).day) &&
        typeof (h as StoreHoursEntry).open === 'string' &&
        TIME.test((h as StoreHoursEntry).open) &&
        typeof (h as StoreHoursEntry).close === 'string' &&
        TIME.test((h as StoreHoursEntry).close),
    );
  } catch {
    return [];
  }
}
