/**
 * The response cache in front of the API (http/response-cache.ts): through the real handler
 * (`api.handler`, what `npm start` serves) — hits give the same bytes and headers, every write
 * (and conversation/get, which moves the delivered pointer) empties it, answers are per caller,
 * and only 200s of browse calls are kept. The unit part drives ResponseCache with plain handlers
 * (races, bounds, expiry); with PostgreSQL, a write in one API process empties another's cache.
 */
import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type RequestListener,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheable, pureRead, ResponseCache } from '../src/http/response-cache';
import { createTestApi, useTestApi } from './helpers/test-api';

const t = useTestApi();

/** With PostgreSQL the cache starts once the write feed listens. */
async function untilEnabled(cache: ResponseCache) {
  for (let i = 0; i < 200 && !cache.enabled; i++) await new Promise((r) => setTimeout(r, 20));
  expect(cache.enabled).toBe(true);
}
beforeAll(() => untilEnabled(t.responseCache));

describe('response cache through the API', () => {
  it('answers a repeated browse call from memory with the same bytes and headers', async () => {
    const owner = await t.make.user({ type: 1 });
    const store = await t.make.store(owner.id);
    await t.make.product(store.id, { name: 'مبيد فطري' });
    const first = await request(t.handler).get('/api/product/getAll');
    const hits = t.responseCache.hits;
    const second = await request(t.handler).get('/api/product/getAll');
    expect(t.responseCache.hits).toBe(hits + 1);
    expect(second.status).toBe(200);
    expect(second.text).toBe(first.text);
    for (const name of ['content-type', 'x-content-type-options', 'cross-origin-resource-policy', 'vary']) {
      expect(second.headers[name], name).toBe(first.headers[name]);
    }
    expect(second.headers['content-length']).toBe(String(Buffer.byteLength(second.text)));
  });

  it('keeps compressed answers compressed', async () => {
    const owner = await t.make.user({ type: 1 });
    const store = await t.make.store(owner.id);
    for (let i = 0; i < 12; i++)
      await t.make.product(store.id, { name: `سماد ورقي رقم ${i}`, description: 'ن'.repeat(80) });
    const url = `/api/product/getAll?store_id=${store.id}`;
    const raw = (res: request.Response) => res.body as Buffer;
    const get = () =>
      request(t.handler)
        .get(url)
        .set('Accept-Encoding', 'gzip')
        .buffer(true)
        .parse((res, done) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => done(null, Buffer.concat(chunks)));
        });
    const first = await get();
    const hits = t.responseCache.hits;
    const second = await get();
    expect(t.responseCache.hits).toBe(hits + 1);
    expect(second.headers['content-encoding']).toBe('gzip');
    expect(raw(second).equals(raw(first))).toBe(true);
    // (superagent has already gunzipped the body)
    expect(JSON.parse(raw(second).toString('utf8')).data.total).toBe(12);
  });

  it('forgets everything after a write, so the writer and everyone else read the new state', async () => {
    const seller = await t.make.loginAs('store', { withStore: true });
    const url = `/api/product/getAll?store_id=${seller.store!.id}`;
    expect((await request(t.handler).get(url)).body.data.total).toBe(0);
    await request(t.handler).get(url); // now cached
    const created = await request(t.handler)
      .post('/api/product/create')
      .set(seller.auth)
      .send({ name: 'بذور خيار', type: 1, price: '2.5', is_special: false });
    expect(created.status).toBe(200);
    expect(t.responseCache.size).toBe(0);
    expect((await request(t.handler).get(url)).body.data.total).toBe(1);
    // a refused write counts as a write too (nothing is assumed about what it touched)
    await request(t.handler).get(url);
    expect(t.responseCache.size).toBeGreaterThan(0);
    expect((await request(t.handler).post('/api/product/create').set(seller.auth).send({})).status).toBe(422);
    expect(t.responseCache.size).toBe(0);
  });

  it('counts a write Express routes under another spelling of /api (upper case, absolute target)', async () => {
    const seller = await t.make.loginAs('store', { withStore: true });
    const url = `/api/product/getAll?store_id=${seller.store!.id}`;
    const server = createServer(t.handler);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    /** A POST with a raw request target, as a client may send it. */
    const postTo = (target: string, body: object) =>
      new Promise<number>((resolve, reject) => {
        const json = JSON.stringify(body);
        const req = httpRequest(
          {
            host: '127.0.0.1',
            port,
            method: 'POST',
            path: target,
            headers: { ...seller.auth, 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(json) },
          },
          (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode ?? 0));
          },
        );
        req.on('error', reject);
        req.end(json);
      });
    try {
      for (const [i, target] of ['/API/product/create', `http://127.0.0.1:${port}/api/product/create`].entries()) {
        await request(t.handler).get(url);
        expect(t.responseCache.size).toBeGreaterThan(0);
        expect(await postTo(target, { name: `شتول بندورة ${i}`, type: 1, price: '1.5', is_special: false })).toBe(200);
        expect(t.responseCache.size, target).toBe(0);
        expect((await request(t.handler).get(url)).body.data.total).toBe(i + 1);
      }
    } finally {
      server.close();
    }
  });

  it('is per caller, and a token revoked by logout is refused at once', async () => {
    const seller = await t.make.loginAs('store', { withStore: true });
    const a = await t.make.loginAs('farmer');
    const b = await t.make.loginAs('farmer');
    await t.make.conversation(a.user.id, seller.store!);
    const listA = await request(t.handler).get('/api/conversation/get-My-Conv').set(a.auth);
    const listB = await request(t.handler).get('/api/conversation/get-My-Conv').set(b.auth);
    expect(listA.body.data).toHaveLength(1);
    expect(listB.body.data).toHaveLength(0);
    const hits = t.responseCache.hits;
    expect((await request(t.handler).get('/api/conversation/get-My-Conv').set(a.auth)).body.data).toHaveLength(1);
    expect((await request(t.handler).get('/api/conversation/get-My-Conv').set(b.auth)).body.data).toHaveLength(0);
    expect(t.responseCache.hits).toBe(hits + 2);
    expect((await request(t.handler).get('/api/conversation/get-My-Conv')).status).toBe(401);
    expect((await request(t.handler).post('/api/auth/logout').set(a.auth)).status).toBe(200);
    expect((await request(t.handler).get('/api/conversation/get-My-Conv').set(a.auth)).status).toBe(401);
  });

  it('opening a conversation (it moves the delivered pointer) empties the cache', async () => {
    const seller = await t.make.loginAs('store', { withStore: true });
    const farmer = await t.make.loginAs('farmer');
    const conv = await t.make.conversation(farmer.user.id, seller.store!);
    await request(t.handler).get('/api/conversation/get-My-Conv').set(seller.auth);
    expect(t.responseCache.size).toBeGreaterThan(0);
    expect((await request(t.handler).get(`/api/conversation/get/${conv.id}`).set(seller.auth)).status).toBe(200);
    expect(t.responseCache.size).toBe(0);
  });

  it('keeps only 200 answers of browse calls; pure reads such as health leave it alone', async () => {
    await request(t.handler).get('/api/product/getAll');
    const size = t.responseCache.size;
    expect((await request(t.handler).get('/api/product/get/99999999')).status).toBe(404);
    expect((await request(t.handler).get('/api/product/get/99999999')).status).toBe(404);
    expect((await request(t.handler).get('/api/product/getAll?type=9')).status).toBe(422);
    expect((await request(t.handler).get('/api/health')).status).toBe(200);
    const admin = await t.make.loginAs('admin');
    expect((await request(t.handler).get('/api/stats/admin').set(admin.auth)).status).toBe(200);
    expect(t.responseCache.size).toBe(size);
  });

  it('is off with RESPONSE_CACHE_SECONDS=0', async () => {
    const off = await createTestApi({ responseCacheMs: 0 });
    try {
      await request(off.handler).get('/api/store/getAll');
      await request(off.handler).get('/api/store/getAll');
      expect(off.responseCache.hits).toBe(0);
      expect(off.responseCache.size).toBe(0);
    } finally {
      await off.close();
    }
  });
});

