/**
 * The lean lane (http/lean-lane.ts): message/create with a JSON body is answered in front of Express.
 * Every case is sent twice, to Express alone (`t.app`) and to what servers run (`t.wrap(app)`): the
 * status, the envelope and the headers must be the same. A counting app behind the lane shows which
 * requests it took and which it passed on (so these tests cannot pass with the lane switched off).
 */
import type { RequestListener } from 'node:http';
import { gzipSync } from 'node:zlib';
import { apiMessages } from '@agrivet/shared';
import fc from 'fast-check';
import { pino } from 'pino';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '../src/app';
import type { StoreRow } from '../src/db/types';
import type { SignedIn } from './helpers/factories';
import { logSink } from './helpers/log-sink';
import { createTestApi, useTestApi } from './helpers/test-api';

const t = useTestApi();

let farmer: SignedIn;
let owner: SignedIn & { store?: StoreRow };
let stranger: SignedIn;
let conversationId: number;
/** Requests that reached Express through the wrapped handler. */
let passedOn = 0;
let served: RequestListener;

beforeAll(async () => {
  farmer = await t.make.loginAs('farmer');
  owner = await t.make.loginAs('store');
  stranger = await t.make.loginAs('farmer');
  conversationId = (await t.make.conversation(farmer.user.id, owner.store!)).id;
  served = t.wrap((req, res) => {
    passedOn++;
    t.app(req, res);
  });
});

/** Headers that vary with the clock, the connection or the new ids; every other header must match. */
const VARYING = new Set(['date', 'content-length', 'connection', 'keep-alive']);
const headersOf = (res: request.Response) =>
  Object.fromEntries(Object.entries(res.headers).filter(([name]) => !VARYING.has(name)));

/** Passes every request to `app`, counting them: what the lane in front of it did not answer. */
function counting(app: RequestListener): { listener: RequestListener; count: () => number } {
  let n = 0;
  return {
    listener: (req, res) => {
      n++;
      app(req, res);
    },
    count: () => n,
  };
}

/** Ids and times differ between the two writes; everything else must not. */
function normalised(body: unknown): unknown {
  return JSON.parse(
    JSON.stringify(body, (key, value) =>
      (key === 'id' || key === 'created_at' || key === 'client_id') && value !== null ? `<${key}>` : value,
    ),
  );
}

interface Case {
  name: string;
  /** Whether the lane answers it (otherwise Express does). */
  lean: boolean;
  send: (to: RequestListener) => request.Test;
}

const post = (to: RequestListener, who: SignedIn | null, path = '/api/message/create') => {
  const r = request(to).post(path);
  return who ? r.set(who.auth) : r;
};
const json = (to: RequestListener, who: SignedIn | null, raw: string, type = 'application/json') =>
  post(to, who).set('Content-Type', type).send(raw);

