/**
 * Load generator of `npm run bench:api` (its own process): POST /api/message/create alone, JSON with a
 * new client_id per message (as the app sends them), closed loop with autocannon (BENCH_CREATE_CONNECTIONS
 * connections) for BENCH_CREATE_SECONDS after BENCH_WARMUP_CREATE seconds of warm-up (not counted).
 * The messages come from the 2,000 users of the prepared database in turn, each into its own
 * conversation: many people writing, as in production (and under the API's per-user write limits, which
 * one user sending a thousand messages a second would meet).
 *   IPC out: { type: 'measuring' } when the counted part starts, { type: 'result', rps, p50, p99, … }
 */
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

interface Meta {
  pairs: { conversationId: number; farmer: { token: string }; owner: { token: string } }[];
}

const meta = JSON.parse(readFileSync(process.env.BENCH_META_FILE ?? '', 'utf8')) as Meta;
const writers = meta.pairs.flatMap((p) => [
  { authorization: `Bearer ${p.farmer.token}`, conversationId: p.conversationId },
  { authorization: `Bearer ${p.owner.token}`, conversationId: p.conversationId },
]);
const url = `${process.env.BENCH_URL ?? ''}/api/message/create`;
const connections = Number(process.env.BENCH_CREATE_CONNECTIONS ?? 10);
const seconds = Number(process.env.BENCH_CREATE_SECONDS ?? 10);
const warmup = Number(process.env.BENCH_WARMUP_CREATE ?? 2);
let sent = 0;
const opts = {
  url,
  connections,
  method: 'POST' as const,
  headers: { 'content-type': 'application/json', 'accept-encoding': 'gzip, deflate, br' },
  requests: [
    {
      setupRequest: (req: { headers: Record<string, string>; body?: string }) => {
        const k = sent++;
        const w = writers[k % writers.length];
        req.headers = { ...req.headers, authorization: w.authorization };
        req.body = JSON.stringify({
          conversation_id: w.conversationId,
          message: 'مرحبا، هل الدواء متوفر؟',
          client_id: `bench-create-${process.pid}-${k}`,
        });
        return req;
      },
    },
  ],
};
if (warmup > 0) await autocannon({ ...opts, duration: warmup });
// the benchmark reads the server's CPU time from here to the result
process.send?.({ type: 'measuring' });
const r = await autocannon({ ...opts, duration: seconds });
process.send?.({
  type: 'result',
  rps: Math.round(r.requests.average),
  total: r.requests.total,
  p50: r.latency.p50,
  p99: r.latency.p99,
  max: r.latency.max,
  non2xx: r.non2xx,
  errors: r.errors + r.timeouts,
  statusCodes: Object.fromEntries(Object.entries(r.statusCodeStats ?? {}).map(([code, s]) => [code, s.count])),
  writers: writers.length,
  seconds,
  connections,
});
process.exit(0);
