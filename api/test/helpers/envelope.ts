/**
 * What every refusal of the API must look like (CONTRACT.md §3, §7): the envelope's status is the
 * HTTP status, `error.code` is one of shared's ERROR_CODES and goes with that status, the message is
 * Arabic, a 429 says when to retry, and no refusal carries a browse validator or may be cached.
 */
import { ERROR_CODE_STATUS, type ErrorCode, isErrorCode } from '@agrivet/shared';
import type { Response } from 'supertest';
import { expect } from 'vitest';

export function expectRefusal(res: Response, code?: ErrorCode): void {
  const where = `${res.status} ${JSON.stringify(res.body).slice(0, 300)}`;
  expect(res.status, where).toBeGreaterThanOrEqual(400);
  expect(res.body.status, where).toBe(res.status);
  const actual: unknown = res.body.error?.code;
  expect(isErrorCode(actual), `${where}: error.code is not one of ERROR_CODES`).toBe(true);
  expect(ERROR_CODE_STATUS[actual as ErrorCode], `${where}: the code goes with another status`).toBe(res.status);
  if (code !== undefined) expect(actual, where).toBe(code);
  expect(res.body.error.message, where).toMatch(/[\u0600-\u06FF]/);
  if (res.status === 429) expect(Number(res.headers['retry-after']), `${where}: Retry-After`).toBeGreaterThan(0);
  expect(res.headers.etag, `${where}: a refusal carries an ETag`).toBeUndefined();
  expect(res.headers['cache-control'], where).toBe('no-store');
}
