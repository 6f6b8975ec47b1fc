/**
 * Property (as malformed.property.test.ts, for the writes of CONTRACT.md §7's uploads, attachments
 * and push): malformed bodies and files never cause a 500, a refusal is a well-formed envelope with
 * its error code (helpers/envelope.ts), and a refused write changes nothing stored — no message, no
 * upload, no subscription, no file. And no request path or query under the private chat folders
 * serves a file without its signature.
 */
import fc from 'fast-check';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SignedIn } from './helpers/factories';
import { expectRefusal } from './helpers/envelope';
import { images, tone } from './helpers/media';
import { storedNames } from './helpers/stored';
import { useTestApi } from './helpers/test-api';

const t = useTestApi({ pushAllowLoopback: true });

interface World {
  farmer: SignedIn;
  owner: SignedIn;
  conversationId: number;
  /** The farmer's unused upload, a used one, the owner's, and a sent message. */
  uploads: { unused: number; used: number; others: number };
  messageId: number;
  signedImage: string;
  signedVoice: string;
  pngBytes: Buffer;
  webmBytes: Buffer;
}
let w: World;

beforeAll(async () => {
  const farmer = await t.make.loginAs('farmer');
  const owner = await t.make.loginAs('store');
  const conversation = await t.make.conversation(farmer.user.id, owner.store!);
  const pngBytes = await images.png();
  const webmBytes = tone.webmOpus(1);
  const up = async (who: SignedIn, bytes: Buffer, name: string) =>
    (await request(t.app).post('/api/upload').set(who.auth).attach('file', bytes, name).expect(200)).body.data;
  const unused = await up(farmer, pngBytes, 'a.png');
  const used = await up(farmer, webmBytes, 'v.webm');
  const others = await up(owner, pngBytes, 'b.png');
  const sent = await request(t.app)
    .post('/api/message/create')
    .set(farmer.auth)
    .send({ conversation_id: conversation.id, upload_id: used.upload_id })
    .expect(200);
  w = {
    farmer,
    owner,
    conversationId: conversation.id,
    uploads: { unused: unused.upload_id, used: used.upload_id, others: others.upload_id },
    messageId: sent.body.data.id,
    signedImage: unused.path,
    signedVoice: used.path,
    pngBytes,
    webmBytes,
  };
});

const files = (folder: string) => storedNames(t, folder);

async function snapshot(): Promise<string> {
  const tables = ['messages', 'uploads', 'push_subscriptions'] as const;
  const parts = await Promise.all(tables.map((name) => t.db.selectFrom(name).selectAll().orderBy('id').execute()));
  return JSON.stringify([parts, await files('messages'), await files('voice')]);
}

const realId = fc
  .constantFrom('unused', 'used', 'others', 'conversation', 'message')
  .map((k) =>
    k === 'conversation' ? w.conversationId : k === 'message' ? w.messageId : w.uploads[k as keyof World['uploads']],
  );
const oddValue = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constant(''),
  realId,
  realId.map(String),
  fc.constantFrom(2 ** 31, 3e9, Number.MAX_SAFE_INTEGER, -1, 0),
  fc.constantFrom(
    'https://fcm.googleapis.com/fcm/send/x',
    'http://127.0.0.1:1/push',
    'http://127.0.0.1/push',
    'https://10.1.1.1/p',
    'javascript:alert(1)',
    'file:///etc/passwd',
  ),
  fc.integer({ min: 3_000, max: 20_000 }).map((n) => 'ب'.repeat(n)),
  fc.array(fc.jsonValue(), { maxLength: 3 }),
  fc.dictionary(fc.string(), fc.jsonValue(), { maxKeys: 3 }),
  fc.record({ p256dh: fc.oneof(fc.string(), fc.base64String()), auth: fc.oneof(fc.string(), fc.base64String()) }),
);

/** File bytes: random, truncated or corrupted real media, media headers over junk. */
const oddFile = fc.oneof(
  fc.uint8Array({ maxLength: 3000 }),
  fc.integer({ min: 1, max: 4000 }).map((n) => new Uint8Array(w.webmBytes.subarray(0, n))),
  fc.integer({ min: 1, max: 300 }).map((n) => new Uint8Array(w.pngBytes.subarray(0, n))),
  fc.tuple(fc.integer({ min: 50, max: 2000 }), fc.uint8Array({ minLength: 1, maxLength: 64 })).map(([at, junk]) => {
    const copy = Buffer.from(w.webmBytes);
    copy.set(junk, Math.min(at, copy.length - junk.length));
    return new Uint8Array(copy);
  }),
  fc
    .constantFrom([0x1a, 0x45, 0xdf, 0xa3], [0x4f, 0x67, 0x67, 0x53], [0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70])
    .chain((magic) => fc.uint8Array({ maxLength: 2000 }).map((rest) => new Uint8Array([...magic, ...rest]))),
);

type Body =
  | { kind: 'json'; raw: string }
  | { kind: 'fields'; value: Record<string, unknown> }
  | { kind: 'multipart'; fields: Record<string, string>; fileField?: string; file?: Uint8Array }
  | { kind: 'junk'; contentType: string; raw: Uint8Array };

