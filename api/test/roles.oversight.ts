/**
 * Rows of the role table (roles.table.ts) for subscriptions and admin oversight (CONTRACT.md §8): every
 * role against subscription/*, user/block, conversation/block, report/* and admin/audit.
 */
import request from 'supertest';
import type { Actor, RoleCase, RoleName, RoleWorld } from './roles.table';

const all = (status: number): Record<RoleName, number> => ({
  visitor: status,
  farmer: status,
  store: status,
  disabledStore: status,
  nursery: status,
  admin: status,
});
const adminOnly: Record<RoleName, number> = { ...all(403), visitor: 401, admin: 200 };
const storeAccounts: Record<RoleName, number> = {
  visitor: 401,
  farmer: 403,
  store: 200,
  disabledStore: 200,
  nursery: 200,
  admin: 403,
};
const auth = (who: Actor | undefined) => (who ? who.auth : {});

/** A conversation between a new farmer and the other store: nobody of the table takes part in it. */
async function strangersConversation(w: RoleWorld) {
  const farmer = await w.t.make.loginAs('farmer');
  return { farmer, conv: await w.t.make.conversation(farmer.user.id, w.other.store) };
}

export const oversightRoleCases: RoleCase[] = [
  {
    call: 'POST subscription/request',
    expect: storeAccounts,
    // a new account of the role each time: one open request per account
    send: async (w, who, role) => {
      const caller = who && role !== 'visitor' ? await w.fresh(role, { withStore: false }) : undefined;
      return request(w.t.app)
        .post('/api/subscription/request')
        .set(auth(caller))
        .send({ plan: 'monthly', method: 'cash' });
    },
  },
  {
    call: 'GET subscription/mine',
    expect: storeAccounts,
    send: (w, who) => request(w.t.app).get('/api/subscription/mine').set(auth(who)),
  },
  {
    call: 'GET subscription/requests',
    expect: adminOnly,
    send: (w, who) => request(w.t.app).get('/api/subscription/requests').set(auth(who)),
  },
  {
    call: 'POST subscription/payment',
    expect: adminOnly,
    send: (w, who) =>
      request(w.t.app)
        .post('/api/subscription/payment')
        .set(auth(who))
        .send({ user_id: w.other.user.id, plan: 'monthly', method: 'cash', amount_cents: 500 }),
  },
  {
    call: 'GET subscription/payments',
    expect: { ...storeAccounts, admin: 200 },
    send: (w, who) => request(w.t.app).get('/api/subscription/payments').set(auth(who)),
  },
  {
    call: 'GET subscription/stats',
    expect: adminOnly,
    send: (w, who) => request(w.t.app).get('/api/subscription/stats').set(auth(who)),
  },
  {
    call: 'POST user/block/{id}',
    expect: adminOnly,
    send: async (w, who) => {
      const target = await w.t.make.user({ type: 2 });
      return request(w.t.app)
        .post(`/api/user/block/${target.id}`)
        .set(auth(who))
        .send({ blocked: true, reason: 'جدول' });
    },
  },
  {
    call: 'POST conversation/block/{id} (not a participant)',
    expect: { ...all(403), visitor: 401 },
    send: async (w, who) => {
      const { conv } = await strangersConversation(w);
      return request(w.t.app).post(`/api/conversation/block/${conv.id}`).set(auth(who)).send({ blocked: true });
    },
  },
  {
    call: 'POST conversation/block/{id} (the sender)',
    expect: { ...all(200), visitor: 401 },
    send: async (w, who) => {
      if (!who) return request(w.t.app).post('/api/conversation/block/1').send({ blocked: true });
      // a store of its own: the caller may already have a conversation with the other store
      const owner = await w.t.make.loginAs('store');
      const conv = await w.t.make.conversation(who.user.id, owner.store!);
      return request(w.t.app).post(`/api/conversation/block/${conv.id}`).set(auth(who)).send({ blocked: true });
    },
  },
  {
    call: 'POST report/create (not a participant)',
    expect: { ...all(403), visitor: 401 },
    send: async (w, who) => {
      const { conv } = await strangersConversation(w);
      return request(w.t.app)
        .post('/api/report/create')
        .set(auth(who))
        .send({ conversation_id: conv.id, reason: 'spam' });
    },
  },
  {
    call: 'GET report/getAll',
    expect: adminOnly,
    send: (w, who) => request(w.t.app).get('/api/report/getAll').set(auth(who)),
  },
  {
    call: 'POST report/resolve/{id}',
    expect: adminOnly,
    send: async (w, who) => {
      const { farmer, conv } = await strangersConversation(w);
      const report = await request(w.t.app)
        .post('/api/report/create')
        .set(farmer.auth)
        .send({ conversation_id: conv.id, reason: 'other' });
      return request(w.t.app)
        .post(`/api/report/resolve/${report.body.data.report.id}`)
        .set(auth(who))
        .send({ action: 'dismiss' });
    },
  },
  {
    call: 'GET admin/audit',
    expect: adminOnly,
    send: (w, who) => request(w.t.app).get('/api/admin/audit').set(auth(who)),
  },
  {
    call: 'GET user/getAll?q&type&status&blocked',
    expect: adminOnly,
    send: (w, who) =>
      request(w.t.app)
        .get(`/api/user/getAll?q=${encodeURIComponent('متجر')}&type=1&status=0&blocked=0`)
        .set(auth(who)),
  },
];
