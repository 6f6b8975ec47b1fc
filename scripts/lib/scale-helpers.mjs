// Helpers of the scale test and benchmark: REST calls through the proxy, RealtimeClient
// connections placed on a chosen relay, waiting for pushes.
import { register } from 'tsx/esm/api';

/** @agrivet/realtime (TypeScript source) loaded through tsx, as the browser bundle uses it. */
export async function loadRealtime() {
  register();
  return import('@agrivet/realtime');
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Polls `fn` until it returns a truthy value (returned) or throws after timeoutMs. */
export async function waitFor(fn, { timeoutMs = 10000, what = 'condition' } = {}) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await fn();
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(50);
  }
}

/** REST calls (CONTRACT.md §3) against `${base}/api`. `call` returns the envelope plus `http`. */
export function restClient(base) {
  const call = async (method, apiPath, { token, body } = {}) => {
    const headers = { Accept: 'application/json' };
    if (token) headers.Authorization = `Bearer ${token}`;
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const res = await fetch(`${base}/api/${apiPath}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(15000),
    });
    const envelope = await res.json();
    return { http: res.status, ...envelope };
  };
  /** The `data` of a 200 envelope; throws with the API's message otherwise. */
  const ok = async (method, apiPath, options) => {
    const r = await call(method, apiPath, options);
    if (r.http !== 200 || r.status !== 200) {
      throw new Error(`${method} /api/${apiPath} → ${r.http} ${JSON.stringify(r.error ?? r)}`);
    }
    return r.data;
  };
  return {
    call,
    get: (p, o) => ok('GET', p, o),
    post: (p, body, o = {}) => ok('POST', p, { ...o, body }),
  };
}

/** Resolves with the first push `event` whose payload satisfies `match`. */
export function nextPush(client, event, match = () => true, timeoutMs = 10000) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      off();
      reject(new Error(`no ${event} push within ${timeoutMs} ms`));
    }, timeoutMs);
    const off = client.on(event, (payload) => {
      if (!match(payload)) return;
      clearTimeout(timer);
      off();
      resolve(payload);
    });
  });
}

const FAST_RETRIES = {
  reconnectionDelayMs: 200,
  reconnectionDelayMaxMs: 1000,
  retryBaseMs: 200,
  retryMaxMs: 2000,
  ackTimeoutMs: 8000,
};

/**
 * A RealtimeClient connected through the proxy and held by relay `wanted` (an index into
 * cluster.relays). nginx balances round-robin, so it reconnects until the relay's own socket count
 * (GET /health) shows the new socket there: placement is checked, not assumed.
 */
export async function connectOnRelay(RealtimeClient, cluster, token, wanted, attempts = 8) {
  for (let i = 0; i < attempts; i++) {
    const before = await cluster.relaySocketCounts();
    const client = new RealtimeClient(FAST_RETRIES);
    client.connect(cluster.url, token);
    await waitFor(() => client.status === 'online', { what: 'socket online' });
    const after = await waitFor(
      async () => {
        const counts = await cluster.relaySocketCounts();
        return counts.some((n, k) => n !== null && n > before[k]) ? counts : null;
      },
      { what: 'a relay to count the new socket' },
    );
    const landed = after.findIndex((n, k) => n !== null && n > before[k]);
    if (landed === wanted) return client;
    client.close();
    await waitFor(async () => (await cluster.relaySocketCounts())[landed] === before[landed], {
      what: 'the extra socket to close',
    });
  }
  throw new Error(`could not get a socket onto relay ${wanted + 1} in ${attempts} tries`);
}

/**
 * A plain socket.io client straight on one relay (its own port, not through the proxy): placement
 * is certain. Records every push; `of(event)` lists the payloads of one event, oldest first.
 */
export async function openSocket(url, token) {
  const { io } = await import('socket.io-client');
  const socket = io(url, { auth: { token }, transports: ['websocket'], forceNew: true, reconnection: false });
  const events = [];
  socket.onAny((event, payload) => events.push({ event, payload }));
  await new Promise((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', (err) => {
      socket.close();
      reject(err);
    });
  });
  const disconnected = new Promise((resolve) => socket.once('disconnect', resolve));
  return {
    socket,
    disconnected,
    of: (event) => events.filter((e) => e.event === event).map((e) => e.payload),
    call: (event, payload) => socket.timeout(10000).emitWithAck(event, payload),
    close: () => socket.close(),
  };
}
