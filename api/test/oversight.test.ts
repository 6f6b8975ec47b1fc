/**
 * Admin oversight and abuse (CONTRACT.md §8): user/block (login 403 `blocked`, every request with its
 * tokens refused, sessions ended), conversation/block (the other side's message/create 403 `blocked`,
 * undone by the blocker), report/create (report:new to `admin` after the insert), report/getAll,
 * report/resolve with each action, admin/audit rows of every admin action, and user/getAll's search
 * and filters.
 */
import type { ApiEvent, SessionEnd } from '@agrivet/shared';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { expectRefusal } from './helpers/envelope';
import { TEST_PASSWORD } from './helpers/factories';
import { useTestApi } from './helpers/test-api';

const t = useTestApi();

async function chatPair() {
  const farmer = await t.make.loginAs('farmer');
  const owner = await t.make.loginAs('store');
  const conv = await t.make.conversation(farmer.user.id, owner.store!);
  const send = (who: { auth: Record<string, string> }, text: string) =>
    request(t.app).post('/api/message/create').set(who.auth).send({ conversation_id: conv.id, message: text });
  return { farmer, owner, conv, send };
}

async function auditRows(admin: { auth: Record<string, string> }) {
  const res = await request(t.app).get('/api/admin/audit?per_page=50').set(admin.auth);
  expect(res.status).toBe(200);
  return res.body.data.data as { action: string; target_type: string; target_id: number; detail: unknown }[];
}

describe('user/block', () => {
  it('requires authentication, and the admin', async () => {
    expectRefusal(await request(t.app).post('/api/user/block/1').send({ blocked: true }), 'unauthenticated');
    const farmer = await t.make.loginAs('farmer');
    expectRefusal(
      await request(t.app).post(`/api/user/block/${farmer.user.id}`).set(farmer.auth).send({ blocked: true }),
      'forbidden',
    );
  });

  it('a blocked account cannot sign in (403 blocked), its tokens are refused and its sessions end; unblocking restores sign-in', async () => {
    const admin = await t.make.loginAs('admin');
    const farmer = await t.make.loginAs('farmer');
    const ends: SessionEnd[] = [];
    const stop = t.sessions.subscribe((e) => ends.push(e));
    const res = await request(t.app)
      .post(`/api/user/block/${farmer.user.id}`)
      .set(admin.auth)
      .send({ blocked: true, reason: 'رسائل مسيئة' });
    stop();
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.user).toMatchObject({ blocked: true, blocked_reason: 'رسائل مسيئة' });
    expect(ends).toContainEqual({ user_id: farmer.user.id });
    // the ended session is told why: the block's words, not "session expired"
    const refused = await request(t.app).get('/api/auth/user').set(farmer.auth);
    expectRefusal(refused, 'unauthenticated');
    expect(refused.body.error.message).toBe('تم حظر هذا الحساب، تواصل مع الدعم');
    expectRefusal(await request(t.app).post('/api/conversation/create').set(farmer.auth).send({}), 'unauthenticated');
    const login = await request(t.app)
      .post('/api/auth/login')
      .send({ phone: farmer.user.phone, password: TEST_PASSWORD });
    expectRefusal(login, 'blocked');
    expect(login.body.error.message).toMatch(/[\u0600-\u06FF]/);
    // a wrong password still says only that (a block is told to whoever knows the password)
    expectRefusal(
      await request(t.app).post('/api/auth/login').send({ phone: farmer.user.phone, password: 'wrong-one' }),
      'unauthenticated',
    );

    const unblocked = await request(t.app)
      .post(`/api/user/block/${farmer.user.id}`)
      .set(admin.auth)
      .send({ blocked: false });
    expect(unblocked.body.data.user.blocked).toBe(false);
    // the old token stays revoked, now as any ended session
    const stale = await request(t.app).get('/api/auth/user').set(farmer.auth);
    expect(stale.body.error.message).toBe('انتهت الجلسة، يرجى تسجيل الدخول من جديد');
    const back = await request(t.app)
      .post('/api/auth/login')
      .send({ phone: farmer.user.phone, password: TEST_PASSWORD });
    expect(back.status).toBe(200);
    // lifting a block that is not there again answers as before and writes no second audit row
    const again = await request(t.app)
      .post(`/api/user/block/${farmer.user.id}`)
      .set(admin.auth)
      .send({ blocked: false });
    expect(again.status).toBe(200);
    expect(again.body.data.user.blocked).toBe(false);

    const rows = await auditRows(admin);
    expect(rows.filter((r) => r.target_id === farmer.user.id).map((r) => r.action)).toEqual([
      'user.unblock',
      'user.block',
    ]);
  });

  it('never the admin; bad input is an Arabic 422; an unknown id 404', async () => {
    const admin = await t.make.loginAs('admin');
    const other = await t.make.loginAs('admin');
    expectRefusal(
      await request(t.app).post(`/api/user/block/${other.user.id}`).set(admin.auth).send({ blocked: true }),
      'forbidden',
    );
    const store = await t.make.loginAs('store');
    const bad = await request(t.app)
      .post(`/api/user/block/${store.user.id}`)
      .set(admin.auth)
      .send({ blocked: 'perhaps', reason: 'x'.repeat(301) });
    expectRefusal(bad, 'validation_failed');
    expect(Object.keys(bad.body.error.fields).sort()).toEqual(['blocked', 'reason']);
    expectRefusal(
      await request(t.app).post('/api/user/block/99999999').set(admin.auth).send({ blocked: true }),
      'not_found',
    );
  });
});