const CASES: Case[] = [
  {
    name: 'a text message',
    lean: true,
    send: (to) => post(to, farmer).send({ conversation_id: conversationId, message: 'هل الدواء متوفر؟' }),
  },
  {
    name: 'ids in Arabic-Indic digits, charset in the type',
    lean: true,
    send: (to) =>
      json(
        to,
        owner,
        JSON.stringify({
          conversation_id: String(conversationId).replace(/\d/g, (d) => '٠١٢٣٤٥٦٧٨٩'[Number(d)]),
          message: 'نعم',
        }),
        'application/json; charset=utf-8',
      ),
  },
  {
    name: 'no token',
    lean: true,
    send: (to) => post(to, null).send({ conversation_id: conversationId, message: 'x' }),
  },
  {
    name: 'an unknown token',
    lean: true,
    send: (to) =>
      post(to, null).set('Authorization', 'Bearer nope').send({ conversation_id: conversationId, message: 'x' }),
  },
  { name: 'malformed JSON', lean: true, send: (to) => json(to, farmer, '{"conversation_id": 1,') },
  { name: 'a JSON string', lean: true, send: (to) => json(to, farmer, '"مرحبا"') },
  { name: 'a JSON array', lean: true, send: (to) => json(to, farmer, '[1, 2]') },
  { name: 'an empty object', lean: true, send: (to) => json(to, farmer, '{}') },
  { name: 'an empty body', lean: true, send: (to) => json(to, farmer, '') },
  {
    name: 'an unsupported charset',
    lean: true,
    send: (to) =>
      json(to, farmer, JSON.stringify({ conversation_id: conversationId }), 'application/json; charset=latin1'),
  },
  {
    name: 'a gzip-encoded body',
    lean: true,
    send: (to) =>
      post(to, farmer)
        .set('Content-Type', 'application/json')
        .set('Content-Encoding', 'gzip')
        .send(gzipSync(JSON.stringify({ conversation_id: conversationId, message: 'مضغوط' }))),
  },
  {
    name: 'a body over 256 KB',
    lean: true,
    send: (to) => json(to, farmer, JSON.stringify({ conversation_id: conversationId, message: 'ب'.repeat(140_000) })),
  },
  {
    name: 'another user_id',
    lean: true,
    send: (to) => post(to, farmer).send({ conversation_id: conversationId, user_id: owner.user.id, message: 'x' }),
  },
  {
    name: 'not a participant',
    lean: true,
    send: (to) => post(to, stranger).send({ conversation_id: conversationId, message: 'x' }),
  },
  {
    name: 'an unknown conversation',
    lean: true,
    send: (to) => post(to, farmer).send({ conversation_id: 987_654, message: 'x' }),
  },
  {
    name: 'an id beyond the column',
    lean: true,
    send: (to) => post(to, farmer).send({ conversation_id: 3e9, message: 'x' }),
  },
  {
    name: 'neither text nor image',
    lean: true,
    send: (to) => post(to, farmer).send({ conversation_id: conversationId, message: '' }),
  },
  {
    name: 'a text over the limit',
    lean: true,
    send: (to) => post(to, farmer).send({ conversation_id: conversationId, message: 'ن'.repeat(4_001) }),
  },
  {
    name: 'a long message, gzip accepted (the answer is compressed)',
    lean: true,
    send: (to) =>
      post(to, farmer)
        .set('Accept-Encoding', 'gzip')
        .send({ conversation_id: conversationId, message: 'رش المبيد صباحاً. '.repeat(150) }),
  },
  {
    name: 'a form body',
    lean: false,
    send: (to) =>
      post(to, farmer)
        .type('form')
        .send({ conversation_id: String(conversationId), message: 'نموذج' }),
  },
  {
    name: 'multipart without an image',
    lean: false,
    send: (to) => post(to, farmer).field('conversation_id', String(conversationId)).field('message', 'متعدد'),
  },
  {
    name: 'a query string',
    lean: false,
    send: (to) => post(to, farmer, '/api/message/create?x=1').send({ conversation_id: conversationId, message: 'x' }),
  },
  {
    name: 'another path',
    lean: false,
    send: (to) => post(to, farmer, '/api/message/create/').send({ conversation_id: conversationId, message: 'x' }),
  },
];

describe('lean lane: message/create answers as Express does', () => {
  it.each(CASES.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const viaExpress = await c.send(t.app);
    const before = passedOn;
    const viaLane = await c.send(served);
    expect(passedOn - before, c.lean ? 'answered by the lane' : 'passed on to Express').toBe(c.lean ? 0 : 1);
    expect(viaLane.status).toBe(viaExpress.status);
    expect(viaLane.status).toBeLessThan(500);
    expect(normalised(viaLane.body)).toEqual(normalised(viaExpress.body));
    expect(headersOf(viaLane)).toEqual(headersOf(viaExpress));
    if (viaLane.headers['content-encoding'] === undefined)
      expect(viaLane.headers['content-length']).toBe(String(Buffer.byteLength(viaLane.text)));
  });

  it('answers a repeated client_id with the first message, like Express', async () => {
    const body = {
      conversation_id: conversationId,
      message: 'مرة واحدة',
      client_id: 'c0ffee00-0000-4000-8000-000000000001',
    };
    const first = await post(served, farmer).send(body);
    const again = await post(served, farmer).send(body);
    const viaExpress = await post(t.app, farmer).send(body);
    expect(first.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(viaExpress.body).toEqual(first.body);
    const rows = await t.db.selectFrom('messages').select('id').where('client_id', '=', body.client_id).execute();
    expect(rows).toHaveLength(1);
  });

  it('empties the response cache, so the sender’s conversation list shows the new message', async () => {
    const list = () => request(served).get('/api/conversation/get-My-Conv').set(farmer.auth);
    await list();
    const hits = t.responseCache.hits;
    await list();
    expect(t.responseCache.hits).toBe(hits + 1);
    const sent = await post(served, farmer).send({ conversation_id: conversationId, message: 'آخر رسالة' });
    const after = await list();
    const row = (after.body.data as { id: number; last_message: { id: number } | null }[]).find(
      (c) => c.id === conversationId,
    );
    expect(row?.last_message?.id).toBe(sent.body.data.id);
  });

  it('malformed bodies: the same answer as Express, never a 500, nothing stored changes when refused', async () => {
    const snapshot = async () => JSON.stringify(await t.db.selectFrom('messages').selectAll().orderBy('id').execute());
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.jsonValue().map((v) => JSON.stringify(v) ?? 'null'),
          fc.string(),
          fc
            .dictionary(
              fc.constantFrom('conversation_id', 'user_id', 'message', 'client_id'),
              fc.oneof(fc.jsonValue(), fc.constant(conversationId), fc.constant(farmer.user.id)),
              { maxKeys: 4 },
            )
            .map((v) => JSON.stringify(v)),
        ),
        async (raw) => {
          const before = await snapshot();
          const passed = passedOn;
          const viaLane = await json(served, farmer, raw);
          expect(passedOn, 'answered by the lane').toBe(passed);
          expect(viaLane.status).toBeLessThan(500);
          expect(viaLane.body.status).toBe(viaLane.status);
          if (viaLane.status !== 200) {
            expect(await snapshot()).toBe(before);
            const viaExpress = await json(t.app, farmer, raw);
            expect(viaExpress.status).toBe(viaLane.status);
            expect(viaExpress.body).toEqual(viaLane.body);
          }
        },
      ),
      { numRuns: Number(process.env.FC_RUNS ?? 60) },
    );
  });
});

