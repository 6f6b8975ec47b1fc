/**
 * How long every HTTP server of the product waits for a slow or silent client (docs/deploy.md
 * "Timeouts"): `npm start` (server/src/start.ts), the API alone (api/src/main.ts) and the relay
 * (relay/src/main.ts) — so each instance of the scaled deployment too. Node answers 408 and closes the
 * connection when the headers, or the whole request with its body, have not arrived in time.
 *
 *   headersTimeout     20 s   the request line and headers (also a connection that sends nothing)
 *   requestTimeout    120 s   the whole request, body included: a 5 MB upload at ≥ 350 kbit/s, a
 *                             compressed photo (≤ 500 kB) at ≥ 35 kbit/s; a body trickled slower is cut
 *   keepAliveTimeout   65 s   an idle keep-alive connection after an answer (above nginx's upstream 60 s)
 *
 * A long answer is not limited (socket.io's websockets, a slow download): only receiving the request.
 * Each can be set in ms: HTTP_HEADERS_TIMEOUT_MS, HTTP_REQUEST_TIMEOUT_MS, HTTP_KEEPALIVE_TIMEOUT_MS.
 */
export interface HttpServerTimeouts {
  headersTimeout: number;
  requestTimeout: number;
  keepAliveTimeout: number;
  /** How often Node checks connections against the first two (ms). */
  connectionsCheckingInterval: number;
}

export const HTTP_SERVER_TIMEOUTS = {
  headersTimeout: 20_000,
  requestTimeout: 120_000,
  keepAliveTimeout: 65_000,
} as const;

const SETTINGS = {
  headersTimeout: 'HTTP_HEADERS_TIMEOUT_MS',
  requestTimeout: 'HTTP_REQUEST_TIMEOUT_MS',
  keepAliveTimeout: 'HTTP_KEEPALIVE_TIMEOUT_MS',
} as const;

/**
 * The options for `http.createServer(options, handler)` from the settings above (defaults when unset).
 * Throws RangeError for a value that is not a whole number of ms ≥ 1, or headers allowed longer than
 * the whole request.
 */
export function httpServerTimeouts(env: Record<string, string | undefined> = {}): HttpServerTimeouts {
  const read = (key: keyof typeof SETTINGS): number => {
    const raw = env[SETTINGS[key]];
    if (raw === undefined || raw === '') return HTTP_SERVER_TIMEOUTS[key];
    const value = Number(raw);
    if (!Number.isInteger(value) || value < 1) {
      throw new RangeError(`${SETTINGS[key]} must be a whole number of milliseconds (≥ 1), got "${raw}"`);
    }
    return value;
  };
  const headersTimeout = read('headersTimeout');
  const requestTimeout = read('requestTimeout');
  if (headersTimeout > requestTimeout) {
    throw new RangeError(`${SETTINGS.headersTimeout} must not be longer than ${SETTINGS.requestTimeout}`);
  }
  return {
    headersTimeout,
    requestTimeout,
    keepAliveTimeout: read('keepAliveTimeout'),
    // a connection is cut at most this long after its time is up
    connectionsCheckingInterval: Math.min(5_000, Math.max(10, Math.floor(headersTimeout / 4))),
  };
}
