/**
 * Fault test: 1,000 messages through the RealtimeClient outbox while the relay process is SIGKILLed
 * and restarted twice and the network links are cut several times. Afterwards every message is in
 * the conversation exactly once and in order, and the receiving client saw each exactly once (message ids
 * order the thread, so pushes and re-syncs may interleave).
 */
import type { Conversation, ConversationWithMessages, Message } from '@agrivet/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { RealtimeClient } from '@agrivet/realtime';
import { CuttableProxy, freePort, RelayProcess, startRedis } from './helpers/processes';
import { sleep, until } from './helpers/sockets';
import {
  type Account,
  apiGet,
  DEMO,
  login,
  type RunningApi,
  registerFarmer,
  startApi,
  conversationWith,
} from './helpers/stack';

const TOTAL = 1_000;
let redis: Awaited<ReturnType<typeof startRedis>>;
let api: RunningApi;
let relay: RelayProcess;
let senderLink: CuttableProxy;
let receiverLink: CuttableProxy;
let farmer: Account;
let pharmacy: Account;
let conversation: Conversation;
const clients: RealtimeClient[] = [];

const fastRetries = {
  reconnectionDelayMs: 100,
  reconnectionDelayMaxMs: 400,
  retryBaseMs: 50,
  retryMaxMs: 400,
  ackTimeoutMs: 4_000,
};

beforeAll(async () => {
  // 1,000 messages of one account in seconds: far past the per-user limit a person never meets
  // the standalone relay hears the API's events on Redis, as in the scaled deployment
  redis = await startRedis();
  api = await startApi({ RATE_LIMITS: 'off', REDIS_URL: redis.url });
  relay = new RelayProcess(await freePort(), api.apiUrl, redis.url);
  await relay.start();
  senderLink = new CuttableProxy(relay.port);
  receiverLink = new CuttableProxy(relay.port);
  await senderLink.start();
  await receiverLink.start();
  farmer = await registerFarmer(api.apiUrl); // a fresh account: a conversation with no history
  pharmacy = await login(api.apiUrl, DEMO.pharmacy);
  conversation = await conversationWith(api.apiUrl, farmer, pharmacy);
}, 60_000);

afterAll(async () => {
  for (const c of clients) c.close();
  await senderLink?.close();
  await receiverLink?.close();
  await relay?.kill();
  await api?.close();
  await redis?.stop();
});

/** Every message of the conversation through REST, oldest first (after_id pages). */
async function allMessages(): Promise<Message[]> {
  const out: Message[] = [];
  for (let after = 0; ; ) {
    const page = await apiGet<ConversationWithMessages>(
      api.apiUrl,
      `conversation/get/${conversation.id}?after_id=${after}`,
      farmer.token,
    );
    const fresh = page.messages.filter((m) => m.id > after);
    if (fresh.length === 0) return out;
    out.push(...fresh);
    after = Math.max(...fresh.map((m) => m.id));
  }
}

it('stores 1,000 messages once, in order, and delivers each once, through relay restarts and dropped links', async () => {
  const sender = new RealtimeClient({ ...fastRetries });
  const receiver = new RealtimeClient({ ...fastRetries });
  clients.push(sender, receiver);
  const seen: Message[] = [];
  receiver.on('message:new', ({ message }) => {
    if (message.conversation_id === conversation.id) seen.push(message);
  });
  const offline = { sender: 0, receiver: 0 };
  sender.onStatus((s) => s === 'offline' && offline.sender++);
  receiver.onStatus((s) => s === 'offline' && offline.receiver++);
  let resends = 0;
  sender.onOutbox((change) => change.type === 'sending' && change.item.attempts > 1 && resends++);
  receiver.connect(`http://127.0.0.1:${receiverLink.port}`, pharmacy.token);
  sender.connect(`http://127.0.0.1:${senderLink.port}`, farmer.token);
  await receiver.openConversation(conversation.id, 0);
  await sender.openConversation(conversation.id, 0);

  const texts = Array.from({ length: TOTAL }, (_, i) => `رسالة رقم ${i + 1}`);
  const queued = texts.map((message) => sender.sendMessage({ conversation_id: conversation.id, message }));

  const faults: string[] = [];
  const sentCount = () => TOTAL - sender.pending().length;
  const at = async (count: number, what: string, fault: () => Promise<void> | void) => {
    await until(() => sentCount() >= count, 30_000, `${count} messages sent`);
    faults.push(what);
    await fault();
  };
  await at(80, 'cut sender link', () => senderLink.cut());
  await at(200, 'kill relay', async () => {
    await relay.kill();
    await sleep(300);
    await relay.start();
  });
  await at(350, 'cut both links', () => {
    senderLink.cut();
    receiverLink.cut();
  });
  await at(500, 'cut sender link', () => senderLink.cut());
  await at(650, 'kill relay', async () => {
    await relay.kill();
    await sleep(300);
    await relay.start();
  });
  await at(800, 'cut receiver link', () => receiverLink.cut());
  await at(900, 'cut sender link', () => senderLink.cut());

  const results = await Promise.all(queued.map((q) => q.done));
  expect(results.every((r) => r.status === 200)).toBe(true);
  expect(faults).toHaveLength(7);
  // The faults really hit: both clients lost their connection repeatedly, and writes were resent.
  expect(offline.sender).toBeGreaterThanOrEqual(6);
  expect(offline.receiver).toBeGreaterThanOrEqual(4);
  expect(resends).toBeGreaterThan(0);

  const stored = await allMessages();
  expect(stored.map((m) => m.message)).toEqual(texts);
  expect(new Set(stored.map((m) => m.client_id)).size).toBe(TOTAL);
  expect(stored.map((m) => m.client_id)).toEqual(queued.map((q) => q.item.client_id));

  await until(() => seen.length >= TOTAL, 20_000, 'the receiver to see every message');
  await sleep(300); // a late duplicate would show up here
  // Each once; pushes and the re-sync after a reconnect may interleave: message ids order the thread.
  expect(seen.map((m) => m.id).sort((a, b) => a - b)).toEqual(stored.map((m) => m.id));
}, 90_000);