describe('lean lane: logs and failures', () => {
  it('writes the same request log line as Express for every case, without the token', async () => {
    const sink = logSink();
    const logged = await createApi(t.config, { logger: pino({ level: 'info' }, sink.stream) });
    const behind = counting(logged.app);
    const lane = logged.wrap(behind.listener);
    /** The line for the one request just sent, without what differs between any two requests. */
    const lastLine = () => {
      const line = JSON.parse(sink.lines.splice(0).find((l) => l.includes('"/api/message/create')) ?? '{}');
      for (const key of ['time', 'pid', 'hostname', 'responseTime']) delete line[key];
      delete line.req?.id;
      delete line.req?.remotePort;
      delete line.req?.headers?.host; // supertest's port for this request
      if (line.req?.headers?.['content-type'])
        line.req.headers['content-type'] = line.req.headers['content-type'].replace(/boundary=.*/, 'boundary=…');
      for (const name of VARYING) delete line.res?.headers?.[name];
      return line;
    };
    try {
      for (const c of CASES) {
        await c.send(logged.app);
        const viaExpress = lastLine();
        const before = behind.count();
        await c.send(lane);
        expect(behind.count() - before, c.name).toBe(c.lean ? 0 : 1);
        const viaLane = lastLine();
        expect(viaLane.req?.url, c.name).toBeDefined();
        expect(viaLane, c.name).toEqual(viaExpress);
        expect(viaLane.req?.headers?.authorization ?? '[redacted]', c.name).toBe('[redacted]');
      }
      expect(sink.text()).not.toContain(farmer.token);
    } finally {
      await logged.close();
    }
  });

  it('answers 500 with the Arabic envelope when the database is gone, and logs it', async () => {
    const sink = logSink();
    const broken = await createTestApi();
    const who = await broken.make.loginAs('farmer');
    const other = await broken.make.loginAs('store');
    const conv = await broken.make.conversation(who.user.id, other.store!);
    const logged = await createApi(broken.config, { logger: pino({ level: 'error' }, sink.stream) });
    const behind = counting(logged.app);
    await logged.db.destroy();
    try {
      const send = (to: RequestListener) =>
        request(to).post('/api/message/create').set(who.auth).send({ conversation_id: conv.id, message: 'x' });
      const res = await send(logged.wrap(behind.listener));
      expect(behind.count(), 'answered by the lane').toBe(0);
      expect(res.status).toBe(500);
      expect(res.body).toEqual({ status: 500, error: { message: apiMessages.ar.internal } });
      expect(sink.text()).toContain('unhandled error');
      const viaExpress = await send(logged.app);
      expect(viaExpress.status).toBe(500);
      expect(viaExpress.body).toEqual(res.body);
      expect(headersOf(res)).toEqual(headersOf(viaExpress));
    } finally {
      await logged.close().catch(() => undefined);
      await broken.close();
    }
  });
});
