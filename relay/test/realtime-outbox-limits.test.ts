/** The outbox never jams: oversized images are refused up front, and an item whose connection keeps dropping fails. */
import { apiMessages, type Conversation, LIMITS, type Message } from '@agrivet/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MemoryOutboxStorage, type OutboxItem, RealtimeClient } from '../src/realtime/index';
import {
  type Account,
  DEMO,
  login,
  type RunningApi,
  type RunningRelay,
  startApi,
  startRelay,
  conversationWith,
} from './helpers/stack';

let api: RunningApi;
let relay: RunningRelay;
let farmer: Account;
let conversation: Conversation;
const clients: RealtimeClient[] = [];

beforeAll(async () => {
  api = await startApi();
  relay = await startRelay(api.apiUrl);
  farmer = await login(api.apiUrl, DEMO.farmer);
  const pharmacy = await login(api.apiUrl, DEMO.pharmacy);
  conversation = await conversationWith(api.apiUrl, farmer, pharmacy);
});

afterAll(async () => {
  for (const c of clients) c.close();
  await relay?.close();
  await api?.close();
});

/** A JPEG header then zeros: as large as asked. */
function jpeg(bytes: number): Uint8Array {
  const image = new Uint8Array(bytes);
  image.set([0xff, 0xd8, 0xff, 0xe0]);
  return image;
}

it('an image over the limit fails at once with a 413 and the text sent after it is delivered', async () => {
  const c = new RealtimeClient({ apiUrl: api.apiUrl, reconnectionDelayMs: 100, retryBaseMs: 50 });
  clients.push(c);
  c.connect(relay.url, farmer.token);
  const big = c.sendMessage({ conversation_id: conversation.id, image: jpeg(LIMITS.imageMaxBytes + 600 * 1024) });
  const text = c.sendMessage({ conversation_id: conversation.id, message: 'بعد الصورة الكبيرة' });
  const refused = await big.done;
  expect(refused).toEqual({ status: 413, error: { message: apiMessages.ar.fileTooLarge } });
  expect(big.item.state).toBe('failed');
  const sent = await text.done;
  expect(sent.status).toBe(200);
  expect((sent as { data: Message }).data.message).toBe('بعد الصورة الكبيرة');
  expect(c.pending()).toHaveLength(0);
});

it('a stored write the relay keeps dropping the connection for fails after maxLostSends; the next write goes through', async () => {
  // Queued by an older client (before the size check) and restored from storage after a reload.
  const storage = new MemoryOutboxStorage();
  const stuck: OutboxItem = {
    client_id: 'legacy-oversized',
    event: 'message:send',
    payload: { conversation_id: conversation.id, image: jpeg(LIMITS.imageMaxBytes + 600 * 1024) },
    state: 'pending',
    attempts: 0,
    queued_at: Date.now(),
  };
  storage.save([stuck]);
  const c = new RealtimeClient({
    apiUrl: api.apiUrl,
    storage,
    reconnectionDelayMs: 50,
    reconnectionDelayMaxMs: 100,
    retryBaseMs: 20,
    retryMaxMs: 50,
    maxLostSends: 3,
  });
  clients.push(c);
  const failed: OutboxItem[] = [];
  c.onOutbox((change) => change.type === 'failed' && failed.push(change.item));
  c.connect(relay.url, farmer.token);
  const text = c.sendMessage({ conversation_id: conversation.id, message: 'بعد العنصر العالق' });
  const sent = await text.done;
  expect(sent.status).toBe(200);
  expect(failed.map((i) => [i.client_id, i.error?.status, i.attempts])).toEqual([['legacy-oversized', 413, 3]]);
  expect(storage.load()).toEqual([]);
}, 20_000);
