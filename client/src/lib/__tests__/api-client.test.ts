import { TOKEN_STORAGE_KEY } from '@agrivet/shared';
import { AxiosError, type AxiosRequestConfig, AxiosHeaders, type InternalAxiosRequestConfig } from 'axios';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setLang } from '../../i18n';
import { useSession } from '../../stores/session';
import { createUser } from '../../../test/factories';
import { api, apiGet, apiPost, toApiError } from '../api-client';
import { ApiError } from '../api-error';

type Adapter = NonNullable<AxiosRequestConfig['adapter']>;
const original = api.defaults.adapter;
let seen: InternalAxiosRequestConfig | null = null;

function respond(status: number, data: unknown): Adapter {
  return async (config) => {
    seen = config;
    const response = { status, statusText: String(status), data, headers: {}, config };
    if (status >= 200 && status < 300) return response;
    throw new AxiosError('failed', 'ERR_BAD_RESPONSE', config, {}, response);
  };
}

describe('api client', () => {
  beforeEach(() => {
    seen = null;
  });
  afterEach(async () => {
    api.defaults.adapter = original;
    await setLang('ar');
  });

  it('uses /api, a 15 s time-out, and unwraps the envelope', async () => {
    api.defaults.adapter = respond(200, { status: 200, data: { db: 'ok' } });
    await expect(apiGet('health')).resolves.toEqual({ db: 'ok' });
    expect(seen?.baseURL).toBe('/api');
    expect(seen?.timeout).toBe(15_000);
  });

  it('sends the bearer token from localStorage and drops empty params', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'abc');
    api.defaults.adapter = respond(200, { status: 200, data: [] });
    await apiGet('store/get-By-city', { type: 0, city: null, page_number: 2 });
    expect(AxiosHeaders.from(seen?.headers).get('Authorization')).toBe('Bearer abc');
    expect(seen?.params).toEqual({ type: 0, page_number: 2 });
  });

  it("treats the stored string 'undefined' as no token", async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'undefined');
    api.defaults.adapter = respond(200, { status: 200, data: null });
    await apiGet('health');
    expect(AxiosHeaders.from(seen?.headers).get('Authorization')).toBeFalsy();
  });

  it('maps an error envelope to ApiError with the status, Arabic message and field messages', async () => {
    api.defaults.adapter = respond(422, {
      status: 422,
      error: { message: 'البيانات المدخلة غير صالحة', fields: { phone: 'رقم الهاتف غير صالح' } },
    });
    const err = await apiPost('auth/register', {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({
      status: 422,
      message: 'البيانات المدخلة غير صالحة',
      fields: { phone: 'رقم الهاتف غير صالح' },
    });
  });

  it('shows the English twin of a known API message in English', async () => {
    await setLang('en');
    api.defaults.adapter = respond(409, { status: 409, error: { message: 'رقم الهاتف مسجل مسبقاً' } });
    await expect(apiPost('auth/register', {})).rejects.toMatchObject({
      status: 409,
      message: 'This phone number is already registered',
    });
  });

  it('a 401 clears the session and the stored token', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'old');
    useSession.getState().setSession({ token: 'old', user: createUser() });
    api.defaults.adapter = respond(401, { status: 401, error: { message: 'انتهت الجلسة، يرجى تسجيل الدخول من جديد' } });
    await expect(apiGet('auth/user')).rejects.toMatchObject({ status: 401 });
    expect(useSession.getState().token).toBeNull();
    expect(useSession.getState().user).toBeNull();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('a 401 for a token replaced meanwhile (fresh login) keeps the new session', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'old');
    useSession.getState().setSession({ token: 'old', user: createUser() });
    let fail: () => void = () => {};
    api.defaults.adapter = (config) =>
      new Promise((_, reject) => {
        fail = () => {
          const response = {
            status: 401,
            statusText: '401',
            data: { status: 401, error: { message: 'x' } },
            headers: {},
            config,
          };
          reject(new AxiosError('failed', 'ERR_BAD_RESPONSE', config, {}, response));
        };
      });
    const request = apiGet('auth/user');
    await Promise.resolve();
    await new Promise((r) => setTimeout(r, 0));
    const user = createUser();
    useSession.getState().setSession({ token: 'new', user });
    fail();
    await expect(request).rejects.toMatchObject({ status: 401 });
    expect(useSession.getState().token).toBe('new');
    expect(useSession.getState().user).toEqual(user);
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('new');
  });

  it('a 401 for a request sent without a token does not sign out', async () => {
    localStorage.removeItem(TOKEN_STORAGE_KEY);
    const config = { headers: new AxiosHeaders() } as InternalAxiosRequestConfig;
    useSession.getState().setSession({ token: 'fresh', user: createUser() });
    const response = { status: 401, statusText: '401', data: {}, headers: {}, config };
    toApiError(new AxiosError('failed', 'ERR_BAD_RESPONSE', config, {}, response));
    expect(useSession.getState().token).toBe('fresh');
  });

  it('no response → status 400, "No response received from the server" (Arabic by default)', async () => {
    const config = { headers: new AxiosHeaders() } as InternalAxiosRequestConfig;
    const ar = toApiError(new AxiosError('Network Error', 'ERR_NETWORK', config, {}));
    expect(ar).toMatchObject({
      status: 400,
      kind: 'no-response',
      message: 'لا يوجد رد من الخادم، تحقق من اتصالك بالإنترنت',
    });
    await setLang('en');
    const en = toApiError(new AxiosError('timeout', 'ECONNABORTED', config, {}));
    expect(en).toMatchObject({ status: 400, message: 'No response received from the server' });
  });

  it('a request that could not be set up → status 501, "Connection error"', async () => {
    const config = { headers: new AxiosHeaders() } as InternalAxiosRequestConfig;
    expect(toApiError(new AxiosError('bad config', 'ERR_BAD_OPTION', config))).toMatchObject({
      status: 501,
      kind: 'setup',
      message: 'خطأ في الاتصال',
    });
    await setLang('en');
    expect(toApiError(new AxiosError('bad config', 'ERR_BAD_OPTION', config)).message).toBe('Connection error');
  });

  it('a network failure through the real adapter path becomes the no-response error', async () => {
    api.defaults.adapter = async (config) => {
      throw new AxiosError('Network Error', 'ERR_NETWORK', config, {});
    };
    await expect(apiGet('health')).rejects.toMatchObject({ status: 400, kind: 'no-response' });
  });
});
