/**
 * The api client alone: no store is loaded here (it imports none); the session's side of a 401 is in
 * stores/__tests__/session-api.test.ts.
 */
import { apiMessages, errorCodeMessages, TOKEN_STORAGE_KEY, validationMessages } from '@agrivet/shared';
import { AxiosError, type AxiosRequestConfig, AxiosHeaders, type InternalAxiosRequestConfig } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setTokenGetter, setUnauthorizedHandler } from '@/lib/api-client';
import { setLang } from '@/i18n';
import { api, apiGet, apiPost, toApiError } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';

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
  // What another file registered (the session, in a worker that already loaded it), put back after each
  // test: the project shares its modules between files (vitest.config.ts).
  let registered: [ReturnType<typeof setTokenGetter>, ReturnType<typeof setUnauthorizedHandler>];
  beforeEach(() => {
    seen = null;
    registered = [setTokenGetter(null), setUnauthorizedHandler(null)];
  });
  afterEach(async () => {
    api.defaults.adapter = original;
    setTokenGetter(registered[0]);
    setUnauthorizedHandler(registered[1]);
    await setLang('ar');
  });

  it('uses /api, a 15 s time-out, and unwraps the envelope', async () => {
    api.defaults.adapter = respond(200, { status: 200, data: { db: 'ok' } });
    await expect(apiGet('health')).resolves.toEqual({ db: 'ok' });
    expect(seen?.baseURL).toBe('/api');
    expect(seen?.timeout).toBe(15_000);
  });

  it('without a registered getter sends the bearer token from localStorage, and drops empty params', async () => {
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

  it('sends the token of the registered getter', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'saved');
    setTokenGetter(() => 'registered');
    api.defaults.adapter = respond(200, { status: 200, data: null });
    await apiGet('health');
    expect(AxiosHeaders.from(seen?.headers).get('Authorization')).toBe('Bearer registered');
    setTokenGetter(() => null);
    await apiGet('health');
    expect(AxiosHeaders.from(seen?.headers).get('Authorization')).toBeFalsy();
  });

  it('maps an error envelope to ApiError with the status, code, Arabic message and field messages', async () => {
    api.defaults.adapter = respond(422, {
      status: 422,
      error: {
        code: 'validation_failed',
        message: 'البيانات المدخلة غير صالحة',
        fields: { phone: validationMessages.ar.invalidPhone, name: validationMessages.ar.required },
      },
    });
    const err = await apiPost('auth/register', {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({
      status: 422,
      code: 'validation_failed',
      message: 'البيانات المدخلة غير صالحة',
      fields: { phone: validationMessages.ar.invalidPhone, name: validationMessages.ar.required },
    });
  });

  it('in English looks the message up by code, and shows field messages in English', async () => {
    await setLang('en');
    api.defaults.adapter = respond(422, {
      status: 422,
      error: {
        code: 'validation_failed',
        message: 'البيانات المدخلة غير صالحة',
        fields: { phone: validationMessages.ar.invalidPhone, name: validationMessages.ar.required },
      },
    });
    await expect(apiPost('auth/register', {})).rejects.toMatchObject({
      code: 'validation_failed',
      message: errorCodeMessages.en.validation_failed,
      fields: { phone: validationMessages.en.invalidPhone, name: validationMessages.en.required },
    });
    // The code decides, whatever the text: an Arabic message the catalogues do not know.
    api.defaults.adapter = respond(403, {
      status: 403,
      error: { code: 'subscription_expired', message: 'رسالة لا يعرفها الفهرس' },
    });
    await expect(apiPost('product/create', {})).rejects.toMatchObject({
      status: 403,
      code: 'subscription_expired',
      message: errorCodeMessages.en.subscription_expired,
    });
  });

  it('in English gives the more precise message the operation makes known', async () => {
    await setLang('en');
    api.defaults.adapter = respond(409, {
      status: 409,
      error: { code: 'conflict', message: apiMessages.ar.phoneTaken },
    });
    await expect(apiPost('auth/register', {})).rejects.toMatchObject({ message: apiMessages.en.phoneTaken });
    await expect(apiPost('user/update/5', {})).rejects.toMatchObject({ message: apiMessages.en.phoneTaken });
    await expect(apiPost('store/create', {})).rejects.toMatchObject({ message: apiMessages.en.storeExists });
    await expect(apiPost('post/create', {})).rejects.toMatchObject({ message: errorCodeMessages.en.conflict });

    api.defaults.adapter = respond(401, {
      status: 401,
      error: { code: 'unauthenticated', message: apiMessages.ar.badCredentials },
    });
    await expect(apiPost('auth/login', {})).rejects.toMatchObject({ message: apiMessages.en.badCredentials });
    await expect(apiGet('order/getAll-byUser')).rejects.toMatchObject({
      message: errorCodeMessages.en.unauthenticated,
    });
    setTokenGetter(() => 'tok');
    await expect(apiGet('order/getAll-byUser')).rejects.toMatchObject({ message: apiMessages.en.invalidToken });

    // One field at fault: its own message, also at the top.
    api.defaults.adapter = respond(422, {
      status: 422,
      error: {
        code: 'validation_failed',
        message: apiMessages.ar.notAnImage,
        fields: { image: apiMessages.ar.notAnImage },
      },
    });
    await expect(apiPost('product/create', {})).rejects.toMatchObject({ message: apiMessages.en.notAnImage });
  });

  it('an envelope without a code (an older server) gets the general code of its status', async () => {
    api.defaults.adapter = respond(404, { status: 404, error: { message: 'العنصر غير موجود' } });
    await expect(apiGet('store/get/9')).rejects.toMatchObject({ status: 404, code: 'not_found' });
    api.defaults.adapter = respond(422, { status: 422, error: { code: 'no_such_code', message: 'x' } });
    await expect(apiPost('order/create', {})).rejects.toMatchObject({ code: 'validation_failed' });
  });

  it("a proxy's answer without an envelope: the status's general code, 'request failed'", async () => {
    api.defaults.adapter = respond(502, '<html>Bad Gateway</html>');
    await expect(apiGet('health')).rejects.toMatchObject({ status: 502, code: 'internal', message: 'فشل الطلب' });
  });

  it('an unauthenticated answer is reported with the token the request carried, nothing else is', async () => {
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    setTokenGetter(() => 'old');
    api.defaults.adapter = respond(401, {
      status: 401,
      error: { code: 'unauthenticated', message: apiMessages.ar.invalidToken },
    });
    await expect(apiGet('auth/user')).rejects.toMatchObject({ status: 401, code: 'unauthenticated' });
    expect(handler).toHaveBeenCalledWith('old', apiMessages.ar.invalidToken);

    handler.mockClear();
    api.defaults.adapter = respond(403, { status: 403, error: { code: 'forbidden', message: 'x' } });
    await expect(apiGet('user/getAll')).rejects.toMatchObject({ code: 'forbidden' });
    expect(handler).not.toHaveBeenCalled();
  });

  it('a request sent without a token reports null (the handler keeps a newer session)', async () => {
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    const config = { headers: new AxiosHeaders() } as InternalAxiosRequestConfig;
    const response = { status: 401, statusText: '401', data: {}, headers: {}, config };
    expect(toApiError(new AxiosError('failed', 'ERR_BAD_RESPONSE', config, {}, response))).toMatchObject({
      code: 'unauthenticated',
    });
    expect(handler).toHaveBeenCalledWith(null, undefined);
  });

  it("no response → status 400, code 'network' or 'timeout', \"No response received from the server\"", async () => {
    const config = { headers: new AxiosHeaders() } as InternalAxiosRequestConfig;
    const ar = toApiError(new AxiosError('Network Error', 'ERR_NETWORK', config, {}));
    expect(ar).toMatchObject({
      status: 400,
      code: 'network',
      message: 'لا يوجد رد من الخادم، تحقق من اتصالك بالإنترنت',
    });
    await setLang('en');
    const en = toApiError(new AxiosError('timeout', 'ECONNABORTED', config, {}));
    expect(en).toMatchObject({ status: 400, code: 'timeout', message: 'No response received from the server' });
  });

  it("a request its caller aborted → code 'canceled'", async () => {
    api.defaults.adapter = original;
    const controller = new AbortController();
    controller.abort();
    await expect(apiGet('health', undefined, controller.signal)).rejects.toMatchObject({ code: 'canceled' });
  });

  it('a request that could not be set up → status 501, "Connection error"', async () => {
    const config = { headers: new AxiosHeaders() } as InternalAxiosRequestConfig;
    expect(toApiError(new AxiosError('bad config', 'ERR_BAD_OPTION', config))).toMatchObject({
      status: 501,
      code: 'setup',
      message: 'خطأ في الاتصال',
    });
    await setLang('en');
    expect(toApiError(new AxiosError('bad config', 'ERR_BAD_OPTION', config)).message).toBe('Connection error');
  });

  it('a network failure through the real adapter path becomes the no-response error', async () => {
    api.defaults.adapter = async (config) => {
      throw new AxiosError('Network Error', 'ERR_NETWORK', config, {});
    };
    await expect(apiGet('health')).rejects.toMatchObject({ status: 400, code: 'network' });
  });
});
