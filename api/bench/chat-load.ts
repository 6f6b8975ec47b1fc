/**
 * Load generator of `npm run bench:api` (its own process): the chat side of the mixed workload.
 * Connects two socket.io-client sockets per pair of the prepared database (a farmer and a store owner,
 * each authenticated with its own token and joined to their conversation), reports `connected`,
 * then on `go` sends BENCH_CHAT_RATE `message:send` per second through the relay, open loop (each
 * message at its scheduled time, whatever is still in flight), alternating the direction, and measures
 * sender's emit → the other participant's `message:new` (matched by client_id). Only messages
 * scheduled after the warm-up count.
 *   IPC in: { type: 'go', startAt (epoch ms), warmup (s), seconds (s) }
 *   IPC out: { type: 'connected', … }, { type: 'result', … }
 */
import { readFileSync } from 'node:fs';
import { io, type Socket } from 'socket.io-client';
import { SlowSeconds, sleep, stats } from './lib';

interface Meta {
  pairs: { conversationId: number; farmer: { token: string }; owner: { token: string } }[];
}

const url = process.env.BENCH_URL ?? '';
const meta = JSON.parse(readFileSync(process.env.BENCH_META_FILE ?? '', 'utf8')) as Meta;
const rate = Number(process.env.BENCH_CHAT_RATE ?? 100);
const pairCount = Math.min(meta.pairs.length, Number(process.env.BENCH_CHAT_PAIRS ?? 1_000));
const send = (m: unknown) => process.send?.(m);

interface Pair {
  conversationId: number;
  farmer: Socket;
  owner: Socket;
}

function connect(token: string): Promise<Socket> {
  const socket = io(url, { auth: { token }, transports: ['websocket'], forceNew: true, reconnection: false });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('connect timeout')), 30_000);
    socket.once('connect', () => {
      clearTimeout(timer);
      resolve(socket);
    });
    socket.once('connect_error', (err) => {
      clearTimeout(timer);
      socket.close();
      reject(err);
    });
  });
}

async function openPair(p: Meta['pairs'][number]): Promise<Pair> {
  const [farmer, owner] = await Promise.all([connect(p.farmer.token), connect(p.owner.token)]);
  const joins = await Promise.all(
    [farmer, owner].map((s) =>
      s.timeout(30_000).emitWithAck('conversation:join', { conversation_id: p.conversationId }),
    ),
  );
  for (const r of joins as { status?: number }[]) {
    if (typeof r?.status === 'number' && r.status >= 400) throw new Error(`conversation:join refused: ${r.status}`);
  }
  return { conversationId: p.conversationId, farmer, owner };
}

// connect 2 × pairCount sockets, a bounded number of handshakes at a time
const t0 = performance.now();
const pairs: Pair[] = [];
const failures = new Map<string, number>();
{
  let next = 0;
  const worker = async () => {
    while (next < pairCount) {
      const p = meta.pairs[next++];
      try {
        pairs.push(await openPair(p));
      } catch (err) {
        const key = err instanceof Error ? err.message : String(err);
        failures.set(key, (failures.get(key) ?? 0) + 1);
      }
    }
  };
  await Promise.all(Array.from({ length: 25 }, worker));
}
pairs.sort((a, b) => a.conversationId - b.conversationId);
send({
  type: 'connected',
  sockets: pairs.length * 2,
  failed: [...failures].map(([k, v]) => `${v}× ${k}`),
  seconds: (performance.now() - t0) / 1000,
});

interface InFlight {
  sentAt: number;
  receiver: Socket;
  measured: boolean;
}
const inFlight = new Map<string, InFlight>();
const delivery: number[] = [];
const ackTimes: number[] = [];
const lag: number[] = [];
/** Deliveries over 50 ms (the chat target), by second of the measured window. */
const slow = new SlowSeconds(50);
let measuredStart = 0;
const ackStatus = new Map<string, number>();
let deliveredWarmup = 0;
let sentMeasured = 0;
let sentAll = 0;
let disconnects = 0;

for (const pair of pairs) {
  for (const socket of [pair.farmer, pair.owner]) {
    socket.on('disconnect', () => disconnects++);
    socket.on('message:new', (payload: { message?: { client_id?: string | null } }) => {
      const id = payload?.message?.client_id;
      if (!id) return;
      const f = inFlight.get(id);
      if (!f || f.receiver !== socket) return; // the sender's own copy
      inFlight.delete(id);
      if (f.measured) {
        const elapsed = performance.now() - f.sentAt;
        delivery.push(elapsed);
        slow.add((f.sentAt - measuredStart) / 1000, elapsed);
      } else deliveredWarmup++;
    });
  }
}

const go = await new Promise<{ startAt: number; warmup: number; seconds: number }>((resolve) => {
  process.on('message', (m: { type?: string; startAt: number; warmup: number; seconds: number }) => {
    if (m?.type === 'go') resolve(m);
  });
});

const total = pairs.length > 0 ? Math.round(rate * (go.warmup + go.seconds)) : 0;
const measuredFrom = Math.round(rate * go.warmup);
const interval = 1000 / rate;
await sleep(Math.max(0, go.startAt - Date.now()));
const startPerf = performance.now();
measuredStart = startPerf + measuredFrom * interval;
let k = 0;
while (k < total) {
  const now = performance.now();
  while (k < total && startPerf + k * interval <= now) {
    const pair = pairs[k % pairs.length];
    // alternate who writes: one round over the pairs farmer → store, the next store → farmer
    const fromFarmer = Math.floor(k / pairs.length) % 2 === 0;
    const [sender, receiver] = fromFarmer ? [pair.farmer, pair.owner] : [pair.owner, pair.farmer];
    const clientId = `bench-${process.pid}-${k}`;
    const measured = k >= measuredFrom;
    const sentAt = performance.now();
    if (measured) {
      lag.push(sentAt - (startPerf + k * interval));
      sentMeasured++;
    }
    inFlight.set(clientId, { sentAt, receiver, measured });
    sender.emit(
      'message:send',
      { conversation_id: pair.conversationId, message: `رسالة قياس ${k}`, client_id: clientId },
      (res: { status?: number } | undefined) => {
        const status = typeof res?.status === 'number' ? String(res.status) : 'no status';
        ackStatus.set(status, (ackStatus.get(status) ?? 0) + 1);
        if (measured) ackTimes.push(performance.now() - sentAt);
      },
    );
    sentAll++;
    k++;
  }
  await sleep(2);
}
// stragglers: up to 5 s
for (let i = 0; i < 50 && inFlight.size > 0; i++) await sleep(100);
const lost = [...inFlight.values()].filter((f) => f.measured).length;

send({
  type: 'result',
  sockets: pairs.length * 2,
  sent: sentMeasured,
  sentAll,
  delivered: delivery.length,
  lost,
  deliveredWarmup,
  disconnects,
  delivery: stats(delivery),
  ack: stats(ackTimes),
  ackStatus: Object.fromEntries(ackStatus),
  lag: stats(lag),
  slow: slow.summary(),
});
for (const p of pairs) {
  p.farmer.close();
  p.owner.close();
}
await sleep(200);
process.exit(0);
