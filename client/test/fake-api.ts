/** A fake transport for the one axios instance: answers by path, records every request (method, path, body). */
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { api } from '@/lib/api-client';

export interface Recorded {
  method: string;
  path: string;
  body: unknown;
  /** The query parameters of a GET, if any (undefined otherwise: `toEqual` ignores it then). */
  params?: Record<string, unknown>;
}

type Answer = { status?: number; data?: unknown; error?: { message: string; fields?: Record<string, string> } };
type Route = (req: Recorded) => Answer | undefined;

function bodyOf(config: InternalAxiosRequestConfig): unknown {
  const data = config.data as unknown;
  if (data instanceof FormData) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of data.entries()) out[k] = typeof v === 'string' ? v : '[file]';
    return out;
  }
  if (typeof data === 'string' && data) return JSON.parse(data);
  return data ?? null;
}

const original = api.defaults.adapter;

/** Installs the fake; `route` answers a request or returns undefined for a 404. */
export function fakeApi(route: Route): Recorded[] {
  const requests: Recorded[] = [];
  const adapter: AxiosAdapter = async (config) => {
    const req: Recorded = {
      method: (config.method ?? 'get').toUpperCase(),
      path: config.url ?? '',
      body: bodyOf(config),
      params: config.params ?? undefined,
    };
    requests.push(req);
    const answer = route(req) ?? { status: 404, error: { message: 'العنصر غير موجود' } };
    const status = answer.status ?? 200;
    const data = status === 200 ? { status, data: answer.data } : { status, error: answer.error };
    if (status !== 200) {
      const { AxiosError } = await import('axios');
      throw new AxiosError(
        String(status),
        'ERR_BAD_REQUEST',
        config,
        {},
        {
          status,
          statusText: '',
          headers: {},
          config,
          data,
        },
      );
    }
    return { status, statusText: 'OK', headers: {}, config, data };
  };
  api.defaults.adapter = adapter;
  return requests;
}

export function restoreApi(): void {
  api.defaults.adapter = original;
}
