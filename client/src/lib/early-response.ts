/**
 * Answers that index.html's inline script asked for before the app's code arrived: on a weak link
 * the first page of /leaf, /bone or /farm (and its first pictures) downloads while the JS does.
 * Each is taken once, by the query with the same URL (features/stores/api/get-stores-by-city.ts): an
 * answer already here seeds the query cache as the query's initial data (the first render shows it),
 * one still on its way is the query's fetch. A failure or any other request goes through the api
 * client as usual.
 */
import { API_BASE, type ApiResponse, isApiSuccess } from '@agrivet/shared';

interface EarlyRequest {
  url: string;
  response: Promise<unknown>;
  /** The answer's body once it has arrived (set by the inline script). */
  body?: unknown;
}

declare global {
  interface Window {
    __agrivetEarly?: EarlyRequest;
  }
}

type Params = Record<string, string | number | null | undefined>;

/** `/api/{path}?{params}` in the order given, empty values left out — as the inline script builds it. */
export function earlyUrl(path: string, params: Params): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== null && value !== undefined && value !== '') query.set(key, String(value));
  }
  return `${API_BASE}/${path}?${query}`;
}

/** The early answer's data for this URL (once), or null: then ask the API as usual. */
export async function takeEarlyResponse<T>(url: string): Promise<T | null> {
  const early = typeof window === 'undefined' ? undefined : window.__agrivetEarly;
  if (!early || early.url !== url) return null;
  window.__agrivetEarly = undefined;
  try {
    const body = (await early.response) as ApiResponse<T>;
    return body && isApiSuccess(body) ? body.data : null;
  } catch {
    return null;
  }
}

/**
 * The early answer's data for this URL if it has already arrived (taken once), else null: lets a
 * list render its first page in its first render, without a loading state and an effect round trip
 * (on a slow phone each commit costs a frame or more). Not arrived yet: takeEarlyResponse awaits it.
 */
export function takeEarlyData<T>(url: string): T | null {
  const early = typeof window === 'undefined' ? undefined : window.__agrivetEarly;
  if (!early || early.url !== url || early.body === undefined) return null;
  window.__agrivetEarly = undefined;
  const body = early.body as ApiResponse<T> | null;
  return body && isApiSuccess(body) ? body.data : null;
}
