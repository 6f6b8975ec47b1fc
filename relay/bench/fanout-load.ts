/**
 * Child process of the relay benchmark (fan-out): holds both sockets of its share of the pairs (raw
 * socket.io over one websocket each, lib.ts `rawSocket`: light enough for thousands in one process),
 * joins each to its conversation, then sends its share of the rate, open loop (each message leaves at
 * its time, whatever is still in flight), one round of its pairs farmer → store, the next store →
 * farmer. Latency: the sender's emit → `message:new` (matched by client_id) at the other participant.
 *   IPC in:  { type: 'start', port, pairs, rate, warmup, seconds } (connect and join), then { type: 'go', startAt }
 *   IPC out: { type: 'joined', sockets, failed } then { type: 'result', samples, sent, delivered, lost, acks, lateP99 }
 * Sender and receiver of a pair live in the same process, so one clock times both ends.
 */
import type WebSocket from 'ws';
import { rawSocket, sleep } from './lib';

interface Pair {
  conversationId: number;
  farmer: string;
  owner: string;
}
interface Start {
  type: 'start';
  port: number;
  pairs: Pair[];
  rate: number;
  warmup: number;
  seconds: number;
}
let go: (startAt: number) => void = () => {};
const started = new Promise<number>((resolve) => {
  go = resolve;
});

interface Conn {
  ws: WebSocket;
  acks: Map<number, (payload: unknown) => void>;
  nextAck: number;
}

const sentAt = new Map<string, { t: number; from: Conn; counted: boolean }>();
const samples: number[] = [];
const acks: Record<string, number> = {};
let delivered = 0;

function wire(ws: WebSocket): Conn {
  const conn: Conn = { ws, acks: new Map(), nextAck: 1 };
  ws.on('message', (data) => {
    const s = data.toString();
    if (s.startsWith('43')) {
      const bracket = s.indexOf('[');
      const id = Number(s.slice(2, bracket));
      const done = conn.acks.get(id);
      conn.acks.delete(id);
      done?.(JSON.parse(s.slice(bracket))[0]);
    } else if (s.startsWith('42["message:new"')) {
      const [, { message }] = JSON.parse(s.slice(2)) as [string, { message: { client_id: string | null } }];
      const sent = message.client_id ? sentAt.get(message.client_id) : undefined;
      if (!sent || sent.from === conn) return;
      sentAt.delete(message.client_id as string);
      delivered++;
      if (sent.counted) samples.push(performance.now() - sent.t);
    }
  });
  return conn;
}

function emit(conn: Conn, event: string, payload: unknown, onAck?: (answer: unknown) => void): void {
  const id = conn.nextAck++;
  if (onAck) conn.acks.set(id, onAck);
  conn.ws.send(`42${id}${JSON.stringify([event, payload])}`);
}

const ask = (conn: Conn, event: string, payload: unknown) =>
  new Promise<{ status?: number }>((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`${event}: no answer in 20 s`)), 20_000);
    emit(conn, event, payload, (a) => {
      clearTimeout(t);
      resolve(a as { status?: number });
    });
  });

process.on('message', async (m: Start | { type: 'go'; startAt: number }) => {
  if (m?.type === 'go') return go(m.startAt);
  if (m?.type !== 'start') return;
  const conns: { farmer: Conn; owner: Conn; conversationId: number }[] = [];
  const failed: string[] = [];
  // handshakes and joins 50 pairs at a time
  for (let i = 0; i < m.pairs.length; i += 50) {
    await Promise.all(
      m.pairs.slice(i, i + 50).map(async (p) => {
        try {
          const [farmer, owner] = (await Promise.all([rawSocket(m.port, p.farmer), rawSocket(m.port, p.owner)])).map(
            wire,
          );
          const joins = await Promise.all([
            ask(farmer, 'conversation:join', { conversation_id: p.conversationId }),
            ask(owner, 'conversation:join', { conversation_id: p.conversationId }),
          ]);
          if (joins.some((j) => j.status !== 200))
            throw new Error(`join answered ${JSON.stringify(joins[0]).slice(0, 80)}`);
          conns.push({ farmer, owner, conversationId: p.conversationId });
        } catch (err) {
          if (failed.length < 5) failed.push(err instanceof Error ? err.message : String(err));
          else failed.push('');
        }
      }),
    );
  }
  process.send?.({ type: 'joined', sockets: conns.length * 2, failed });
  const startAt = await started;
  await sleep(Math.max(0, startAt - Date.now()));

  const total = Math.round(m.rate * (m.warmup + m.seconds));
  const warmupCount = Math.round(m.rate * m.warmup);
  const late: number[] = [];
  const t0 = performance.now();
  let sent = 0;
  while (sent < total) {
    const now = performance.now();
    const due = Math.min(total, Math.floor(((now - t0) / 1000) * m.rate) + 1);
    for (; sent < due; sent++) {
      const k = sent;
      const pair = conns[k % conns.length];
      const fromFarmer = Math.floor(k / conns.length) % 2 === 0;
      const from = fromFarmer ? pair.farmer : pair.owner;
      const clientId = `fan-${process.pid}-${k}`;
      const scheduled = t0 + (k * 1000) / m.rate;
      if (k >= warmupCount) late.push(now - scheduled);
      sentAt.set(clientId, { t: performance.now(), from, counted: k >= warmupCount });
      emit(
        from,
        'message:send',
        { conversation_id: pair.conversationId, message: `رسالة ${k}`, client_id: clientId },
        (a) => {
          const status = String((a as { status?: number })?.status ?? 'none');
          acks[status] = (acks[status] ?? 0) + 1;
        },
      );
    }
    await sleep(2);
  }
  // the last deliveries: up to 30 s (an overloaded server is late, not lossy: only what never came counts as lost)
  for (let i = 0; i < 300 && sentAt.size > 0; i++) await sleep(100);
  late.sort((a, b) => a - b);
  process.send?.({
    type: 'result',
    samples,
    sent,
    delivered,
    lost: sentAt.size,
    acks,
    lateP99: late.length ? late[Math.floor(0.99 * late.length)] : 0,
  });
  for (const c of conns) {
    c.farmer.ws.terminate();
    c.owner.ws.terminate();
  }
});
process.send?.({ type: 'ready' });
