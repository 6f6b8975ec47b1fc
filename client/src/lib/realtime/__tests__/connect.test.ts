/** Refusals coming back through the relay are ApiErrors with their code, shown in the UI language like the axios client's. */
import { apiMessages, errorCodeMessages } from '@agrivet/shared';
import { afterEach, expect, it, vi } from 'vitest';
import { setLang } from '@/i18n';
import { ApiError } from '@/lib/api-error';

const refusal = {
  status: 422,
  error: {
    code: 'validation_failed',
    message: apiMessages.ar.totalMismatch,
    fields: { total: apiMessages.ar.totalMismatch },
  },
};
const fake = vi.hoisted(() => ({
  outboxListeners: [] as ((change: { type: string; item: unknown }) => void)[],
  createdWith: [] as unknown[],
}));

vi.mock('@agrivet/realtime', async (importOriginal) => {
  const real = await importOriginal<typeof import('@agrivet/realtime')>();
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
          error: { status: 413, code: 'too_large', message: apiMessages.ar.fileTooLarge },
        },
      ];
    }
    onOutbox(listener: (change: { type: string; item: unknown }) => void) {
      fake.outboxListeners.push(listener);
      return () => {
        fake.outboxListeners = fake.outboxListeners.filter((l) => l !== listener);
      };
    }
    createOrder(_input: unknown, options?: { client_id?: string }) {
      fake.createdWith.push(options);
      return { item: { client_id: options?.client_id ?? 'c1' }, done: Promise.resolve(refusal) };
    }
  }
  return { ...real, RealtimeClient: FakeClient };
});

afterEach(async () => {
  await setLang('ar');
});

it('rejects with an ApiError carrying the code, in English by code (the one field at fault) in English mode', async () => {
  await setLang('en');
  const { connectRealtime } = await import('@/lib/realtime/connect');
  const port = connectRealtime('http://relay.test', 'token', 7);
  const { result } = port.write('order:create', { store_id: 1, total: '1.00', items: [] });
  const err = await result.catch((e: unknown) => e);
  expect(err).toBeInstanceOf(ApiError);
  expect((err as ApiError).message).toBe(apiMessages.en.totalMismatch);
  expect((err as ApiError).status).toBe(422);
  expect((err as ApiError).code).toBe('validation_failed');
  expect((err as ApiError).fields).toEqual({ total: apiMessages.en.totalMismatch });
  let entries: { error?: string }[] = [];
  port.onOutbox((e) => {
    entries = e;
  });
  expect(entries[0].error).toBe(errorCodeMessages.en.too_large);
  port.close();
});

it('keeps the Arabic message in Arabic mode', async () => {
  const { connectRealtime } = await import('@/lib/realtime/connect');
  const port = connectRealtime('http://relay.test', 'token', 7);
  const err = await port
    .write('order:create', { store_id: 1, total: '1.00', items: [] })
    .result.catch((e: unknown) => e);
  expect((err as Error).message).toBe(apiMessages.ar.totalMismatch);
  port.close();
});

it('passes the caller’s client_id to the outbox and returns the outbox’s', async () => {
  const { connectRealtime } = await import('@/lib/realtime/connect');
  const port = connectRealtime('http://relay.test', 'token', 7);
  fake.createdWith.length = 0;
  const written = port.write('order:create', { store_id: 1, total: '1.00', items: [] }, 'mine-1');
  expect(written.client_id).toBe('mine-1');
  expect(fake.createdWith).toEqual([{ client_id: 'mine-1' }]);
  await written.result.catch(() => {});
  port.close();
});

it('reports each write leaving the outbox (sent / failed with the UI-language message) before outbox listeners', async () => {
  await setLang('en');
  fake.outboxListeners = [];
  const { connectRealtime } = await import('@/lib/realtime/connect');
  const port = connectRealtime('http://relay.test', 'token', 7);
  const heard: string[] = [];
  port.onOutbox(() => heard.push('entries'));
  heard.length = 0;
  const off = port.onOutboxResult((id, outcome, error) => heard.push(`${id} ${outcome} ${error ?? ''}`.trim()));
  const emit = (type: string, item: unknown) => {
    for (const l of [...fake.outboxListeners]) l({ type, item });
  };
  emit('sending', { client_id: 'a', state: 'sending', queued_at: 1 });
  emit('sent', { client_id: 'a', state: 'sent', queued_at: 1 });
  emit('failed', {
    client_id: 'b',
    state: 'failed',
    queued_at: 1,
    error: { status: 413, code: 'too_large', message: apiMessages.ar.fileTooLarge },
  });
  expect(heard).toEqual(['entries', 'a sent', 'entries', `b failed ${errorCodeMessages.en.too_large}`, 'entries']);
  off();
  emit('sent', { client_id: 'c', state: 'sent', queued_at: 1 });
  expect(heard.at(-1)).toBe('entries');
  port.close();
  expect(fake.outboxListeners).toHaveLength(1); // only the onOutbox listener left (the fake ignores close)
});