const bodyFor = (fields: string[]): fc.Arbitrary<Body> =>
  fc.oneof(
    fc.jsonValue().map((v): Body => ({ kind: 'json', raw: JSON.stringify(v) ?? 'null' })),
    fc.string().map((s): Body => ({ kind: 'json', raw: s })),
    fc
      .dictionary(fc.oneof(fc.constantFrom(...fields), fc.string()), oddValue, { maxKeys: 6 })
      .map((value): Body => ({ kind: 'fields', value })),
    fc
      .record({
        fields: fc.dictionary(fc.constantFrom(...fields), fc.oneof(fc.string(), realId.map(String)), { maxKeys: 4 }),
        fileField: fc.option(fc.constantFrom('file', 'image', 'other'), { nil: undefined }),
        file: fc.option(oddFile, { nil: undefined }),
      })
      .map((m): Body => ({ kind: 'multipart', ...m })),
    fc
      .record({
        contentType: fc.constantFrom(
          'multipart/form-data; boundary=abc',
          'multipart/form-data',
          'application/json',
          'text/plain',
        ),
        raw: fc.uint8Array({ maxLength: 3000 }),
      })
      .map((j): Body => ({ kind: 'junk', ...j })),
  );

function send(target: string, who: SignedIn, body: Body) {
  const r = request(t.app).post(target).set(who.auth);
  switch (body.kind) {
    case 'json':
      return r.set('Content-Type', 'application/json').send(body.raw);
    case 'fields':
      return r.send(body.value as object);
    case 'multipart': {
      for (const [k, v] of Object.entries(body.fields)) r.field(k, v);
      if (body.file && body.fileField) r.attach(body.fileField, Buffer.from(body.file), 'upload.bin');
      return r;
    }
    case 'junk':
      return r.set('Content-Type', body.contentType).send(Buffer.from(body.raw));
  }
}

interface Write {
  name: string;
  target: () => Promise<{ path: string; as: SignedIn }>;
  fields: string[];
}

const WRITES: Write[] = [
  { name: 'upload', target: async () => ({ path: '/api/upload', as: w.farmer }), fields: ['file'] },
  {
    name: 'message/create {upload_id}',
    target: async () => ({ path: '/api/message/create', as: w.farmer }),
    fields: ['conversation_id', 'upload_id', 'message', 'client_id', 'user_id'],
  },
  {
    name: 'message/delete',
    // the owner (not the author) on the farmer's message: every run is refused
    target: async () => ({ path: `/api/message/delete/${w.messageId}`, as: w.owner }),
    fields: ['id', 'message_id'],
  },
  {
    name: 'push/subscribe',
    target: async () => ({ path: '/api/push/subscribe', as: w.farmer }),
    fields: ['endpoint', 'keys', 'expirationTime'],
  },
  {
    name: 'push/unsubscribe',
    target: async () => ({ path: '/api/push/unsubscribe', as: w.farmer }),
    fields: ['endpoint'],
  },
];

describe('malformed bodies on the upload, attachment and push writes', () => {
  it.each(WRITES.map((c) => [c.name, c] as const))('%s: never 500, refused writes change nothing', async (_n, call) => {
    await fc.assert(
      fc.asyncProperty(bodyFor(call.fields), async (body) => {
        const target = await call.target();
        const before = await snapshot();
        const res = await send(target.path, target.as, body);
        expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBeLessThan(500);
        expect(res.body.status).toBe(res.status);
        if (res.status !== 200) {
          expectRefusal(res);
          expect(await snapshot()).toBe(before);
        }
      }),
      { numRuns: Number(process.env.FC_RUNS ?? 40) },
    );
  });
});

describe('private chat files', () => {
  it('no path or query serves a chat file without its own signature; never a 500', async () => {
    const parts = (signed: string) => {
      const [file, query] = signed.split('?') as [string, string];
      const q = new URLSearchParams(query);
      return { file, exp: q.get('exp') as string, sig: q.get('sig') as string };
    };
    const image = parts(w.signedImage);
    const voice = parts(w.signedVoice);
    const pathArb = fc.oneof(
      fc.constantFrom(image.file, voice.file, image.file.replace('.webp', '.thumb.webp'), 'messages/', 'voice/x.mp3'),
      fc.string().map((s) => `messages/${encodeURIComponent(s)}`),
      fc.string().map((s) => `voice/${encodeURIComponent(s)}`),
      fc.constantFrom('MESSAGES/', 'messages/../users/x.webp', 'messages/%2e%2e/x', 'voice/..%2fmessages'),
    );
    const queryArb = fc.record(
      {
        exp: fc.oneof(fc.constantFrom(image.exp, voice.exp, '0', '99999999999'), fc.string()),
        sig: fc.oneof(
          fc.constantFrom(voice.sig, `${image.sig.slice(1)}A`, ''),
          fc.base64String({ minLength: 22, maxLength: 24 }),
          fc.string(),
        ),
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(pathArb, queryArb, async (file, query) => {
        const search = new URLSearchParams(query as Record<string, string>).toString();
        const res = await request(t.app).get(`/storage/${file}${search ? `?${search}` : ''}`);
        expect(res.status).toBeLessThan(500);
        const genuine =
          ((file === image.file || file === image.file.replace('.webp', '.thumb.webp')) &&
            query.exp === image.exp &&
            query.sig === image.sig) ||
          (file === voice.file && query.exp === voice.exp && query.sig === voice.sig);
        if (!genuine) expect(res.status, `${file}?${search}`).not.toBe(200);
      }),
      { numRuns: Number(process.env.FC_RUNS ?? 40) * 3 },
    );
  });
});
