/**
 * `npm start` without Redis: a session the API ends reaches the relay of the same process at once
 * (start.ts wires api.sessions to relay.endSessions), so a logged-out socket closes within a second
 * instead of at the relay's periodic re-check (minutes).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { connectSocket, login, startTestServer, type TestServer } from './helpers';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.close();
});

it('logout closes that token’s socket within a second; the same user’s other session stays', async () => {
  const phone = await login(server.url, '0944444444', 'farmer1234');
  const laptop = await login(server.url, '0944444444', 'farmer1234');
  const socket = await connectSocket(server.url, phone.token);
  const other = await connectSocket(server.url, laptop.token);
  const closed = new Promise<number>((resolve) => socket.once('disconnect', () => resolve(Date.now())));
  const t0 = Date.now();
  const res = await fetch(`${server.url}/api/auth/logout`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${phone.token}` },
  });
  expect(res.status).toBe(200);
  const at = await Promise.race([closed, new Promise<number>((r) => setTimeout(() => r(Number.NaN), 1000))]);
  expect(at - t0).toBeLessThan(1000);
  await new Promise((r) => setTimeout(r, 200));
  expect(other.connected).toBe(true);
  other.close();
});
