/**
 * The one axios instance (bulletproof-react's lib/api-client): base /api, 15 s time-out, the bearer
 * token from the registered getter, the {status, data} envelope unwrapped, every failure turned into
 * an ApiError with a code to decide on and a message in the UI language. It knows no store: whoever
 * holds the session (stores/session.ts, when it is created) registers the token to send and what to do
 * when the API answers `unauthenticated` (the session signs out).
 */
import { API_BASE, errorCodeForStatus, LIMITS } from '@agrivet/shared';
import axios, { type AxiosError, AxiosHeaders, type AxiosProgressEvent } from 'axios';
import { i18n } from '@/i18n';
import { ApiError } from './api-error';
import { apiErrorFromFailure, type FailureEnvelope } from './api-failure';
import { readToken } from './token-storage';

/** The bearer token for the next request, or null to send none. */
export type TokenGetter = () => string | null;
/** Called with the token a refused request was sent with (null without one) and the refusal's message. */
export type UnauthorizedHandler = (sentWith: string | null, message?: string) => void;

let tokenGetter: TokenGetter = readToken;
let unauthorizedHandler: UnauthorizedHandler | null = null;

/**
 * Where requests take their token (null: back to the token saved in localStorage). Returns the getter
 * it replaces (null for the saved token), so a test can put it back.
 */
export function setTokenGetter(getter: TokenGetter | null): TokenGetter | null {
  const replaced = tokenGetter === readToken ? null : tokenGetter;
  tokenGetter = getter ?? readToken;
  return replaced;
}

/** Who hears of `unauthenticated` answers (null: nobody). Returns the handler it replaces. */
export function setUnauthorizedHandler(handler: UnauthorizedHandler | null): UnauthorizedHandler | null {
  const replaced = unauthorizedHandler;
  unauthorizedHandler = handler;
  return replaced;
}

export function requestToken(): string | null {
  return tokenGetter();
}

export function reportUnauthorized(sentWith: string | null, message?: string): void {
  unauthorizedHandler?.(sentWith, message);
}

export const api = axios.create({
  baseURL: API_BASE,
  timeout: LIMITS.requestTimeoutMs,
  headers: { Accept: 'application/json' },
});

/** The bearer token a request was sent with (null without one). */
function sentToken(config: AxiosError['config']): string | null {
  const header = AxiosHeaders.from(config?.headers as AxiosHeaders | undefined).get('Authorization');
  return typeof header === 'string' && header.startsWith('Bearer ') ? header.slice('Bearer '.length) : null;
}

api.interceptors.request.use((config) => {
  const token = requestToken();
  if (token) config.headers.set('Authorization', `Bearer ${token}`);
  return config;
});

function isFailureBody(body: unknown): body is FailureEnvelope {
  return (
    typeof body === 'object' &&
    body !== null &&
    'error' in body &&
    typeof (body as { error: unknown }).error === 'object' &&
    (body as { error: unknown }).error !== null
  );
}

/** An answer of the API (or of a proxy in front of it) that refused the request. */
function refusal(status: number, body: unknown, config: AxiosError['config']): ApiError {
  const sentWith = sentToken(config);
  const error = isFailureBody(body)
    ? apiErrorFromFailure(
        { status: typeof body.status === 'number' ? body.status : status, error: body.error },
        { operation: config?.url, withToken: sentWith !== null },
      )
    : new ApiError(status, i18n.t('errors.requestFailed'), errorCodeForStatus(status));
  // The token it was sent with is gone or revoked: the session decides what that means.
  if (error.code === 'unauthenticated') reportUnauthorized(sentWith, isFailureBody(body) ? error.message : undefined);
  return error;
}

/** Maps an axios failure to an ApiError (exported for tests). */
export function toApiError(error: AxiosError): ApiError {
  if (error.response) return refusal(error.response.status, error.response.data, error.config);
  if (axios.isCancel(error) || error.code === 'ERR_CANCELED') {
    return new ApiError(400, i18n.t('errors.noResponse'), 'canceled');
  }
  if (error.request) {
    // SPEC.md §8: no server response → status 400 'No response received from the server'.
    const timedOut = error.code === 'ECONNABORTED' || error.code === 'ETIMEDOUT';
    return new ApiError(400, i18n.t('errors.noResponse'), timedOut ? 'timeout' : 'network');
  }
  // SPEC.md §8: any other request set-up failure → status 501 'Connection error'.
  return new ApiError(501, i18n.t('errors.connection'), 'setup');
}

api.interceptors.response.use(
  (response) => {
    const body = response.data as unknown;
    if (isFailureBody(body)) throw refusal(response.status, body, response.config);
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
