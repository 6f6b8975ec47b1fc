/**
 * `npm start` (start.ts) closes slow and silent clients with the HTTP timeouts of
 * shared/src/server-timeouts.ts — here set short through HTTP_*_TIMEOUT_MS — on the one port that
 * serves the pages, the API and the relay; a websocket of the relay stays open past them.
 */
import net from 'node:net';
import { HTTP_SERVER_TIMEOUTS } from '@agrivet/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectSocket, login, startTestServer, type TestServer } from './helpers';

let server: TestServer;
let port: number;

beforeAll(async () => {
  server = await startTestServer({
    env: { HTTP_HEADERS_TIMEOUT_MS: '300', HTTP_REQUEST_TIMEOUT_MS: '600', HTTP_KEEPALIVE_TIMEOUT_MS: '500' },
  });
  port = server.running.port;
});
afterAll(async () => {
  await server?.close();
});

/** Opens a connection, writes `head`, then a byte every 20 ms until the server closes it. */
function slowClient(head: string, limit = 2_000): Promise<{ answer: string; sent: number }> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    let sent = 0;
    let timer: NodeJS.Timeout | undefined;
    socket.on('connect', () => {
      if (head) socket.write(head);
      if (head.startsWith('POST'))
        timer = setInterval(() => {
          if (sent < limit && socket.writable) {
            socket.write(' ');
            sent += 1;
          }
        }, 20);
    });
    socket.on('data', (chunk) => {
      answer += chunk.toString('latin1');
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      clearInterval(timer);
      resolve({ answer, sent });
    });
  });
}

describe('npm start: HTTP timeouts', () => {
  it('the server has them (defaults unless set)', () => {
    const s = server.running.server;
    expect([s.headersTimeout, s.requestTimeout, s.keepAliveTimeout]).toEqual([300, 600, 500]);
    expect(HTTP_SERVER_TIMEOUTS.requestTimeout).toBe(120_000);
  });

  it('a trickled POST body to the API is cut with 408 before it is complete', async () => {
    const cut = await slowClient(
      'POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 2000\r\n\r\n',
    );
    expect(cut.answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(cut.sent).toBeLessThan(2_000);
  });

  it('a connection that sends nothing is closed with 408', async () => {
    expect((await slowClient('')).answer).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('a relay websocket stays open past them (they bound receiving a request, not a connection)', async () => {
    const { token } = await login(server.url, '0944444444', 'farmer1234');
    const socket = await connectSocket(server.url, token);
    let dropped = false;
    socket.on('disconnect', () => {
      dropped = true;
    });
    try {
      // outlasts the request timeout: a trickle is cut only after it
      const cut = await slowClient(
        'POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 2000\r\n\r\n',
      );
      expect(cut.answer).toMatch(/^HTTP\/1\.1 408 /);
      expect(dropped).toBe(false);
      expect(socket.connected).toBe(true);
    } finally {
      socket.close();
    }
  });

  it('a page and the API still answer', async () => {
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    expect((await fetch(`${server.url}/`)).status).toBe(200);
  });
});
