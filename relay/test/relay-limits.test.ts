/**
 * The API's per-user write limits through the relay (docs/api.md "Rate limits"): a message over the
 * limit is acknowledged with the API's 429 `rate_limited`, its Arabic message and `error.retry_after`
 * (the API's Retry-After), nothing is pushed for it, and the other side's messages still go through.
 */
import { apiMessages, type Message } from '@agrivet/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, connect, Recorder, sleep, type TestSocket } from './helpers/sockets';
import {
  type Account,
  conversationWith,
  DEMO,
  login,
  registerFarmer,
  type RunningApi,
  type RunningRelay,
  startApi,
  startRelay,
} from './helpers/stack';

let api: RunningApi;
let relay: RunningRelay;
let farmer: Account;
let pharmacy: Account;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  api = await startApi({}, { rateLimits: { message: { points: 2, duration: 60 } } });
  relay = await startRelay(api.apiUrl);
  farmer = await registerFarmer(api.apiUrl);
  pharmacy = await login(api.apiUrl, DEMO.pharmacy);
});

afterAll(async () => {
  for (const s of sockets) s.close();
  await relay?.close();
  await api?.close();
});

it('a message over the per-user limit: 429 rate_limited with retry_after in the ack, nothing pushed', async () => {
  const conversation = await conversationWith(api.apiUrl, farmer, pharmacy);
  const sender = await connect(relay.url, farmer.token);
  const store = await connect(relay.url, pharmacy.token);
  sockets.push(sender, store);
  const heard = new Recorder(store);
  const send = (text: string) =>
    call<Message>(sender, 'message:send', { conversation_id: conversation.id, message: text, client_id: text });
  expect((await send('m-1')).status).toBe(200);
  expect((await send('m-2')).status).toBe(200);
  const refused = await send('m-3');
  expect(refused).toEqual({
    status: 429,
    error: { code: 'rate_limited', message: apiMessages.ar.tooManyRequests, retry_after: expect.any(Number) },
  });
  const wait = (refused as { error: { retry_after: number } }).error.retry_after;
  expect(wait).toBeGreaterThan(0);
  expect(wait).toBeLessThanOrEqual(60);
  // the store answers: its own count
  const answer = await call<Message>(store, 'message:send', {
    conversation_id: conversation.id,
    message: 'أهلاً',
    client_id: 'store-1',
  });
  expect(answer.status).toBe(200);
  await sleep(200);
  expect(heard.of<{ message: Message }>('message:new').map((p) => p.message.message)).toEqual(['m-1', 'm-2', 'أهلاً']);
});
