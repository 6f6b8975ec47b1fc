/**
 * Web Push (CONTRACT.md §7) with VAPID: subscriptions per browser endpoint, and the notifications
 * of a new message (to the other participant), a new order (to the store account) and an order's
 * new status (to the buyer).
 *
 * - Keys: VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY when both are set; otherwise a pair generated on the
 *   first start and kept in the database (services/secrets.ts) so every API instance signs with it.
 * - Sending never slows or fails the write that caused it: the work is queued behind the response
 *   (setImmediate) and its errors are only logged. web-push builds each request (VAPID JWT,
 *   aes128gcm encryption); it goes out with fetch (time limit, no redirects).
 * - A push service answering 404 or 410 means the subscription is gone: it is deleted. A session
 *   that was revoked (logout, password change) gets nothing, and its subscriptions are deleted.
 * - Limits (issue 23, docs/api.md "push/subscribe"): at most PUSH_SUBSCRIPTIONS_PER_ACCOUNT (10) per
 *   account — subscribing another drops the least recently used (subscribed or delivered to). An
 *   endpoint is an https: URL on a public DNS name (net/addresses.ts: no IP literal, no trailing dot, no
 *   local name, the default port); at send time the name is resolved (`resolve`, injectable) and the
 *   connection goes only to the addresses checked there, all public — a name resolving to loopback,
 *   private, link-local, CGNAT, multicast, unspecified or metadata addresses gets nothing. Any other
 *   failure (unreachable, refused, a 5xx, a blocked address) backs that endpoint off exponentially
 *   (backoffMs: 1 minute doubling to 1 day); nothing is sent to it before `retry_at`, a delivery resets it.
 * - Notification display is the client's service worker's: it skips a message notification for a
 *   conversation that is open and visible, and `tag` makes several from one conversation one.
 */
