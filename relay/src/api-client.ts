/**
 * Forwards calls to the REST API with the caller's own token and returns the API's envelope
 * unchanged. Network failures, time-outs and non-envelope answers become 503 / 504 / 502
 * envelopes, so callers never see an exception.
 */
import { type ApiResponse, LIMITS } from '@agrivet/shared';
import { failure, relayMessages } from './messages';

export interface CallOptions {
  token: string;
  /** X-Forwarded-For chain ending with the end user's address (the API's per-IP limits). */
  forwardedFor?: string;
}

export interface ApiClient {
  get<T>(path: string, options: CallOptions): Promise<ApiResponse<T>>;
  post<T>(path: string, body: Record<string, unknown> | FormData, options: CallOptions): Promise<ApiResponse<T>>;
}

const isEnvelope = (body: unknown): body is ApiResponse<unknown> =>
  typeof body === 'object' &&
  body !== null &&
  typeof (body as { status?: unknown }).status === 'number' &&
  ('data' in body || 'error' in body);

export function createApiClient(apiUrl: string): ApiClient {
  const base = apiUrl.replace(/\/+$/, '');

  async function call<T>(method: 'GET' | 'POST', path: string, body: unknown, opts: CallOptions) {
    const headers: Record<string, string> = { Authorization: `Bearer ${opts.token}`, Accept: 'application/json' };
    if (opts.forwardedFor) headers['X-Forwarded-For'] = opts.forwardedFor;
    let payload: string | FormData | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      headers['Content-Type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    try {
      const res = await fetch(`${base}/${path}`, {
        method,
        headers,
        body: payload,
        signal: AbortSignal.timeout(LIMITS.requestTimeoutMs),
      });
      const json: unknown = await res.json().catch(() => undefined);
      if (isEnvelope(json)) return json as ApiResponse<T>;
      return failure(502, relayMessages.apiUnavailable);
    } catch (err) {
      const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
      return timedOut ? failure(504, relayMessages.apiTimeout) : failure(503, relayMessages.apiUnavailable);
    }
  }

  return {
    get: (path, opts) => call('GET', path, undefined, opts),
    post: (path, body, opts) => call('POST', path, body, opts),
  };
}
