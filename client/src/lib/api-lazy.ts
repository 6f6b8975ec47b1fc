/**
 * The api client's calls for the api/ modules, loading the client (and axios) with the first request:
 * a server-rendered screen of the first load hydrates without axios. Same signatures as
 * lib/api-client.ts.
 */
import type * as client from './api-client';

let loading: Promise<typeof client> | null = null;
/** One import for every caller (the first requests of a screen go out together). */
const load = () => {
  loading ??= import('./api-client');
  return loading;
};

export async function apiGet<T>(...args: Parameters<typeof client.apiGet>): Promise<T> {
  return (await load()).apiGet<T>(...args);
}

export async function apiPost<T>(...args: Parameters<typeof client.apiPost>): Promise<T> {
  return (await load()).apiPost<T>(...args);
}
