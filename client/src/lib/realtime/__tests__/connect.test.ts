/** Refusals coming back through the relay are shown in the UI language, like the axios client's. */
import { apiMessages } from '@agrivet/shared';
import { afterEach, expect, it, vi } from 'vitest';
import { setLang } from '../../../i18n';
import { ApiError } from '../../api-error';

const refusal = { status: 422, error: { message: apiMessages.ar.totalMismatch, fields: { total: 'x' } } };

vi.mock('@agrivet/relay/realtime', async (importOriginal) => {
  const real = await importOriginal<typeof import('@agrivet/relay/realtime')>();
  class FakeClient {
    status = 'offline';
    connect() {}
    close() {}
    pending() {
      return [
        {
          client_id: 'c1',
          event: 'order:create',
          payload: {},
          state: 'failed',
          queued_at: 1,
          error: { status: 413, message: apiMessages.ar.fileTooLarge },
        },
      ];
    }
    onOutbox() {
      return () => {};
    }
    createOrder() {
      return { item: { client_id: 'c1' }, done: Promise.resolve(refusal) };
    }
  }
  return { ...real, RealtimeClient: FakeClient };
});

afterEach(async () => {
  await setLang('ar');
});

it('rejects with the English twin of the Arabic message in English mode, as an ApiError with the status', async () => {
  await setLang('en');
  const { connectRealtime } = await import('../connect');
  const port = connectRealtime('http://relay.test', 'token', 7);
  const { result } = port.write('order:create', { store_id: 1, total: '1.00', items: [] });
  const err = await result.catch((e: unknown) => e);
  expect(err).toBeInstanceOf(ApiError);
  expect((err as ApiError).message).toBe(apiMessages.en.totalMismatch);
  expect((err as ApiError).status).toBe(422);
  let entries: { error?: string }[] = [];
  port.onOutbox((e) => {
    entries = e;
  });
  expect(entries[0].error).toBe(apiMessages.en.fileTooLarge);
  port.close();
});

it('keeps the Arabic message in Arabic mode', async () => {
  const { connectRealtime } = await import('../connect');
  const port = connectRealtime('http://relay.test', 'token', 7);
  const err = await port
    .write('order:create', { store_id: 1, total: '1.00', items: [] })
    .result.catch((e: unknown) => e);
  expect((err as Error).message).toBe(apiMessages.ar.totalMismatch);
  port.close();
});
