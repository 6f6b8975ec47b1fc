/**
 * The store inbox (CONTRACT.md §8): who waits for a reply, how long stores take to answer, and the
 * away reply. The state lives on the conversation row and is kept by every message write, in the
 * message's transaction (services/messages.ts: the wait's columns in the pointers' one UPDATE, then
 * `storeWrote`, or `storeWroteAfterRace` when another reply ended the wait first):
 * - a customer's message (not a card, not automatic) starts the wait when none runs
 *   (`waiting_since`), re-opens a resolved conversation and refreshes `customer_search`;
 * - the store's message (not a card, not automatic) ends the wait: one reply_times row (seconds
 *   waited) and the store's `last_active_at` (at most once a minute, `storeActivityDue`); the
 *   store's cached `reply_minutes` is recomputed,
 *   at most once per 5 minutes per store and API instance (`replyAnswered`).
 * Cards and automatic replies change neither. Times come from the API's clock (`config.now`), so
 * tests control the 12-hour rule and the opening hours.
 */
import { INBOX_LIMITS, type ReplyStats, isOpenAt, normalizeArabic, parseHours } from '@agrivet/shared';
import type { Kysely } from 'kysely';
import { LRUCache } from 'lru-cache';
import { type Config, clockNow } from '../config';
import { toCount, toIso } from '../db/time';
import type { ConversationRow, Database } from '../db/types';
import type { StoreAway } from '../queries/conversations';

export type Clock = () => Date;
/** The configuration's clock (shared with subscriptions: `config.now` in ms) as Dates. */
export const clockOf =
  (config: Pick<Config, 'now'>): Clock =>
  () =>
    new Date(clockNow(config));

const DAY_MS = 86_400_000;

