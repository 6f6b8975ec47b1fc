/** message:new reaches both participants' user rooms even when the first participants lookup fails. */
import { pino } from 'pino';
import { expect, it } from 'vitest';
import type { ApiClient } from '../src/api-client';
import { participantsOf } from '../src/events/message';
import { createParticipantsCache } from '../src/participants';
import type { EventContext } from '../src/types';

const message = {
  id: 7,
  conversation_id: 3,
  user_id: 1,
  message: 'x',
  image: null,
  attachment: null,
  deleted: false,
  client_id: 'c',
  created_at: '',
};

function ctxWith(answers: unknown[]): { ctx: EventContext; calls: string[] } {
  const calls: string[] = [];
  const api = {
    get: async (path: string) => {
      calls.push(path);
      return answers.shift();
    },
  } as unknown as ApiClient;
  const ctx = {
    api,
    participants: createParticipantsCache(),
    logger: pino({ level: 'silent' }),
    caller: { token: 't' },
  } as unknown as EventContext;
  return { ctx, calls };
}

const conversation = { status: 200, data: { sender: { id: 1 }, receiver: { id: 2 }, messages: [] } };

it('retries a failed lookup once and caches the answer', async () => {
  const { ctx, calls } = ctxWith([{ status: 503, error: { code: 'internal', message: 'down' } }, conversation]);
  expect(await participantsOf(ctx, message)).toEqual({ senderId: 1, receiverId: 2 });
  expect(calls).toEqual(['conversation/get/3?after_id=7', 'conversation/get/3?after_id=7']);
  expect(await participantsOf(ctx, message)).toEqual({ senderId: 1, receiverId: 2 });
  expect(calls).toHaveLength(2);
});

it('gives up after the second failure', async () => {
  const down = { status: 504, error: { code: 'internal', message: 'slow' } };
  const { ctx, calls } = ctxWith([down, down, conversation]);
  expect(await participantsOf(ctx, message)).toBeUndefined();
  expect(calls).toHaveLength(2);
});
