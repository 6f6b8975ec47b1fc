/**
 * Slow and silent clients (shared/src/server-timeouts.ts, docs/deploy.md "Timeouts"): the API's HTTP
 * server, built as api/src/main.ts builds it but with short timeouts, answers 408 and closes a
 * connection whose body is trickled past the request timeout, one whose headers never end, and one
 * that sends nothing; an idle keep-alive connection is closed after its timeout. No sleeps: each case
 * waits for the server to close the connection, and would fail on the test's own time limit if it
 * never did.
 */
import { createServer, type Server } from 'node:http';
import { HTTP_SERVER_TIMEOUTS, httpServerTimeouts } from '@agrivet/shared';
import { answerClientErrors } from '../src/http/client-errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentConnection, trickleBody, trickleHeaders } from './helpers/slow-client';
import { useTestApi } from './helpers/test-api';

const t = useTestApi();
const SHORT = { HTTP_HEADERS_TIMEOUT_MS: '300', HTTP_REQUEST_TIMEOUT_MS: '600', HTTP_KEEPALIVE_TIMEOUT_MS: '200' };
let server: Server;
let port: number;
let answered = 0;

beforeAll(async () => {
  server = createServer(httpServerTimeouts(SHORT), (req, res) => {
    res.on('finish', () => {
      answered += 1;
    });
    t.app(req, res);
  });
  answerClientErrors(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  port = typeof address === 'object' && address ? address.port : 0;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('the settings', () => {
  it('defaults: headers 20 s, the whole request 120 s, idle keep-alive 65 s; each settable, bad values refused', () => {
    expect(HTTP_SERVER_TIMEOUTS).toEqual({ headersTimeout: 20_000, requestTimeout: 120_000, keepAliveTimeout: 65_000 });
    expect(httpServerTimeouts({})).toEqual({ ...HTTP_SERVER_TIMEOUTS, connectionsCheckingInterval: 5_000 });
    expect(httpServerTimeouts(SHORT)).toEqual({
      headersTimeout: 300,
      requestTimeout: 600,
      keepAliveTimeout: 200,
      connectionsCheckingInterval: 75,
    });
    expect(() => httpServerTimeouts({ HTTP_REQUEST_TIMEOUT_MS: 'soon' })).toThrow(/HTTP_REQUEST_TIMEOUT_MS/);
    expect(() => httpServerTimeouts({ HTTP_HEADERS_TIMEOUT_MS: '0' })).toThrow(RangeError);
    expect(() => httpServerTimeouts({ HTTP_HEADERS_TIMEOUT_MS: '5000', HTTP_REQUEST_TIMEOUT_MS: '1000' })).toThrow(
      /HTTP_HEADERS_TIMEOUT_MS/,
    );
    const built = createServer(httpServerTimeouts({}));
    expect([built.headersTimeout, built.requestTimeout, built.keepAliveTimeout]).toEqual([20_000, 120_000, 65_000]);
  });
});

describe('slow and silent clients are cut', () => {
  it('a POST body trickled a byte at a time: 408 and closed before it is complete; no route ran', async () => {
    const before = answered;
    // 2,000 bytes at one per 20 ms would take 40 s; the request timeout is 0.6 s
    const cut = await trickleBody(port, '/api/auth/login', 2_000, 20);
    expect(cut.answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(cut.sent).toBeLessThan(2_000);
    expect(answered).toBe(before);
  });

  it('headers that never end: 408 and closed', async () => {
    expect(await trickleHeaders(port, 20)).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('a connection that sends nothing: 408 and closed, with the envelope in Arabic', async () => {
    const answer = await silentConnection(port);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(envelopeOf(answer)).toEqual({
      status: 408,
      error: { code: 'validation_failed', message: 'لم يصل الطلب كاملاً في الوقت المحدد، أعد المحاولة' },
    });
  });

  it('an idle keep-alive connection after an answer is closed', async () => {
    const answer = await sendWhole('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(answer).toMatch(/keep-alive/i);
  });

  it('a prompt request is unaffected', async () => {
    // Sent whole in one write, as a prompt client does: the timeouts count from the request's first
    // byte, so a fetch whose body this busy test process wrote later could be cut (seen at 600 ms).
    const body = JSON.stringify({ phone: '0911111111', password: 'wrong-one' });
    const answer = await sendWhole(
      'POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 401 /);
  });
});

describe('requests Node refuses before the app', () => {
  it('a URL or headers over its limit (a search of thousands of letters): 431 with the envelope in Arabic', async () => {
    const q = encodeURIComponent('ز'.repeat(5_000));
    const answer = await sendWhole(`GET /api/search?q=${q} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
    expect(answer).toMatch(/^HTTP\/1\.1 431 /);
    expect(answer).toMatch(/content-type: application\/json/i);
    expect(envelopeOf(answer)).toEqual({
      status: 431,
      error: { code: 'too_large', message: 'الطلب أطول من المسموح: اختصر النص المرسل' },
    });
  });

  it('an unreadable request: 422 with the envelope (CONTRACT.md §3 has no 400), and the server goes on', async () => {
    const answer = await sendWhole('GARBAGE\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 422 /);
    expect(envelopeOf(answer)).toMatchObject({ status: 422, error: { code: 'validation_failed' } });
    expect(await sendWhole('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n')).toMatch(
      /^HTTP\/1\.1 200 /,
    );
  });
});

/** The JSON body of a raw HTTP answer (bytes read as latin1: decoded back to UTF-8). */
const envelopeOf = (answer: string): unknown =>
  JSON.parse(Buffer.from(answer.slice(answer.indexOf('\r\n\r\n') + 4), 'latin1').toString('utf8'));

/** Writes `request` in one write and resolves with everything the server sent until it closed. */
async function sendWhole(request: string): Promise<string> {
  const net = await import('node:net');
  return new Promise<string>((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
    let text = '';
    socket.on('data', (chunk) => {
      text += chunk.toString('latin1');
    });
    socket.on('error', () => {});
    socket.on('close', () => resolve(text));
  });
}
