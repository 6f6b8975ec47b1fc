/**
 * Fair shares of media work (issue 46 item 5): voice notes transcoded per account in turn
 * (media/fair-queue.ts), and the daily upload quota (http/rate-limit.ts `uploadDay`, `uploadBytesDay`).
 * Both refuse with 429 `rate_limited`, Retry-After and an Arabic message. Fairness is shown by the order
 * in which jobs start and finish, never by how long they take.
 */
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { DEFAULT_FAIR_QUEUE, FairQueue, QueueFull } from '../src/media/fair-queue';
import { expectRefusal } from './helpers/envelope';
import { images, silenceWebm, tone } from './helpers/media';
import { createTestApi, useTestApi } from './helpers/test-api';

/** A job the test finishes by hand, recording when it started and ended. */
function controlled(log: string[]) {
  const jobs = new Map<string, () => void>();
  const job = (name: string) => () =>
    new Promise<string>((resolve) => {
      log.push(`start ${name}`);
      jobs.set(name, () => {
        log.push(`end ${name}`);
        resolve(name);
      });
    });
  const tick = () => new Promise((r) => setImmediate(r));
  const finish = async (name: string) => {
    // a job starts on the next turn of the event loop after its place frees
    for (let i = 0; i < 5 && !jobs.has(name); i++) await tick();
    const done = jobs.get(name);
    if (!done) throw new Error(`${name} has not started (${log.join(', ')})`);
    done();
    // let the queue start what comes next
    await tick();
    await tick();
  };
  return { job, finish };
}

describe('FairQueue', () => {
  it("serves the accounts in turn: one account's ten jobs never hold up another's one", async () => {
    const queue = new FairQueue({ concurrency: 2, perAccount: 1, maxPerAccount: 10, maxWaiting: 64 });
    const log: string[] = [];
    const { job, finish } = controlled(log);
    const results = Array.from({ length: 10 }, (_, i) => queue.run('a', job(`a${i + 1}`)));
    const b = queue.run('b', job('b1'));
    await new Promise((r) => setImmediate(r));
    // b's job takes the second place at once, beside a's first; a's other nine wait
    expect(log).toEqual(['start a1', 'start b1']);
    expect(queue.size).toEqual({ running: 2, waiting: 9 });
    await finish('b1');
    expect(await b).toBe('b1');
    // a alone: one job at a time (perAccount), the next after the one before it
    for (let i = 1; i <= 10; i++) await finish(`a${i}`);
    expect(await Promise.all(results)).toEqual(Array.from({ length: 10 }, (_, i) => `a${i + 1}`));
    expect(log.slice(0, 4)).toEqual(['start a1', 'start b1', 'end b1', 'end a1']);
    expect(queue.size).toEqual({ running: 0, waiting: 0 });
  });

  it('gives a free place to the account served longest ago: round robin', async () => {
    const queue = new FairQueue({ concurrency: 1, perAccount: 1, maxPerAccount: 10, maxWaiting: 64 });
    const log: string[] = [];
    const { job, finish } = controlled(log);
    const all = [
      queue.run('a', job('a1')),
      queue.run('a', job('a2')),
      queue.run('a', job('a3')),
      queue.run('b', job('b1')),
      queue.run('b', job('b2')),
      queue.run('c', job('c1')),
    ];
    for (const name of ['a1', 'b1', 'c1', 'a2', 'b2', 'a3']) await finish(name);
    await Promise.all(all);
    expect(log.filter((l) => l.startsWith('start'))).toEqual([
      'start a1',
      'start b1',
      'start c1',
      'start a2',
      'start b2',
      'start a3',
    ]);
  });

  it('refuses an account over its share, and a full queue, with the time to wait; a failed job frees its place', async () => {
    const queue = new FairQueue({ concurrency: 1, perAccount: 1, maxPerAccount: 2, maxWaiting: 2 });
    const log: string[] = [];
    const { job, finish } = controlled(log);
    const first = queue.run('a', job('a1'));
    const second = queue.run('a', job('a2'));
    let refused: unknown;
    try {
      await queue.run('a', job('a3'));
    } catch (err) {
      refused = err;
    }
    expect(refused).toBeInstanceOf(QueueFull);
    expect((refused as QueueFull).retryAfterSeconds).toBeGreaterThanOrEqual(1);
    const other = queue.run('b', job('b1'));
    // two waiting in all (a2, b1): a third account is refused too
    expect(() => queue.run('c', job('c1'))).toThrow(QueueFull);
    // b has not had a turn yet: it goes before a's second
    await finish('a1');
    await finish('b1');
    await finish('a2');
    expect(await Promise.all([first, second, other])).toEqual(['a1', 'a2', 'b1']);
    await expect(queue.run('a', async () => Promise.reject(new Error('ffmpeg broke')))).rejects.toThrow('ffmpeg broke');
    expect(await queue.run('a', async () => 'after')).toBe('after');
    expect(queue.size).toEqual({ running: 0, waiting: 0 });
  });

  it('has small product numbers: two at a time, one per account, four queued per account', () => {
    expect(DEFAULT_FAIR_QUEUE).toEqual({ concurrency: 2, perAccount: 1, maxPerAccount: 4, maxWaiting: 64 });
  });
});