/** Median of sorted numbers (null for none). */
function median(sorted: number[]): number | null {
  if (sorted.length === 0) return null;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * The store's reply_minutes: the median wait in minutes (rounded, at least 1) over the last 30
 * days; null under 5 answered conversations.
 */
export async function computeReplyMinutes(db: Kysely<Database>, storeId: number, now: Date): Promise<number | null> {
  const since = new Date(now.getTime() - INBOX_LIMITS.replyWindowDays * DAY_MS).toISOString();
  const rows = await db
    .selectFrom('reply_times')
    .select(['conversation_id', 'seconds'])
    .where('store_id', '=', storeId)
    .where('replied_at', '>=', since)
    .execute();
  const conversations = new Set(rows.map((r) => r.conversation_id));
  if (conversations.size < INBOX_LIMITS.replyMinutesMinConversations) return null;
  const m = median(rows.map((r) => r.seconds).sort((a, b) => a - b));
  return m === null ? null : Math.max(1, Math.round(m / 60));
}

export interface InboxChange {
  /** The store answered a wait: reply_minutes is to be recomputed (after the transaction). */
  answered: boolean;
  /** A resolved conversation was re-opened by the customer: conversation:updated to tell. */
  reopened: boolean;
}

/** The customer's name and phone (their messages keep the inbox search's text with them). */
export function customerContact(
  db: Kysely<Database>,
  id: number,
): Promise<{ name: string; phone: string } | undefined> {
  return db.selectFrom('users').select(['name', 'phone']).where('id', '=', id).executeTakeFirst();
}

/** The inbox search's text for a customer: normalizeArabic(name + phone). */
export const customerSearch = (customer: { name: string; phone: string } | null | undefined): string | null =>
  customer ? normalizeArabic(`${customer.name} ${customer.phone}`) : null;

/**
 * The store's plain message whose pointers' UPDATE did not end the wait it had read (another reply
 * ended it, or it changed since; services/messages.ts): the wait, if one runs, ends here, once — the
 * conditional UPDATE decides between two replies. The customer's messages and the store's usual case
 * keep the inbox's columns in the pointers' one UPDATE (services/messages.ts).
 */
export async function storeWroteAfterRace(
  trx: Kysely<Database>,
  conversation: ConversationRow,
  now: Date,
  /** False when the store's last_active_at was written under a minute ago (`storeActivityDue`). */
  activityDue = true,
): Promise<InboxChange> {
  const ended = await trx
    .updateTable('conversations')
    .set({ waiting_since: null })
    .where('id', '=', conversation.id)
    .where('waiting_since', 'is not', null)
    .returning(['id'])
    .executeTakeFirst();
  return storeWrote(trx, conversation, ended !== undefined, now, activityDue);
}

/**
 * After the store's plain message ended the wait (`ended`: this message ended the wait the read
 * row had) or found none: the reply time, and the store's activity when due.
 */
export async function storeWrote(
  trx: Kysely<Database>,
  conversation: ConversationRow,
  ended: boolean,
  now: Date,
  activityDue = true,
): Promise<InboxChange> {
  const change: InboxChange = { answered: false, reopened: false };
  const at = now.toISOString();
  if (ended && conversation.waiting_since) {
    const seconds = Math.max(0, Math.round((now.getTime() - Date.parse(toIso(conversation.waiting_since))) / 1000));
    await trx
      .insertInto('reply_times')
      .values({ store_id: conversation.store_id, conversation_id: conversation.id, seconds, replied_at: at })
      .execute();
    change.answered = true;
  }
  if (activityDue) {
    await trx
      .insertInto('store_activity')
      .values({ store_id: conversation.store_id, last_active_at: at, reply_minutes: null })
      .onConflict((oc) => oc.column('store_id').doUpdateSet({ last_active_at: at }))
      .execute();
  }
  return change;
}

/**
 * A store's last_active_at is written at most once a minute (by the API's clock) per store and API
 * instance, as a token's last_used_at once an hour: a store answering chat after chat wrote the same
 * row with every message (issue 25 item 3). Visitors see it up to 5 minutes late anyway
 * (services/store-hours.ts). Returns whether this message is to write it, and counts it as written.
 */
export const STORE_ACTIVE_EVERY_MS = 60_000;
const activityWritten = new WeakMap<object, LRUCache<number, number>>();

export function storeActivityDue(db: Kysely<Database>, storeId: number, now: Date): boolean {
  let last = activityWritten.get(db);
  if (!last) {
    last = new LRUCache({ max: 10_000 });
    activityWritten.set(db, last);
  }
  const at = last.get(storeId);
  const t = now.getTime();
  // a clock moved backwards (tests) counts as elapsed
  if (at !== undefined && t >= at && t - at < STORE_ACTIVE_EVERY_MS) return false;
  last.set(storeId, t);
  return true;
}

/** After the transaction: the store's cached reply_minutes, when a wait ended. */
export async function refreshReplyMinutes(db: Kysely<Database>, storeId: number, now: Date): Promise<void> {
  const minutes = await computeReplyMinutes(db, storeId, now);
  await db
    .insertInto('store_activity')
    .values({ store_id: storeId, last_active_at: null, reply_minutes: minutes })
    .onConflict((oc) => oc.column('store_id').doUpdateSet({ reply_minutes: minutes }))
    .execute();
}

/** A store's reply_minutes is computed again at most this often (by the API's clock), per API instance. */
export const REPLY_MINUTES_EVERY_MS = 5 * 60_000;

interface Throttle {
  /** When each store's reply_minutes was last computed (ms, the API's clock). */
  last: LRUCache<number, number>;
  /** Stores answered since, waiting for the trailing refresh. */
  pending: Set<number>;
  timer: ReturnType<typeof setTimeout> | null;
}
const throttles = new WeakMap<object, Throttle>();

function throttleOf(db: Kysely<Database>): Throttle {
  let t = throttles.get(db);
  if (!t) {
    t = { last: new LRUCache({ max: 10_000 }), pending: new Set(), timer: null };
    throttles.set(db, t);
  }
  return t;
}

/**
 * The throttled refresh of reply_minutes after a store answered a wait. Each reply used to read the
 * store's 30 days of reply_times again; a busy store answering one chat after another now pays for
 * it once per `everyMs`: the first answer refreshes at once (awaited: the store's JSON is right
 * when the reply is acknowledged), the next ones within `everyMs` mark the store pending, and one
 * timer refreshes the pending stores when the interval is over (`flushReplyMinutes`), so the last
 * answers are counted even when no other follows. A visitor's copy of a store already shows it up
 * to 5 minutes late (services/store-hours.ts), so the figure is never later than it could be seen.
 */
export async function replyAnswered(
  db: Kysely<Database>,
  storeId: number,
  clock: Clock,
  everyMs = REPLY_MINUTES_EVERY_MS,
): Promise<'refreshed' | 'pending'> {
  const t = throttleOf(db);
  const now = clock();
  const last = t.last.get(storeId);
  // a clock moved backwards (tests) counts as elapsed
  if (last === undefined || now.getTime() - last >= everyMs || now.getTime() < last) {
    t.last.set(storeId, now.getTime());
    t.pending.delete(storeId);
    await refreshReplyMinutes(db, storeId, now);
    return 'refreshed';
  }
  t.pending.add(storeId);
  if (!t.timer) {
    const wait = Math.min(everyMs, Math.max(0, last + everyMs - now.getTime()));
    t.timer = setTimeout(() => {
      t.timer = null;
      flushReplyMinutes(db, clock).catch(() => {
        // the database closed (shutdown): nothing left to keep up to date
      });
    }, wait);
    t.timer.unref?.();
  }
  return 'pending';
}

/** Refreshes every pending store's reply_minutes now (the throttle's timer; tests call it). */
export async function flushReplyMinutes(db: Kysely<Database>, clock: Clock): Promise<number[]> {
  const t = throttleOf(db);
  if (t.timer) {
    clearTimeout(t.timer);
    t.timer = null;
  }
  const stores = [...t.pending];
  t.pending.clear();
  const now = clock();
  for (const storeId of stores) {
    t.last.set(storeId, now.getTime());
    await refreshReplyMinutes(db, storeId, now);
  }
  return stores;
}

/** The stores waiting for the trailing refresh (tests). */
export const pendingReplyMinutes = (db: Kysely<Database>): number[] => [...throttleOf(db).pending];

/**
 * Whether the customer's message calls for the away reply now: the store is closed at `now`, has
 * an away message, neither side blocked the other in this conversation, the store's account is not
 * blocked, and none was sent in this conversation in the last 12 hours. Claims the slot
 * (a conditional UPDATE of away_sent_at: two messages at once send one reply) and returns the text.
 */
export async function claimAwayReply(
  db: Kysely<Database>,
  conversation: ConversationRow,
  now: Date,
  /** The store's hours, away message and block as read with the conversation (message/create), else read here. */
  known?: StoreAway,
): Promise<string | null> {
  const store =
    known ??
    (await db
      .selectFrom('stores')
      .innerJoin('users', 'users.id', 'stores.user_id')
      .select(['stores.hours', 'stores.away_message', 'users.blocked_at'])
      .where('stores.id', '=', conversation.store_id)
      .executeTakeFirst());
  if (!store?.away_message) return null;
  // an account the admin blocked says nothing by itself
  if (store.blocked_at !== null && store.blocked_at !== undefined) return null;
  if (isOpenAt(parseHours(store.hours), now)) return null;
  const cutoff = new Date(now.getTime() - INBOX_LIMITS.awayReplyEveryMs).toISOString();
  const claimed = await db
    .updateTable('conversations')
    .set({ away_sent_at: now.toISOString() })
    .where('id', '=', conversation.id)
    // a conversation either side blocked (conversation/block) gets no automatic reply
    .where('blocked_by_sender', '=', 0)
    .where('blocked_by_receiver', '=', 0)
    .where((eb) => eb.or([eb('away_sent_at', 'is', null), eb('away_sent_at', '<=', cutoff)]))
    .returning(['id'])
    .executeTakeFirst();
  return claimed ? store.away_message : null;
}

/** Reply figures for one store (storeId) or every store (null). */
export async function replyStats(db: Kysely<Database>, storeId: number | null, now: Date): Promise<ReplyStats> {
  const since = new Date(now.getTime() - INBOX_LIMITS.replyWindowDays * DAY_MS).toISOString();
  let countQ = db
    .selectFrom('reply_times')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('replied_at', '>=', since);
  if (storeId !== null) countQ = countQ.where('store_id', '=', storeId);
  const n = toCount((await countQ.executeTakeFirstOrThrow()).n as number);
  let medianSeconds: number | null = null;
  if (n > 0) {
    // the middle one (two for an even count), read in order: no dialect's percentile function needed
    let q = db
      .selectFrom('reply_times')
      .select('seconds')
      .where('replied_at', '>=', since)
      .orderBy('seconds')
      .limit(n % 2 === 1 ? 1 : 2)
      .offset(n % 2 === 1 ? (n - 1) / 2 : n / 2 - 1);
    if (storeId !== null) q = q.where('store_id', '=', storeId);
    const mid = (await q.execute()).map((r) => r.seconds);
    medianSeconds = mid.reduce((a, b) => a + b, 0) / mid.length;
  }
  let waitingQ = db
    .selectFrom('conversations')
    .select((eb) => [eb.fn.countAll().as('n'), eb.fn.min('waiting_since').as('oldest')])
    .where('waiting_since', 'is not', null)
    .where('resolved', '=', 0);
  if (storeId !== null) waitingQ = waitingQ.where('store_id', '=', storeId);
  const waiting = await waitingQ.executeTakeFirstOrThrow();
  const oldest = waiting.oldest as string | Date | null;
  return {
    median_first_reply_minutes: medianSeconds === null ? null : Math.round((medianSeconds / 60) * 10) / 10,
    waiting_now: toCount(waiting.n as number),
    longest_wait_minutes: oldest ? Math.max(0, Math.floor((now.getTime() - Date.parse(toIso(oldest))) / 60_000)) : null,
  };
}
