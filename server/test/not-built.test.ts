/** `npm start` before the client was built: pages explain how to build it, the API still works. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers';

let srv: TestServer;

beforeAll(async () => {
  srv = await startTestServer({ clientBuilt: false });
});

afterAll(async () => {
  await srv?.close();
});

it('client routes answer 503 with a bilingual hint to build the client; /api keeps working', async () => {
  for (const route of ['/', '/chat/5']) {
    const res = await fetch(`${srv.url}${route}`);
    expect(res.status, route).toBe(503);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    const page = await res.text();
    expect(page).toContain('npm run build -w @agrivet/client');
    expect(page).toMatch(/[\u0600-\u06FF]/);
  }
  expect((await fetch(`${srv.url}/api/health`)).status).toBe(200);
  expect((await fetch(`${srv.url}/api/no-such-route`)).status).toBe(404);
});
