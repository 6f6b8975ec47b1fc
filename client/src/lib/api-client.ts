/**
 * The one axios instance (bulletproof-react's lib/api-client): base /api, 15 s time-out, bearer token
 * from the session, the {status, data} envelope unwrapped, every failure turned into an ApiError with
 * an Arabic (or English) message. A 401 clears the session through the registered handler.
 */
import { API_BASE, type ApiFailure, LIMITS } from '@agrivet/shared';
import axios, { type AxiosError, AxiosHeaders, type AxiosProgressEvent } from 'axios';
import { i18n } from '../i18n';
import { localizeApiMessage } from '../i18n/contract-messages';
import { ApiError } from './api-error';
import { useSession } from '../stores/session';
import { readToken } from './token-storage';

export const api = axios.create({
  baseURL: API_BASE,
  timeout: LIMITS.requestTimeoutMs,
  headers: { Accept: 'application/json' },
});

/**
 * A 401 means the token the request was sent with is gone or revoked: sign out locally — unless the
 * session holds another token by now (a fresh login while the old request was under way).
 */
function onUnauthorized(sentWith: string | null): void {
  const current = useSession.getState().token;
  if (current && current === sentWith) useSession.getState().clear();
}

/** The bearer token a request was sent with (null without one). */
function sentToken(config: AxiosError['config']): string | null {
  const header = AxiosHeaders.from(config?.headers as AxiosHeaders | undefined).get('Authorization');
  return typeof header === 'string' && header.startsWith('Bearer ') ? header.slice('Bearer '.length) : null;
}

api.interceptors.request.use((config) => {
  const token = readToken();
  if (token) config.headers.set('Authorization', `Bearer ${token}`);
  return config;
});

function isFailureBody(body: unknown): body is ApiFailure {
  return typeof body === 'object' && body !== null && 'error' in body;
}

/** Maps an axios failure to an ApiError (exported for tests). */
export function toApiError(error: AxiosError): ApiError {
  if (error.response) {
    const { status, data } = error.response;
    if (status === 401) onUnauthorized(sentToken(error.config));
    if (isFailureBody(data)) {
      return new ApiError(status, localizeApiMessage(data.error.message), 'response', data.error.fields ?? {});
    }
    return new ApiError(status, i18n.t('errors.requestFailed'), 'response');
  }
  if (error.request) {
    // SPEC.md §8: no server response → status 400 'No response received from the server'.
    return new ApiError(400, i18n.t('errors.noResponse'), 'no-response');
  }
  // SPEC.md §8: any other request set-up failure → status 501 'Connection error'.
  return new ApiError(501, i18n.t('errors.connection'), 'setup');
}

api.interceptors.response.use(
  (response) => {
    const body = response.data as unknown;
    if (isFailureBody(body))
      throw new ApiError(body.status, localizeApiMessage(body.error.message), 'response', body.error.fields ?? {});
    return response;
  },
  (error: unknown) => {
    if (error instanceof ApiError) throw error;
    if (axios.isAxiosError(error)) throw toApiError(error);
    throw new ApiError(501, i18n.t('errors.connection'), 'setup');
  },
);

type Params = Record<string, string | number | boolean | undefined | null>;

function cleanParams(params?: Params): Params | undefined {
  if (!params) return undefined;
  return Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined && v !== null && v !== ''));
}

/** GET a path relative to /api and return the envelope's `data`. */
export async function apiGet<T>(path: string, params?: Params, signal?: AbortSignal): Promise<T> {
  const res = await api.get<{ data: T }>(path, { params: cleanParams(params), signal });
  return res.data.data;
}

/** POST JSON or FormData and return the envelope's `data`. */
export async function apiPost<T>(
  path: string,
  body?: unknown,
  options: { onUploadProgress?: (e: AxiosProgressEvent) => void } = {},
): Promise<T> {
  const res = await api.post<{ data: T }>(path, body ?? {}, { onUploadProgress: options.onUploadProgress });
  return res.data.data;
}
