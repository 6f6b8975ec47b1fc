/**
 * Every envelope the relay answers by itself names its `error.code` (CONTRACT.md §7), and the
 * forwarding client hands on the API's envelopes with a code even when the answer lacked one.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ERROR_CODE_STATUS, type ErrorCode } from '@agrivet/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../src/api-client';
import {
  apiTimeout,
  apiUnavailable,
  codeOf,
  internalError,
  invalid,
  notInConversation,
  rateLimited,
  refusesToken,
  relayMessages,
  shuttingDown,
  tooLarge,
} from '../src/messages';

describe("the relay's own refusals", () => {
  it('carry the code of their status, with an Arabic message', () => {
    const cases: [ReturnType<typeof invalid>, number, ErrorCode][] = [
      [invalid({ conversation_id: 'مطلوب' }), 422, 'validation_failed'],
      [tooLarge(), 413, 'too_large'],
      [rateLimited(), 429, 'rate_limited'],
      [notInConversation(), 403, 'forbidden'],
      [internalError(), 500, 'internal'],
      [apiUnavailable(), 503, 'internal'],
      [apiUnavailable(502), 502, 'internal'],
      [apiTimeout(), 504, 'internal'],
      [shuttingDown(), 503, 'internal'],
    ];
    for (const [envelope, status, code] of cases) {
      expect(envelope.status).toBe(status);
      expect(envelope.error.code).toBe(code);
      if (code !== 'internal') expect(ERROR_CODE_STATUS[code]).toBe(status);
      expect(envelope.error.message).toMatch(/[\u0600-\u06FF]/);
    }
    expect(invalid({ conversation_id: 'مطلوب' }).error.fields).toEqual({ conversation_id: 'مطلوب' });
  });

  it('decides on codes: only a refused token ends a session at connect or re-check', () => {
    expect(codeOf({ status: 200, data: {} })).toBeUndefined();
    expect(codeOf(rateLimited())).toBe('rate_limited');
    for (const code of ['unauthenticated', 'forbidden', 'subscription_expired'] as const) {
      expect(refusesToken(code)).toBe(true);
    }
    for (const code of ['rate_limited', 'internal', 'not_found', undefined] as const) {
      expect(refusesToken(code)).toBe(false);
    }
  });
});

describe('forwarding', () => {
  let server: Server;
  let base = '';
  /** What the fake API answers next: status and raw body. */
  let answer: { status: number; body: string } = { status: 200, body: '{}' };

  beforeAll(async () => {
    server = createServer((_req, res) => {
      res.writeHead(answer.status, { 'Content-Type': 'application/json' });
      res.end(answer.body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });

  it("hands on the API's envelope unchanged, adds the status's code when one lacks it", async () => {
    const api = createApiClient(base);
    try {
      const coded = { status: 403, error: { code: 'subscription_expired', message: 'اشتراكك منتهي الصلاحية' } };
      answer = { status: 403, body: JSON.stringify(coded) };
      expect(await api.get('order/get/1', { token: 't' })).toEqual(coded);

      answer = { status: 404, body: JSON.stringify({ status: 404, error: { message: 'غير موجود' } }) };
      expect(await api.get('order/get/1', { token: 't' })).toEqual({
        status: 404,
        error: { code: 'not_found', message: 'غير موجود' },
      });

      answer = { status: 502, body: '<html>bad gateway</html>' };
      expect(await api.post('message/create', { message: 'x' }, { token: 't' })).toEqual({
        status: 502,
        error: { code: 'internal', message: relayMessages.apiUnavailable },
      });
    } finally {
      api.close();
    }
  });

  it('an unreachable API is a 503 with code internal', async () => {
    const api = createApiClient('http://127.0.0.1:1/api');
    try {
      expect(await api.get('auth/user', { token: 't' })).toEqual({
        status: 503,
        error: { code: 'internal', message: relayMessages.apiUnavailable },
      });
    } finally {
      api.close();
    }
  });
});
