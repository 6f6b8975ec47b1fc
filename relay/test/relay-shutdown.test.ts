/**
 * Availability. Graceful shutdown: a forward in flight when close() is called still reaches the
 * API and is acknowledged; new connections are refused meanwhile (connect_error 'unavailable', so
 * clients retry). An unreachable API refuses connections the same way.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Conversation, Message } from '@agrivet/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, connect, sleep } from './helpers/sockets';
import { type Account, DEMO, login, type RunningApi, startApi, startRelay, conversationWith } from './helpers/stack';

let api: RunningApi;
let slowApi: Server;
let slowApiUrl: string;
let farmer: Account;
let conversation: Conversation;

/** An HTTP hop in front of the API that holds every request for 300 ms. */
function startSlowProxy(target: string): Promise<Server> {
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    await sleep(300);
    const headers = Object.fromEntries(
      Object.entries(req.headers).filter(([k, v]) => typeof v === 'string' && !['host', 'content-length'].includes(k)),
    ) as Record<string, string>;
    const upstream = await fetch(`${target}${req.url}`, {
      method: req.method,
      headers,
      body: req.method === 'GET' ? undefined : Buffer.concat(chunks),
    });
    res.writeHead(upstream.status, { 'Content-Type': upstream.headers.get('content-type') ?? 'application/json' });
    res.end(Buffer.from(await upstream.arrayBuffer()));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

beforeAll(async () => {
  api = await startApi();
  slowApi = await startSlowProxy(api.url);
  slowApiUrl = `http://127.0.0.1:${(slowApi.address() as AddressInfo).port}/api`;
  farmer = await login(api.apiUrl, DEMO.farmer);
  const pharmacy = await login(api.apiUrl, DEMO.pharmacy);
  conversation = await conversationWith(api.apiUrl, farmer, pharmacy);
});

afterAll(async () => {
  slowApi?.closeAllConnections();
  await new Promise((r) => slowApi?.close(r));
  await api?.close();
});

it('close() lets a forward in flight finish and acknowledges it, refusing new connections meanwhile', async () => {
  const relay = await startRelay(slowApiUrl);
  const socket = await connect(relay.url, farmer.token);
  const disconnected = new Promise((resolve) => socket.once('disconnect', resolve));
  const ack = call<Message>(socket, 'message:send', {
    conversation_id: conversation.id,
    message: 'أرسلت قبل الإغلاق',
    client_id: 'shutdown-1',
  });
  await sleep(100); // the forward is now waiting in the slow hop
  const closing = relay.close();
  await expect(connect(relay.url, farmer.token)).rejects.toThrow('unavailable');
  const res = await ack;
  expect(res.status).toBe(200);
  expect('data' in res && res.data.client_id).toBe('shutdown-1');
  await closing;
  await disconnected;
});

it('an unreachable API refuses connections with "unavailable" (clients retry), not "unauthorized"', async () => {
  const relay = await startRelay('http://127.0.0.1:1/api');
  try {
    await expect(connect(relay.url, farmer.token)).rejects.toThrow('unavailable');
  } finally {
    await relay.close();
  }
});
