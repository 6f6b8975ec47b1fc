/**
 * An outbox retry of a message with an upload, racing its first copy (the relay's forward timed out and
 * the outbox sent it again while the first was still being written): the retry's client_id look-up ran
 * before the first copy committed, its upload check after. The upload is used — by this same write — so
 * the answer is the first message, as for any replay, not 409. On PostgreSQL this interleaving happens
 * (CI caught it once, in attachments.test's concurrent pair); here the look-up is made to miss once to
 * reproduce it on every run.
 */
import request from 'supertest';
import { describe, expect, it, vi } from 'vitest';
import { useTestApi } from './helpers/test-api';
import { tone } from './helpers/media';

/** When set, the route's first client_id look-up misses (it ran before the first copy committed). */
const race = vi.hoisted(() => ({ missNext: false }));
vi.mock('../src/services/messages', async (importOriginal) => {
  const real = await importOriginal<typeof import('../src/services/messages')>();
  return {
    ...real,
    findByClientId: (...args: Parameters<typeof real.findByClientId>) => {
      if (race.missNext) {
        race.missNext = false;
        return Promise.resolve(undefined);
      }
      return real.findByClientId(...args);
    },
  };
});

const t = useTestApi();

/** A farmer's conversation with a store and a voice note uploaded for it, not yet sent. */
async function voiceToSend() {
  const farmer = await t.make.loginAs('farmer');
  const owner = await t.make.loginAs('store');
  const conv = await t.make.conversation(farmer.user.id, owner.store!);
  const up = (
    await request(t.app).post('/api/upload').set(farmer.auth).attach('file', tone.webmOpus(2), 'v.webm').expect(200)
  ).body.data;
  return { farmer, conv, up };
}

describe('message/create: a retry that read before its first copy committed', () => {
  it('answers the first message (200, same id), not 409 for the upload its first copy used', async () => {
    const { farmer, conv, up } = await voiceToSend();
    const body = { conversation_id: conv.id, upload_id: up.upload_id, client_id: 'late-retry' };
    const first = await request(t.app).post('/api/message/create').set(farmer.auth).send(body);
    expect(first.status).toBe(200);

    race.missNext = true;
    const retry = await request(t.app).post('/api/message/create').set(farmer.auth).send(body);
    expect(race.missNext, 'the mocked look-up was used (the project runs files without isolation)').toBe(false);
    expect(retry.status).toBe(200);
    expect(retry.body.data.id).toBe(first.body.data.id);
    const stored = await t.db.selectFrom('messages').select('id').where('client_id', '=', 'late-retry').execute();
    expect(stored).toHaveLength(1);
  });

  it('another write that used the upload is still 409', async () => {
    const { farmer, conv, up } = await voiceToSend();
    await request(t.app)
      .post('/api/message/create')
      .set(farmer.auth)
      .send({ conversation_id: conv.id, upload_id: up.upload_id, client_id: 'first-write' })
      .expect(200);
    const other = await request(t.app)
      .post('/api/message/create')
      .set(farmer.auth)
      .send({ conversation_id: conv.id, upload_id: up.upload_id, client_id: 'other-write' });
    expect(other.status).toBe(409);
    expect(other.body.error.message).toMatch(/[\u0600-\u06FF]/);
  });
});