import {
  formatCents,
  type OrderStatus,
  orderStatusLabels,
  type PushPayload,
  type PushSubscriptionBody,
} from '@agrivet/shared';
import { promises as dns, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import webpush from 'web-push';
import { nowIso } from '../db/time';
import type { ConversationRow, Database, MessageRow } from '../db/types';
import { parseStoredAttachment } from '../media/chat-media';
import { isPublicAddress, publicHostProblem } from '../net/addresses';
import { sharedSecret } from './secrets';

function subscriptionsQuery(db: Kysely<Database>) {
  return db
    .selectFrom('push_subscriptions')
    .leftJoin('auth_tokens', 'auth_tokens.id', 'push_subscriptions.token_id')
    .select([
      'push_subscriptions.id',
      'push_subscriptions.user_id',
      'push_subscriptions.endpoint',
      'push_subscriptions.p256dh',
      'push_subscriptions.auth',
      'push_subscriptions.token_id',
      'push_subscriptions.failures',
      'push_subscriptions.retry_at',
      'auth_tokens.revoked_at',
    ]);
}
type SubscriptionRow = Awaited<ReturnType<ReturnType<typeof subscriptionsQuery>['execute']>>[number];
/** Recipients read in one query at most (the IN list). */
const LOOKUP_BATCH_MAX = 500;

/** Push subscriptions one account may have; a new one beyond drops the least recently used. */
export const PUSH_SUBSCRIPTIONS_PER_ACCOUNT = 10;
const BACKOFF_FIRST_MS = 60_000;
const BACKOFF_MAX_MS = 24 * 60 * 60 * 1000;

/** How long an endpoint is left alone after `failures` failed sends in a row: 1 min, 2, 4 … at most 1 day. */
export const backoffMs = (failures: number): number =>
  Math.min(BACKOFF_MAX_MS, BACKOFF_FIRST_MS * 2 ** Math.max(0, failures - 1));

/** Resolves a host name to its addresses (default: the system resolver, as `dns.lookup` with `all`). */
export type Resolve = (host: string) => Promise<LookupAddress[]>;
const systemResolve: Resolve = (host) => dns.lookup(host, { all: true, verbatim: true });

/** A push endpoint's name resolved to no address, or to one the server must not reach. */
export class BlockedAddressError extends Error {
  override name = 'BlockedAddressError';
  constructor(
    readonly host: string,
    readonly addresses: string[],
  ) {
    super(`push endpoint host ${host} resolves to ${addresses.join(', ') || 'nothing'}: not public`);
  }
}

/** Why an endpoint is refused: its message key (apiMessages), or null when it is fine. */
export type EndpointProblem = 'pushEndpoint' | 'pushEndpointHost';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/** The configured VAPID keys, or the deployment's generated pair (created on first use). */
export async function loadVapidKeys(db: Kysely<Database>, configured: VapidKeys | null): Promise<VapidKeys> {
  if (configured) return configured;
  const stored = await sharedSecret(db, 'vapid_keys', () => JSON.stringify(webpush.generateVAPIDKeys()));
  const keys = JSON.parse(stored) as VapidKeys;
  return { publicKey: keys.publicKey, privateKey: keys.privateKey };
}

export interface PushOptions {
  keys: VapidKeys;
  /** VAPID `sub`: a mailto: or https: contact for the push services. */
  subject: string;
  /** Accept (and send to) http://127.0.0.1:* endpoints (tests). */
  allowLoopback: boolean;
  logger: Logger;
  /** Per request to a push service (ms). */
  timeoutMs?: number;
  /** How long a push service keeps an undelivered notification (s). */
  ttlSeconds?: number;
  /** Name resolution at send time (tests inject one). */
  resolve?: Resolve;
}

/** Short preview of a message's text for a notification. */
const preview = (text: string, max = 140): string => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

export class PushService {
  private readonly pending = new Set<Promise<void>>();
  /**
   * Recipients whose subscriptions are to be read, with who waits for them: the look-ups of every
   * message of one turn of the event loop are one query (issue 25: message/create's CPU).
   */
  private lookups: Map<
    number,
    { resolve: (rows: SubscriptionRow[]) => void; reject: (err: unknown) => void }[]
  > | null = null;
  private readonly timeoutMs: number;
  private readonly ttlSeconds: number;
  private readonly resolve: Resolve;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly options: PushOptions,
  ) {
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.ttlSeconds = options.ttlSeconds ?? 24 * 60 * 60;
    this.resolve = options.resolve ?? systemResolve;
  }

  get publicKey(): string {
    return this.options.keys.publicKey;
  }

  /**
   * Why the server will not send to this endpoint, judged by its text (see the module's comment), or
   * null: `pushEndpoint` not an https: URL (http://127.0.0.1:<port> only when loopback endpoints are
   * allowed, for tests); `pushEndpointHost` not on a public DNS name, or on another port than 443.
   */
  endpointProblem(endpoint: string): EndpointProblem | null {
    let url: URL;
    try {
      url = new URL(endpoint);
    } catch {
      return 'pushEndpoint';
    }
    if (url.username || url.password) return 'pushEndpoint';
    if (url.protocol === 'http:') {
      return this.options.allowLoopback && url.hostname === '127.0.0.1' && url.port !== '' ? null : 'pushEndpoint';
    }
    if (url.protocol !== 'https:') return 'pushEndpoint';
    if (url.port !== '') return 'pushEndpointHost';
    return publicHostProblem(url.hostname) ? 'pushEndpointHost' : null;
  }

  endpointAllowed(endpoint: string): boolean {
    return this.endpointProblem(endpoint) === null;
  }

  /**
   * The addresses of a push endpoint's host, all public; BlockedAddressError when it has none or any
   * is not (a name that also resolves to a private address is refused whole).
   */
  async resolvePublic(host: string): Promise<LookupAddress[]> {
    const addresses = await this.resolve(host);
    if (addresses.length === 0 || addresses.some((a) => !isPublicAddress(a.address))) {
      throw new BlockedAddressError(
        host,
        addresses.map((a) => a.address),
      );
    }
    return addresses;
  }

  /**
   * Stores (or takes over) the subscription of this endpoint for the user and session, then keeps the
   * account's PUSH_SUBSCRIPTIONS_PER_ACCOUNT most recently used ones.
   */
  async subscribe(userId: number, tokenId: number | null, body: PushSubscriptionBody): Promise<void> {
    const now = nowIso();
    await this.db
      .insertInto('push_subscriptions')
      .values({
        user_id: userId,
        token_id: tokenId,
        endpoint: body.endpoint,
        p256dh: body.keys.p256dh,
        auth: body.keys.auth,
        created_at: now,
        updated_at: now,
        last_used_at: now,
        failures: 0,
        retry_at: null,
      })
      .onConflict((oc) =>
        oc.column('endpoint').doUpdateSet((eb) => ({
          user_id: eb.ref('excluded.user_id'),
          token_id: eb.ref('excluded.token_id'),
          p256dh: eb.ref('excluded.p256dh'),
          auth: eb.ref('excluded.auth'),
          updated_at: eb.ref('excluded.updated_at'),
          last_used_at: eb.ref('excluded.last_used_at'),
          failures: 0,
          retry_at: null,
        })),
      )
      .execute();
    // every subscribe trims after its own write, so the last one to run sees them all: never more than 10
    const mine = await this.db
      .selectFrom('push_subscriptions')
      .select('id')
      .where('user_id', '=', userId)
      .orderBy('last_used_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    const beyond = mine.slice(PUSH_SUBSCRIPTIONS_PER_ACCOUNT).map((r) => r.id);
    if (beyond.length > 0) await this.db.deleteFrom('push_subscriptions').where('id', 'in', beyond).execute();
  }

  /** Removes the user's subscription of this endpoint (nothing when there is none). */
  async unsubscribe(userId: number, endpoint: string): Promise<void> {
    await this.db
      .deleteFrom('push_subscriptions')
      .where('endpoint', '=', endpoint)
      .where('user_id', '=', userId)
      .execute();
  }

  /**
   * A new message: the other participant is notified (after the response). Their subscriptions are
   * read first; the title's name only when there is someone to send to (most recipients have none).
   */
  messageCreated(message: MessageRow, conversation: ConversationRow): void {
    this.later(async () => {
      const toStoreOwner = message.user_id === conversation.sender_id;
      const recipient = toStoreOwner ? conversation.receiver_id : conversation.sender_id;
      if (recipient === message.user_id) return;
      await this.sendToUser(
        recipient,
        async () => {
          // the farmer sees the store's name; the store sees the farmer's
          const title = toStoreOwner
            ? (await this.db.selectFrom('users').select('name').where('id', '=', message.user_id).executeTakeFirst())
                ?.name
            : (
                await this.db
                  .selectFrom('stores')
                  .select('name_store')
                  .where('id', '=', conversation.store_id)
                  .executeTakeFirst()
              )?.name_store;
          const attachment = parseStoredAttachment(message.attachment) ?? (message.image ? { kind: 'image' } : null);
          const body = message.message
            ? preview(message.message)
            : attachment?.kind === 'audio'
              ? 'رسالة صوتية'
              : attachment
                ? 'صورة'
                : '';
          return {
            type: 'message',
            title: title ?? 'رسالة جديدة',
            body,
            url: `/chat/${conversation.id}`,
            tag: `conversation-${conversation.id}`,
          };
        },
        'high',
      );
    });
  }

  /** A new order: the store's account is notified (after the response). */
  orderCreated(orderId: number): void {
    this.later(async () => {
      const order = await this.db
        .selectFrom('orders')
        .innerJoin('stores', 'stores.id', 'orders.store_id')
        .innerJoin('users as buyer', 'buyer.id', 'orders.user_id')
        .select(['orders.id', 'orders.total_cents', 'stores.user_id as owner_id', 'buyer.name as buyer_name'])
        .where('orders.id', '=', orderId)
        .executeTakeFirst();
      if (!order) return;
      await this.sendToUser(
        order.owner_id,
        {
          type: 'order:new',
          title: 'طلب جديد',
          body: `الطلب رقم ${order.id} من ${order.buyer_name} بقيمة ${formatCents(Number(order.total_cents))} $`,
          url: `/order/details?id=${order.id}`,
          tag: `order-${order.id}`,
        },
        'high',
      );
    });
  }

  /** An order's status changed: the buyer is notified (after the response). */
  orderStatusChanged(orderId: number): void {
    this.later(async () => {
      const order = await this.db
        .selectFrom('orders')
        .leftJoin('stores', 'stores.id', 'orders.store_id')
        .select(['orders.id', 'orders.user_id', 'orders.status', 'stores.name_store'])
        .where('orders.id', '=', orderId)
        .executeTakeFirst();
      if (!order) return;
      const status = orderStatusLabels.ar[order.status as OrderStatus] ?? '';
      await this.sendToUser(
        order.user_id,
        {
          type: 'order:status',
          title: 'تحديث حالة طلبك',
          body: `الطلب رقم ${order.id}${order.name_store ? ` من ${order.name_store}` : ''}: ${status}`,
          url: '/myorders',
          tag: `order-${order.id}`,
        },
        'normal',
      );
    });
  }

  /** Any other notification to one user (subscription reminders), after the response. */
  notify(userId: number, payload: PushPayload, urgency: 'high' | 'normal' = 'normal'): void {
    this.later(() => this.sendToUser(userId, payload, urgency));
  }

  /** Resolves once every queued notification has been sent (or has failed). */
  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  private later(work: () => Promise<void>): void {
    const job: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
      .then(work)
      .catch((err: unknown) => this.options.logger.warn({ err }, 'push notification failed'))
      .finally(() => this.pending.delete(job));
    this.pending.add(job);
  }

  private async sendToUser(
    userId: number,
    payload: PushPayload | (() => Promise<PushPayload>),
    urgency: 'high' | 'normal',
  ): Promise<void> {
    const subscriptions = await this.subscriptionsOf(userId);
    if (subscriptions.length === 0) return;
    // a revoked session's, and endpoints stored before today's rules refuse them: never sent to, deleted
    const gone = subscriptions
      .filter((s) => (s.token_id !== null && s.revoked_at !== null) || !this.endpointAllowed(s.endpoint))
      .map((s) => s.id);
    if (gone.length > 0) await this.db.deleteFrom('push_subscriptions').where('id', 'in', gone).execute();
    const now = Date.now();
    const live = subscriptions.filter(
      (s) => !gone.includes(s.id) && (s.retry_at === null || new Date(s.retry_at).getTime() <= now),
    );
    if (live.length === 0) return;
    const content = typeof payload === 'function' ? await payload() : payload;
    await Promise.all(live.map((s) => this.send(s, content, urgency)));
  }

  /** The user's subscriptions, read together with those of the other recipients waiting in this turn. */
  private subscriptionsOf(userId: number): Promise<SubscriptionRow[]> {
    return new Promise((resolve, reject) => {
      if (this.lookups === null) {
        this.lookups = new Map();
        setImmediate(() => void this.readLookups());
      }
      const waiting = this.lookups.get(userId);
      if (waiting) waiting.push({ resolve, reject });
      else this.lookups.set(userId, [{ resolve, reject }]);
    });
  }

  private async readLookups(): Promise<void> {
    const lookups = this.lookups ?? new Map();
    this.lookups = null;
    const ids = [...lookups.keys()];
    for (let start = 0; start < ids.length; start += LOOKUP_BATCH_MAX) {
      const chunk = ids.slice(start, start + LOOKUP_BATCH_MAX);
      try {
        const rows = await subscriptionsQuery(this.db).where('push_subscriptions.user_id', 'in', chunk).execute();
        const byUser = new Map<number, SubscriptionRow[]>();
        for (const row of rows) {
          const userId = Number(row.user_id);
          byUser.set(userId, [...(byUser.get(userId) ?? []), row]);
        }
        for (const id of chunk) for (const w of lookups.get(id) ?? []) w.resolve(byUser.get(id) ?? []);
      } catch (err) {
        for (const id of chunk) for (const w of lookups.get(id) ?? []) w.reject(err);
      }
    }
  }

  /** A send failed: nothing more to this endpoint until the back-off has passed. */
  private async failed(subscription: { id: number; failures: number }): Promise<void> {
    const failures = subscription.failures + 1;
    await this.db
      .updateTable('push_subscriptions')
      .set({ failures, retry_at: new Date(Date.now() + backoffMs(failures)).toISOString() })
      .where('id', '=', subscription.id)
      .execute();
  }

  /** Delivered: the endpoint is in use (kept before others past the limit) and its back-off forgotten. */
  private async delivered(subscription: { id: number }): Promise<void> {
    await this.db
      .updateTable('push_subscriptions')
      .set({ last_used_at: nowIso(), failures: 0, retry_at: null })
      .where('id', '=', subscription.id)
      .execute();
  }

  /** node:net's lookup for the push request: only addresses resolvePublic has checked are connected to. */
  private readonly lookup: LookupFunction = (hostname, options, callback) => {
    this.resolvePublic(hostname).then(
      (addresses) => {
        if (options.all) callback(null, addresses);
        else callback(null, addresses[0]!.address, addresses[0]!.family);
      },
      (err: NodeJS.ErrnoException) => callback(err, '', 0),
    );
  };

  /** POSTs the notification; resolves with the push service's status. No redirects are followed. */
  private post(url: URL, headers: Record<string, string>, body: Buffer | null): Promise<number> {
    // http: only for the loopback endpoints of tests (endpointProblem); everything else is https on a name
    const loopback = url.protocol === 'http:';
    return new Promise((resolve, reject) => {
      const request = (loopback ? http : https).request(
        url,
        {
          method: 'POST',
          headers: { ...headers, 'Content-Length': String(body?.length ?? 0) },
          lookup: loopback ? undefined : this.lookup,
          signal: AbortSignal.timeout(this.timeoutMs),
        },
        (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        },
      );
      request.on('error', reject);
      request.end(body ?? undefined);
    });
  }

  private async send(
    subscription: { id: number; endpoint: string; p256dh: string; auth: string; failures: number },
    payload: PushPayload,
    urgency: 'high' | 'normal',
  ): Promise<void> {
    const details = webpush.generateRequestDetails(
      { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
      JSON.stringify(payload),
      {
        vapidDetails: {
          subject: this.options.subject,
          publicKey: this.options.keys.publicKey,
          privateKey: this.options.keys.privateKey,
        },
        contentEncoding: 'aes128gcm',
        TTL: this.ttlSeconds,
        urgency,
        topic: payload.tag,
      },
    );
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(details.headers)) {
      // the length is set from the body itself
      if (name.toLowerCase() !== 'content-length') headers[name] = String(value);
    }
    const url = new URL(details.endpoint);
    let status: number;
    try {
      status = await this.post(url, headers, details.body ? Buffer.from(details.body) : null);
    } catch (err) {
      if (err instanceof BlockedAddressError) {
        this.options.logger.warn(
          { host: err.host, addresses: err.addresses },
          'push endpoint resolves to a non-public address: not sent',
        );
      } else {
        this.options.logger.warn({ err, host: url.host }, 'push service unreachable');
      }
      await this.failed(subscription);
      return;
    }
    if (status === 404 || status === 410) {
      await this.db.deleteFrom('push_subscriptions').where('id', '=', subscription.id).execute();
      return;
    }
    if (status >= 200 && status < 300) {
      await this.delivered(subscription);
      return;
    }
    this.options.logger.warn({ status, host: url.host }, 'push service refused a notification');
    await this.failed(subscription);
  }
}
