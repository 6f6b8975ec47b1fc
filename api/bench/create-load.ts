/**
 * Load generator of `npm run bench:api` (its own process): POST /api/message/create alone, JSON with a
 * new client_id per message (as the app sends them), closed loop with autocannon (BENCH_CREATE_CONNECTIONS
 * connections) for BENCH_CREATE_SECONDS after BENCH_WARMUP_CREATE seconds of warm-up (not counted).
 *   IPC out: { type: 'measuring' } when the counted part starts, { type: 'result', rps, p50, p99, max, non2xx, errors, total }
 */
import autocannon from 'autocannon';

const url = `${process.env.BENCH_URL ?? ''}/api/message/create`;
const connections = Number(process.env.BENCH_CREATE_CONNECTIONS ?? 10);
const seconds = Number(process.env.BENCH_CREATE_SECONDS ?? 10);
const warmup = Number(process.env.BENCH_WARMUP_CREATE ?? 2);
const opts = {
  url,
  connections,
  method: 'POST' as const,
  headers: {
    Authorization: `Bearer ${process.env.BENCH_TOKEN ?? ''}`,
    'Content-Type': 'application/json',
    'Accept-Encoding': 'gzip, deflate, br',
  },
  // autocannon puts a new id in place of [<id>] for every request
  body: JSON.stringify({
    conversation_id: Number(process.env.BENCH_CONVERSATION),
    message: 'مرحبا، هل الدواء متوفر؟',
    client_id: 'bench-[<id>]',
  }),
  idReplacement: true,
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
  seconds,
  connections,
});
process.exit(0);