describe('conversation/block', () => {
  it('requires authentication and a participant', async () => {
    const { conv } = await chatPair();
    expectRefusal(
      await request(t.app).post(`/api/conversation/block/${conv.id}`).send({ blocked: true }),
      'unauthenticated',
    );
    const stranger = await t.make.loginAs('farmer');
    expectRefusal(
      await request(t.app).post(`/api/conversation/block/${conv.id}`).set(stranger.auth).send({ blocked: true }),
      'forbidden',
    );
    const admin = await t.make.loginAs('admin');
    expectRefusal(
      await request(t.app).post(`/api/conversation/block/${conv.id}`).set(admin.auth).send({ blocked: true }),
      'forbidden',
    );
  });

  it("the blocked side's messages are refused (403 blocked); the blocker still writes, and can undo it", async () => {
    const { farmer, owner, conv, send } = await chatPair();
    const blocked = await request(t.app)
      .post(`/api/conversation/block/${conv.id}`)
      .set(owner.auth)
      .send({ blocked: true });
    expect(blocked.body.data).toEqual({ conversation_id: conv.id, blocked_by_me: true, blocked_by_other: false });
    const seen = await request(t.app).get(`/api/conversation/block/${conv.id}`).set(farmer.auth);
    expect(seen.body.data).toEqual({ conversation_id: conv.id, blocked_by_me: false, blocked_by_other: true });
    const refused = await send(farmer, 'مرحبا');
    expectRefusal(refused, 'blocked');
    expect(refused.body.error.message).toMatch(/[\u0600-\u06FF]/);
    expect((await send(owner, 'تم')).status).toBe(200);
    // only the blocker can undo it
    const farmerUndo = await request(t.app)
      .post(`/api/conversation/block/${conv.id}`)
      .set(farmer.auth)
      .send({ blocked: false });
    expect(farmerUndo.body.data.blocked_by_other).toBe(true);
    expectRefusal(await send(farmer, 'مرحبا'), 'blocked');
    await request(t.app).post(`/api/conversation/block/${conv.id}`).set(owner.auth).send({ blocked: false });
    expect((await send(farmer, 'مرحبا')).status).toBe(200);
    const bad = await request(t.app).post(`/api/conversation/block/${conv.id}`).set(owner.auth).send({ blocked: 'x' });
    expectRefusal(bad, 'validation_failed');
    expectRefusal(
      await request(t.app).post('/api/conversation/block/99999999').set(owner.auth).send({ blocked: true }),
      'not_found',
    );
  });
});

