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
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import webpush from 'web-push';
import { nowIso } from '../db/time';
import type { ConversationRow, Database, MessageRow } from '../db/types';
import { parseStoredAttachment } from '../media/chat-media';
import { sharedSecret } from './secrets';

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
}

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

/** Short preview of a message's text for a notification. */
const preview = (text: string, max = 140): string => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

export class PushService {
  private readonly pending = new Set<Promise<void>>();
  private readonly timeoutMs: number;
  private readonly ttlSeconds: number;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly options: PushOptions,
  ) {
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.ttlSeconds = options.ttlSeconds ?? 24 * 60 * 60;
  }

  get publicKey(): string {
    return this.options.keys.publicKey;
  }

  /**
   * Whether the server may send to this endpoint: an https: URL on a host name (not an IP address,
   * not localhost), or http://127.0.0.1:<port> when loopback endpoints are allowed (tests).
   */
  endpointAllowed(endpoint: string): boolean {
    let url: URL;
    try {
      url = new URL(endpoint);
    } catch {
      return false;
    }
    if (url.username || url.password) return false;
    if (url.protocol === 'http:') return this.options.allowLoopback && url.hostname === '127.0.0.1' && url.port !== '';
    if (url.protocol !== 'https:') return false;
    const host = url.hostname.toLowerCase();
    if (IPV4.test(host) || host.startsWith('[') || !host.includes('.')) return false;
    return !(host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.local'));
  }

  /** Stores (or takes over) the subscription of this endpoint for the user and session. */
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
      })
      .onConflict((oc) =>
        oc.column('endpoint').doUpdateSet((eb) => ({
          user_id: eb.ref('excluded.user_id'),
          token_id: eb.ref('excluded.token_id'),
          p256dh: eb.ref('excluded.p256dh'),
          auth: eb.ref('excluded.auth'),
          updated_at: eb.ref('excluded.updated_at'),
        })),
      )
      .execute();
  }

  /** Removes the user's subscription of this endpoint (nothing when there is none). */
  async unsubscribe(userId: number, endpoint: string): Promise<void> {
    await this.db
      .deleteFrom('push_subscriptions')
      .where('endpoint', '=', endpoint)
      .where('user_id', '=', userId)
      .execute();
  }

  /** A new message: the other participant is notified (after the response). */
  messageCreated(message: MessageRow, conversation: ConversationRow): void {
    this.later(async () => {
      const toStoreOwner = message.user_id === conversation.sender_id;
      const recipient = toStoreOwner ? conversation.receiver_id : conversation.sender_id;
      if (recipient === message.user_id) return;
      // the farmer sees the store's name; the store sees the farmer's
      const title = toStoreOwner
        ? (await this.db.selectFrom('users').select('name').where('id', '=', message.user_id).executeTakeFirst())?.name
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
      await this.sendToUser(
        recipient,
        {
          type: 'message',
          title: title ?? 'رسالة جديدة',
          body,
          url: `/chat/${conversation.id}`,
          tag: `conversation-${conversation.id}`,
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

  private async sendToUser(userId: number, payload: PushPayload, urgency: 'high' | 'normal'): Promise<void> {
    const subscriptions = await this.db
      .selectFrom('push_subscriptions')
      .leftJoin('auth_tokens', 'auth_tokens.id', 'push_subscriptions.token_id')
      .select([
        'push_subscriptions.id',
        'push_subscriptions.endpoint',
        'push_subscriptions.p256dh',
        'push_subscriptions.auth',
        'push_subscriptions.token_id',
        'auth_tokens.revoked_at',
      ])
      .where('push_subscriptions.user_id', '=', userId)
      .execute();
    const revoked = subscriptions.filter((s) => s.token_id !== null && s.revoked_at !== null).map((s) => s.id);
    if (revoked.length > 0) await this.db.deleteFrom('push_subscriptions').where('id', 'in', revoked).execute();
    const live = subscriptions.filter((s) => !revoked.includes(s.id) && this.endpointAllowed(s.endpoint));
    await Promise.all(live.map((s) => this.send(s, payload, urgency)));
  }

  private async send(
    subscription: { id: number; endpoint: string; p256dh: string; auth: string },
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
      // fetch sets the length itself
      if (name.toLowerCase() !== 'content-length') headers[name] = String(value);
    }
    const host = new URL(subscription.endpoint).host;
    let status: number;
    try {
      const response = await fetch(details.endpoint, {
        method: 'POST',
        headers,
        body: details.body ? new Uint8Array(details.body) : null,
        redirect: 'manual',
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      status = response.status;
      await response.body?.cancel();
    } catch (err) {
      this.options.logger.warn({ err, host }, 'push service unreachable');
      return;
    }
    if (status === 404 || status === 410) {
      await this.db.deleteFrom('push_subscriptions').where('id', '=', subscription.id).execute();
      return;
    }
    if (status < 200 || status >= 300)
      this.options.logger.warn({ status, host }, 'push service refused a notification');
  }
}
