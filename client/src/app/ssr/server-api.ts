/**
 * The api client (axios) as the server uses it: the same calls as the browser, over loopback HTTP to
 * this process's own API (`apiOrigin`, e.g. http://127.0.0.1:8080) — so a render reads exactly what a
 * visitor would (ETags, presenters, visibility rules), without a second copy of the queries. No token is
 * ever attached (the session store is empty on the server). The visitor's address goes along in
 * X-Forwarded-For (the API trusts it from loopback) so rate limits count visitors, not the renderer.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { api } from '@/lib/api-client';

const visitor = new AsyncLocalStorage<string | undefined>();
let configured = false;

/** A render waits at most this long for its data, then the server sends the shell instead. */
const SERVER_API_TIMEOUT_MS = 4_000;

export function configureServerApi(apiOrigin: string): void {
  api.defaults.baseURL = `${apiOrigin.replace(/\/$/, '')}/api`;
  api.defaults.timeout = SERVER_API_TIMEOUT_MS;
  if (configured) return;
  configured = true;
  api.interceptors.request.use((config) => {
    config.headers.delete('Authorization');
    const ip = visitor.getStore();
    if (ip) config.headers.set('X-Forwarded-For', ip);
    return config;
  });
}

/** Runs `fn` with the visitor's address attached to the API calls it makes. */
configureServerApi.withClient = <T>(clientIp: string | undefined, fn: () => Promise<T>): Promise<T> =>
  visitor.run(clientIp, fn);
