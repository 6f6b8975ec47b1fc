// A load generator of `npm run bench:scale` (scripts/bench-scale.mjs), a process of its own (fork): holds
// the sockets of its share of the seeded stores — each store account's socket and its farmers' sockets
// (api/bench/scale-seed.ts) — as raw socket.io over one websocket each (engine.io 4 / socket.io 5
// framing: light enough for thousands in one process), then sends its share of each step's rate, open
// loop (every message leaves at its time, whatever is still in flight), alternating farmer → store and
// store → farmer. Sender and receiver of a message are in this process: one clock times both ends.
//   delivery = emit of message:send → the other participant's message:new (matched by client_id)
//   lost     = sent and never delivered to the other participant within the grace time
//   doubled  = delivered more than once to the one socket it was for
// A socket that closes reconnects (through the same address: nginx picks a live relay) and sends again,
// with the same client_id, whatever it sent that was not acknowledged (the API stores a client_id once),
// as the web client's outbox does — the kill round's sockets on the killed relay do that.
//   IPC in:  {type:'connect', url, stores}  {type:'step', id, rate, warmup, seconds, startAt, graceMs, ids}  {type:'close'}
//   IPC out: {type:'ready'}  {type:'connected', sockets, failed, ms}  {type:'step', id, …counts, samples, ackedIds?}
import WebSocket from 'ws';

const send = (m) => process.send?.(m);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Every socket of this process. */
const conns = [];
/** {id, farmer, owner} of this process's conversations. */
const conversations = [];
let baseUrl = '';
let closing = false;

/** The current step's messages: client_id → {t, from, to, counted, delivered, acked}. */
let expected = new Map();
let counters = null;

function newCounters() {
  return {
    sent: 0,
    acked: 0,
    refused: 0,
    delivered: 0,
    doubled: 0,
    resent: 0,
    reconnects: 0,
    samples: [],
    ackedIds: [],
  };
}

function wsUrl(base) {
  return `${base.replace(/^http/, 'ws')}/socket.io/?EIO=4&transport=websocket`;
}

/** One raw socket.io connection, authenticated with `token`; resolves once the server accepted it. */
function openSocket(conn) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(wsUrl(baseUrl), { perMessageDeflate: false });
    let accepted = false;
    const timer = setTimeout(() => {
      ws.terminate();
      reject(new Error('no answer in 30 s'));
    }, 30_000);
    ws.on('message', (data) => {
      const s = data.toString();
      if (s === '2') return ws.send('3');
      if (!accepted) {
        if (s.startsWith('0{')) ws.send(`40${JSON.stringify({ token: conn.token })}`);
        else if (s.startsWith('40')) {
          accepted = true;
          clearTimeout(timer);
          conn.ws = ws;
          conn.open = true;
          resolve();
        } else if (s.startsWith('44')) {
          clearTimeout(timer);
          ws.close();
          reject(new Error(`refused: ${s.slice(0, 120)}`));
        }
        return;
      }
      onPacket(conn, s);
    });
    ws.on('close', () => {
      clearTimeout(timer);
      if (!accepted) return reject(new Error('closed before the handshake'));
      if (conn.ws !== ws) return;
      conn.open = false;
      if (!closing) reconnect(conn);
    });
    ws.on('error', () => {});
  });
}

async function reconnect(conn) {
  for (let delay = 250; !closing; delay = Math.min(2000, delay * 2)) {
    await sleep(delay);
    try {
      await openSocket(conn);
      if (counters) counters.reconnects++;
      // what it sent and never heard back about goes again (same client_id)
      for (const [clientId, payload] of conn.unacked) emit(conn, clientId, payload, true);
      return;
    } catch {
      // the relay or the API is not back yet: try again
    }
  }
}

const CLIENT_ID = /"client_id":"([^"]+)"/;

function onPacket(conn, s) {
  if (s.startsWith('43')) {
    const bracket = s.indexOf('[');
    const id = Number(s.slice(2, bracket));
    const done = conn.acks.get(id);
    conn.acks.delete(id);
    if (done) done(JSON.parse(s.slice(bracket))[0]);
    return;
  }
  if (s.startsWith('42["message:new"')) {
    const m = CLIENT_ID.exec(s);
    const e = m ? expected.get(m[1]) : undefined;
    if (!e || e.to !== conn) return; // someone else's, or the sender's own copy
    if (e.delivered++ > 0) {
      counters.doubled++;
      return;
    }
    counters.delivered++;
    if (e.counted) counters.samples.push(performance.now() - e.t);
  }
}