/** A server around `cache.wrap(handler)` on a free port. */
async function serve(cache: ResponseCache, handler: RequestListener) {
  const server = createServer(cache.wrap(handler));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  servers.push(server);
  return (path: string, init?: RequestInit) => fetch(`${base}${path}`, init);
}
const servers: ReturnType<typeof createServer>[] = [];
afterAll(() => {
  for (const s of servers) s.close();
});

describe('ResponseCache', () => {
  let counter = 0;
  const counting: RequestListener = (req: IncomingMessage, res: ServerResponse) => {
    if (req.method === 'GET') cacheable(res);
    res.setHeader('content-type', 'text/plain');
    res.end(`${req.url} ${++counter}`);
  };

  it('serves a stored answer until it expires', async () => {
    let now = 1_000;
    const cache = new ResponseCache({ ttlMs: 100, now: () => now });
    const get = await serve(cache, counting);
    const a = await (await get('/api/x')).text();
    expect(await (await get('/api/x')).text()).toBe(a);
    now += 101;
    expect(await (await get('/api/x')).text()).not.toBe(a);
  });

  it('does not store an answer computed while a write finished', async () => {
    const cache = new ResponseCache({ ttlMs: 10_000 });
    let release: () => void = () => {};
    const slow: RequestListener = (req, res) => {
      if (req.method !== 'GET') {
        res.end('written');
        return;
      }
      cacheable(res);
      if (req.url === '/api/slow') {
        new Promise<void>((r) => (release = r)).then(() => res.end(`old ${++counter}`));
      } else res.end('fast');
    };
    const get = await serve(cache, slow);
    const pending = get('/api/slow');
    await new Promise((r) => setTimeout(r, 50));
    await get('/api/write', { method: 'POST' });
    release();
    await (await pending).text();
    expect(cache.size).toBe(0);
    expect(cache.hits).toBe(0);
  });

  it('passes other URLs through without counting them as writes', async () => {
    const cache = new ResponseCache({ ttlMs: 10_000 });
    const get = await serve(cache, counting);
    await get('/api/y');
    await get('/storage/a.webp', { method: 'POST' });
    await get('/index.html');
    expect(cache.size).toBe(1);
  });

  it('bounds entries and bytes, least recently used out first; large answers are not kept', async () => {
    const cache = new ResponseCache({ ttlMs: 10_000, maxEntries: 2, maxEntryBytes: 30 });
    const get = await serve(cache, (req, res) => {
      cacheable(res);
      res.end(req.url === '/api/big' ? 'x'.repeat(31) : String(req.url));
    });
    await get('/api/a');
    await get('/api/b');
    await get('/api/a');
    await get('/api/c');
    expect(cache.size).toBe(2);
    const hits = cache.hits;
    await get('/api/a');
    expect(cache.hits).toBe(hits + 1);
    await get('/api/b');
    expect(cache.hits).toBe(hits + 1);
    await get('/api/big');
    await get('/api/big');
    expect(cache.hits).toBe(hits + 1);
  });

  it('does not cache while the other processes cannot be heard, and forgets what it had', async () => {
    const cache = new ResponseCache({ ttlMs: 10_000 });
    const get = await serve(cache, counting);
    await get('/api/z');
    cache.setPeersHeard(false);
    expect(cache.size).toBe(0);
    const a = await (await get('/api/z')).text();
    expect(await (await get('/api/z')).text()).not.toBe(a);
    expect(cache.size).toBe(0);
    cache.setPeersHeard(true);
    const b = await (await get('/api/z')).text();
    expect(await (await get('/api/z')).text()).toBe(b);
  });

  it('keeps nothing of a browse call whose client left before the answer', async () => {
    const cache = new ResponseCache({ ttlMs: 10_000 });
    let answer: () => void = () => {};
    const get = await serve(cache, (_req, res) => {
      cacheable(res);
      answer = () => res.end('complete page');
    });
    await get('/api/slow-page', { signal: AbortSignal.timeout(100) }).catch(() => {});
    await new Promise((r) => setTimeout(r, 50));
    answer(); // the handler answers late, into a closed connection
    expect(cache.size).toBe(0);
    const again = get('/api/slow-page');
    await new Promise((r) => setTimeout(r, 20));
    answer();
    expect(await (await again).text()).toBe('complete page');
    expect(cache.size).toBe(1);
  });

  it('a request that ends without an answer counts as a write; a pure read does not', async () => {
    let announced = 0;
    const cache = new ResponseCache({ ttlMs: 10_000, onWrite: () => announced++ });
    const get = await serve(cache, (req, res) => {
      if (req.url === '/api/read') {
        pureRead(res);
        res.end('ok');
      } else if (req.url === '/api/hang') {
        // never answers; the client gives up
      } else {
        cacheable(res);
        res.end('page');
      }
    });
    await get('/api/page');
    await get('/api/read');
    expect(cache.size).toBe(1);
    expect(announced).toBe(0);
    await get('/api/hang', { signal: AbortSignal.timeout(100) }).catch(() => {});
    await new Promise((r) => setTimeout(r, 50));
    expect(cache.size).toBe(0);
    expect(announced).toBe(1);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL_BASE)('two API processes on one PostgreSQL', () => {
  it("a write in one empties the other's cache (LISTEN/NOTIFY)", async () => {
    const other = await createTestApi({ database: t.config.database });
    try {
      await untilEnabled(other.responseCache);
      const seller = await t.make.loginAs('store', { withStore: true });
      const url = `/api/product/getAll?store_id=${seller.store!.id}`;
      expect((await request(other.handler).get(url)).body.data.total).toBe(0);
      expect(other.responseCache.size).toBeGreaterThan(0);
      const created = await request(t.handler)
        .post('/api/product/create')
        .set(seller.auth)
        .send({ name: 'بذور فليفلة', type: 1, price: '1', is_special: false });
      expect(created.status).toBe(200);
      for (let i = 0; i < 100 && other.responseCache.size > 0; i++) await new Promise((r) => setTimeout(r, 10));
      expect((await request(other.handler).get(url)).body.data.total).toBe(1);
    } finally {
      await other.close();
    }
  });
});