describe('reports', () => {
  it('requires authentication', async () => {
    expectRefusal(await request(t.app).post('/api/report/create').send({}), 'unauthenticated');
    expectRefusal(await request(t.app).get('/api/report/getAll'), 'unauthenticated');
    expectRefusal(await request(t.app).post('/api/report/resolve/1').send({}), 'unauthenticated');
  });

  it('a participant reports a message: report:new reaches `admin` with the message in context', async () => {
    const { farmer, owner, conv, send } = await chatPair();
    await send(farmer, 'السلام عليكم');
    const bad = (await send(owner, 'رسالة مسيئة')).body.data;
    await send(farmer, 'لماذا؟');
    const events: ApiEvent[] = [];
    const stop = t.events.subscribe((e) => events.push(e));
    const res = await request(t.app)
      .post('/api/report/create')
      .set(farmer.auth)
      .send({ message_id: bad.id, reason: 'abuse', note: 'شتيمة' });
    stop();
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const report = res.body.data.report;
    expect(report).toMatchObject({
      reporter_id: farmer.user.id,
      conversation_id: conv.id,
      message_id: bad.id,
      reason: 'abuse',
      note: 'شتيمة',
      state: 'open',
      reported_user: { id: owner.user.id, blocked: false },
      message: { id: bad.id, message: 'رسالة مسيئة', deleted: false },
    });
    expect(report.context.map((m: { message: string }) => m.message)).toEqual([
      'السلام عليكم',
      'رسالة مسيئة',
      'لماذا؟',
    ]);
    expect(events).toEqual([{ event: 'report:new', rooms: ['admin'], payload: { report } }]);
  });

  it("a card in the report's context carries the card (no text of its own), as message:new does", async () => {
    const { farmer, owner, conv } = await chatPair();
    const product = await t.make.product(owner.store!.id, { name: 'مبيد فطري' });
    const asked = await request(t.app)
      .post('/api/message/create')
      .set(farmer.auth)
      .send({ conversation_id: conv.id, product_id: product.id });
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    const res = await request(t.app)
      .post('/api/report/create')
      .set(owner.auth)
      .send({ conversation_id: conv.id, reason: 'spam' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [card] = res.body.data.report.context;
    expect(card).toMatchObject({
      id: asked.body.data.id,
      card: { type: 'product', product_id: product.id, name: 'مبيد فطري' },
    });
    expect(card.card).toEqual(asked.body.data.card);
  });

  it('refuses strangers, a message of another conversation, and bad input (Arabic 422)', async () => {
    const { farmer, conv, send } = await chatPair();
    const msg = (await send(farmer, 'نص')).body.data;
    const other = await chatPair();
    const stranger = await t.make.loginAs('farmer');
    expectRefusal(
      await request(t.app).post('/api/report/create').set(stranger.auth).send({ message_id: msg.id, reason: 'spam' }),
      'forbidden',
    );
    const mismatch = await request(t.app)
      .post('/api/report/create')
      .set(farmer.auth)
      .send({ message_id: msg.id, conversation_id: other.conv.id, reason: 'spam' });
    expectRefusal(mismatch, 'validation_failed');
    expect(mismatch.body.error.fields.message_id).toMatch(/[\u0600-\u06FF]/);
    const none = await request(t.app).post('/api/report/create').set(farmer.auth).send({ reason: 'spam' });
    expectRefusal(none, 'validation_failed');
    const badReason = await request(t.app)
      .post('/api/report/create')
      .set(farmer.auth)
      .send({ conversation_id: conv.id, reason: 'boring', note: { a: 1 } });
    expectRefusal(badReason, 'validation_failed');
    expect(Object.keys(badReason.body.error.fields).sort()).toEqual(['note', 'reason']);
  });

  it('the admin lists open and closed reports and resolves each way; a closed one is not resolved again', async () => {
    const admin = await t.make.loginAs('admin');
    const { farmer, owner, conv, send } = await chatPair();
    const m1 = (await send(owner, 'إعلان مزعج')).body.data;
    const m2 = (await send(owner, 'احتيال')).body.data;
    const create = async (body: Record<string, unknown>) =>
      (await request(t.app).post('/api/report/create').set(farmer.auth).send(body)).body.data.report;
    const r1 = await create({ message_id: m1.id, reason: 'spam' });
    const r2 = await create({ message_id: m2.id, reason: 'fraud' });
    const r3 = await create({ conversation_id: conv.id, reason: 'other' });

    const farmerList = await request(t.app).get('/api/report/getAll').set(farmer.auth);
    expectRefusal(farmerList, 'forbidden');
    const open = await request(t.app).get('/api/report/getAll').set(admin.auth);
    expect(open.body.data.data.map((r: { id: number }) => r.id).slice(0, 3)).toEqual([r3.id, r2.id, r1.id]);
    expectRefusal(await request(t.app).get('/api/report/getAll?state=maybe').set(admin.auth), 'validation_failed');

    // dismiss
    const dismissed = await request(t.app)
      .post(`/api/report/resolve/${r1.id}`)
      .set(admin.auth)
      .send({ action: 'dismiss' });
    expect(dismissed.body.data.report).toMatchObject({ state: 'closed', action: 'dismiss' });
    expectRefusal(
      await request(t.app).post(`/api/report/resolve/${r1.id}`).set(admin.auth).send({ action: 'dismiss' }),
      'not_allowed_now',
    );
    // delete the message: it stays as deleted, message:deleted is published
    const events: ApiEvent[] = [];
    const stop = t.events.subscribe((e) => events.push(e));
    const deleted = await request(t.app)
      .post(`/api/report/resolve/${r2.id}`)
      .set(admin.auth)
      .send({ action: 'delete_message' });
    stop();
    expect(deleted.body.data.report).toMatchObject({ state: 'closed', action: 'delete_message' });
    expect(deleted.body.data.report.message).toMatchObject({ id: m2.id, deleted: true, message: null });
    expect(events.map((e) => e.event)).toEqual(['message:deleted']);
    // a conversation report has no message to delete
    expectRefusal(
      await request(t.app).post(`/api/report/resolve/${r3.id}`).set(admin.auth).send({ action: 'delete_message' }),
      'validation_failed',
    );
    expectRefusal(
      await request(t.app).post(`/api/report/resolve/${r3.id}`).set(admin.auth).send({ action: 'ban' }),
      'validation_failed',
    );
    // block the reported user (the store's owner): it cannot sign in any more
    const blocked = await request(t.app)
      .post(`/api/report/resolve/${r3.id}`)
      .set(admin.auth)
      .send({ action: 'block_user', reason: 'x'.repeat(1000) });
    expectRefusal(blocked, 'validation_failed');
    const blockedWithReason = await request(t.app)
      .post(`/api/report/resolve/${r3.id}`)
      .set(admin.auth)
      .send({ action: 'block_user', reason: ' شتائم متكررة ' });
    expect(blockedWithReason.body.data.report).toMatchObject({
      state: 'closed',
      action: 'block_user',
      reported_user: { blocked: true },
    });
    const reasonRow = await t.db
      .selectFrom('users')
      .select('blocked_reason')
      .where('id', '=', owner.user.id)
      .executeTakeFirstOrThrow();
    expect(reasonRow.blocked_reason).toBe(`بلاغ رقم ${r3.id}: شتائم متكررة`);
    expectRefusal(
      await request(t.app).post('/api/auth/login').send({ phone: owner.user.phone, password: TEST_PASSWORD }),
      'blocked',
    );
    expectRefusal(
      await request(t.app).post('/api/report/resolve/99999999').set(admin.auth).send({ action: 'dismiss' }),
      'not_found',
    );

    const closed = await request(t.app).get('/api/report/getAll?state=closed').set(admin.auth);
    expect(closed.body.data.data.map((r: { id: number }) => r.id).slice(0, 3)).toEqual([r3.id, r2.id, r1.id]);

    const rows = await auditRows(admin);
    const resolves = rows.filter((r) => r.action === 'report.resolve').map((r) => r.target_id);
    expect(resolves.slice(0, 3)).toEqual([r3.id, r2.id, r1.id]);
    expect(rows.some((r) => r.action === 'message.delete' && r.target_id === m2.id)).toBe(true);
    expect(rows.some((r) => r.action === 'user.block' && r.target_id === owner.user.id)).toBe(true);
  });
});

describe('admin/audit', () => {
  it('records the existing admin actions: status, store verify, message and conversation delete', async () => {
    const admin = await t.make.loginAs('admin');
    expectRefusal(await request(t.app).get('/api/admin/audit'), 'unauthenticated');
    const { farmer, owner, conv, send } = await chatPair();
    expectRefusal(await request(t.app).get('/api/admin/audit').set(farmer.auth), 'forbidden');
    const msg = (await send(farmer, 'نص')).body.data;
    await request(t.app).post(`/api/user/update/${farmer.user.id}`).set(admin.auth).send({ status: 1 });
    await request(t.app).post(`/api/store/update/${owner.store!.id}`).set(admin.auth).send({ verified: true });
    await request(t.app).post(`/api/message/delete/${msg.id}`).set(admin.auth);
    await request(t.app).post(`/api/conversation/delete/${conv.id}`).set(admin.auth);
    const rows = await auditRows(admin);
    expect(rows.slice(0, 4).map((r) => [r.action, r.target_type, r.target_id])).toEqual([
      ['conversation.delete', 'conversation', conv.id],
      ['message.delete', 'message', msg.id],
      ['store.verify', 'store', owner.store!.id],
      ['user.status', 'user', farmer.user.id],
    ]);
    const first = (await request(t.app).get('/api/admin/audit').set(admin.auth)).body.data.data[0];
    expect(first).toMatchObject({ actor: { id: admin.user.id, name: admin.user.name }, action: 'conversation.delete' });
    expect(Date.parse(first.at)).not.toBeNaN();
  });
});

describe('user/getAll search and filters', () => {
  it('finds by Arabic-normalised name or phone, and filters by type, status and blocked', async () => {
    const admin = await t.make.loginAs('admin');
    const ahmad = await t.make.user({ name: 'أحمد المُزارِع', type: 2 });
    const list = async (query: string) => {
      const res = await request(t.app).get(`/api/user/getAll?per_page=50&${query}`).set(admin.auth);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data.data.map((u: { id: number }) => u.id) as number[];
    };
    expect(await list(`q=${encodeURIComponent('احمد المزارع')}`)).toEqual([ahmad.id]);
    expect(await list(`q=${encodeURIComponent(ahmad.phone.slice(-6))}`)).toEqual([ahmad.id]);
    // Arabic-Indic digits
    const indic = ahmad.phone.slice(-6).replace(/\d/g, (d) => '٠١٢٣٤٥٦٧٨٩'[Number(d)]);
    expect(await list(`q=${encodeURIComponent(indic)}`)).toEqual([ahmad.id]);
    expect(await list(`q=${encodeURIComponent('احمد')}&type=1`)).toEqual([]);
    await request(t.app).post(`/api/user/block/${ahmad.id}`).set(admin.auth).send({ blocked: true });
    expect(await list(`q=${encodeURIComponent('احمد')}&blocked=1`)).toEqual([ahmad.id]);
    expect(await list(`q=${encodeURIComponent('احمد')}&blocked=0`)).toEqual([]);
    const disabled = await t.make.user({ name: 'متجر موقوف', type: 1, status: 1 });
    expect(await list(`status=1&q=${encodeURIComponent('موقوف')}`)).toEqual([disabled.id]);
    for (const bad of ['type=9', 'status=7', 'blocked=maybe', `q=${'x'.repeat(101)}`]) {
      const res = await request(t.app).get(`/api/user/getAll?${bad}`).set(admin.auth);
      expectRefusal(res, 'validation_failed');
      expect(res.body.error.message).toMatch(/[\u0600-\u06FF]/);
    }
  });
});