/** message:send with an acknowledgement; a refusal worth retrying (the API or a relay down) goes again. */
function emit(conn, clientId, payload, again = false) {
  if (again) counters && counters.resent++;
  if (!conn.open) return; // sent on reconnect
  const id = conn.nextAck++;
  const timer = setTimeout(() => {
    // no answer in 10 s: the same message again, on whatever socket it has by then
    if (conn.acks.delete(id) && conn.unacked.has(clientId)) emit(conn, clientId, payload, true);
  }, 10_000);
  conn.acks.set(id, (answer) => {
    clearTimeout(timer);
    const status = answer?.status;
    if (!conn.unacked.has(clientId)) return;
    if (status === 200) {
      conn.unacked.delete(clientId);
      const e = expected.get(clientId);
      if (e && !e.acked) {
        e.acked = true;
        counters.acked++;
        if (counters.ackedIds) counters.ackedIds.push(clientId);
      }
    } else if (status === 429 || status === undefined || status >= 500) {
      setTimeout(() => conn.unacked.has(clientId) && emit(conn, clientId, payload, true), 1000);
    } else {
      conn.unacked.delete(clientId);
      counters.refused++;
    }
  });
  conn.ws.send(`42${id}${JSON.stringify(['message:send', payload])}`);
}

async function connectAll(stores) {
  const t0 = performance.now();
  const made = [];
  for (const store of stores) {
    const owner = { token: store.owner, acks: new Map(), nextAck: 1, unacked: new Map(), open: false };
    made.push(owner);
    for (const c of store.conversations) {
      const farmer = { token: c.farmer, acks: new Map(), nextAck: 1, unacked: new Map(), open: false };
      made.push(farmer);
      conversations.push({ id: c.id, farmer, owner });
    }
  }
  const failed = [];
  let next = 0;
  const worker = async () => {
    while (next < made.length) {
      const conn = made[next++];
      try {
        await openSocket(conn);
        conns.push(conn);
      } catch (err) {
        failed.push(err.message);
      }
    }
  };
  await Promise.all(Array.from({ length: 100 }, worker));
  send({
    type: 'connected',
    sockets: conns.length,
    failed: failed.slice(0, 5),
    failures: failed.length,
    ms: performance.now() - t0,
  });
}

async function runStep(m) {
  expected = new Map();
  counters = newCounters();
  if (!m.ids) counters.ackedIds = null;
  const live = conversations.filter((c) => c.farmer.ws && c.owner.ws);
  const n = live.length;
  const total = Math.round(m.rate * (m.warmup + m.seconds));
  const warm = Math.round(m.rate * m.warmup);
  await sleep(Math.max(0, m.startAt - Date.now()));
  const t0 = performance.now();
  let k = 0;
  while (k < total && n > 0) {
    const due = Math.min(total, Math.floor(((performance.now() - t0) / 1000) * m.rate) + 1);
    for (; k < due; k++) {
      const c = live[Math.floor(k / 2) % n];
      const fromFarmer = k % 2 === 0;
      const from = fromFarmer ? c.farmer : c.owner;
      const clientId = `bs-${process.pid}-${m.id}-${k}`;
      const payload = { conversation_id: c.id, message: `رسالة قياس ${k}`, client_id: clientId };
      expected.set(clientId, {
        t: performance.now(),
        to: fromFarmer ? c.owner : c.farmer,
        counted: k >= warm,
        delivered: 0,
        acked: false,
      });
      from.unacked.set(clientId, payload);
      counters.sent++;
      emit(from, clientId, payload);
    }
    await sleep(2);
  }
  // the last deliveries and acknowledgements: an overloaded server is late, not lossy; only what never came is lost
  const end = performance.now() + m.graceMs;
  const settled = () => {
    for (const e of expected.values()) if (!e.delivered || !e.acked) return false;
    return true;
  };
  while (performance.now() < end && !settled()) await sleep(100);
  let lost = 0;
  let unacked = 0;
  for (const e of expected.values()) {
    if (!e.delivered) lost++;
    if (!e.acked) unacked++;
  }
  for (const c of conns) c.unacked.clear();
  send({ type: 'step', id: m.id, ...counters, lost, unacked, conversations: n });
}

process.on('message', (m) => {
  if (m?.type === 'connect') {
    baseUrl = m.url;
    connectAll(m.stores).catch((err) => send({ type: 'error', message: err.message }));
  } else if (m?.type === 'step') {
    runStep(m).catch((err) => send({ type: 'error', message: err.stack ?? err.message }));
  } else if (m?.type === 'close') {
    closing = true;
    for (const c of conns) c.ws?.terminate();
    setTimeout(() => process.exit(0), 100);
  }
});
send({ type: 'ready' });