describe('voice notes through POST upload', () => {
  const t = useTestApi();

  const upload = (auth: { Authorization: string }, file: Buffer, name: string) =>
    request(t.app).post('/api/upload').set(auth).attach('file', file, { filename: name, contentType: 'audio/webm' });

  it("another account's short note finishes before a busy account's queue; the busy account's fifth is 429", async () => {
    const busy = await t.make.loginAs('store');
    const other = await t.make.loginAs('farmer');
    const long = silenceWebm(120);
    const order: string[] = [];
    const busyUploads = Array.from({ length: 4 }, (_, i) =>
      upload(busy.auth, long, `long-${i}.webm`).then((res) => {
        order.push(`busy ${res.status}`);
        return res;
      }),
    );
    // all four received and queued (one transcoding, three waiting) before the others come
    const queue = t.chat.media.transcoding;
    for (let i = 0; i < 400 && queue.size.running + queue.size.waiting < 4; i++) {
      await new Promise((r) => setTimeout(r, 10));
    }
    expect(queue.size).toEqual({ running: 1, waiting: 3 });
    const fifth = await upload(busy.auth, long, 'long-5.webm');
    expectRefusal(fifth, 'rate_limited');
    expect(fifth.body.error.message).toBe('ما زالت تسجيلاتك الصوتية السابقة قيد المعالجة، أعد المحاولة بعد قليل');
    expect(Number(fifth.headers['retry-after'])).toBeGreaterThanOrEqual(1);

    const short = await upload(other.auth, tone.webmOpus(3), 'short.webm');
    order.push(`other ${short.status}`);
    expect(short.status).toBe(200);
    expect(short.body.data).toMatchObject({ kind: 'audio' });
    const done = await Promise.all(busyUploads);
    expect(done.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    // one job of the busy account at most may end before the other's: the second waits for the first
    expect(order.indexOf('other 200')).toBeLessThanOrEqual(1);
    expect(order).toHaveLength(5);
  });
});

describe('the daily upload quota', () => {
  it('refuses the upload past the day’s files, and past the day’s bytes, with 429 and an Arabic message', async () => {
    const t = await createTestApi({
      rateLimits: { uploadDay: { points: 3, duration: 86_400 }, uploadBytesDay: { points: 40_000, duration: 86_400 } },
    });
    try {
      const farmer = await t.make.loginAs('farmer');
      const store = await t.make.loginAs('store');
      const photo = await images.png(); // a few hundred bytes
      const send = (who: typeof farmer, file: Buffer) =>
        request(t.app)
          .post('/api/upload')
          .set(who.auth)
          .attach('file', file, { filename: 'p.png', contentType: 'image/png' });
      for (let i = 0; i < 3; i++) expect((await send(farmer, photo)).status).toBe(200);
      const fourth = await send(farmer, photo);
      expectRefusal(fourth, 'rate_limited');
      expect(fourth.body.error.message).toBe('بلغت الحد اليومي لرفع الصور والتسجيلات الصوتية، حاول مجدداً غداً');
      const wait = Number(fourth.headers['retry-after']);
      expect(wait).toBeGreaterThan(86_000);
      expect(wait).toBeLessThanOrEqual(86_400);
      // nothing of the refused one is stored
      expect(
        (await t.db.selectFrom('uploads').select('id').where('user_id', '=', farmer.user.id).execute()).length,
      ).toBe(3);

      // another account has its own quota; a large file spends the bytes before the files run out
      const big = await sharp(randomBytes(200 * 200 * 3), { raw: { width: 200, height: 200, channels: 3 } })
        .png()
        .toBuffer();
      expect(big.length).toBeGreaterThan(40_000);
      const tooBig = await send(store, big);
      expectRefusal(tooBig, 'rate_limited');
      expect(tooBig.body.error.message).toBe('بلغت الحد اليومي لرفع الصور والتسجيلات الصوتية، حاول مجدداً غداً');
    } finally {
      await t.close();
    }
  });

  it('is set where a real store never meets it: 500 files and 500 MB a day', async () => {
    const { DEFAULT_RATE_LIMITS } = await import('../src/http/rate-limit');
    expect(DEFAULT_RATE_LIMITS.uploadDay).toEqual({ points: 500, duration: 86_400 });
    expect(DEFAULT_RATE_LIMITS.uploadBytesDay).toEqual({ points: 500 * 1024 * 1024, duration: 86_400 });
  });
});
