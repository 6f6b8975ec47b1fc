/**
 * The session and the real api client together: the client knows no store, the session registers its
 * token and its `unauthenticated` handler when it is created (lib/api-client.ts).
 */
import { apiMessages, TOKEN_STORAGE_KEY } from '@agrivet/shared';
import { AxiosError, type AxiosRequestConfig } from 'axios';
import { afterEach, describe, expect, it } from 'vitest';
import { api, apiGet } from '@/lib/api-client';
import { useSession } from '@/stores/session';
import { signInForTest } from '@test/session';
import { readSavedUser } from '@/lib/saved-user';
import { createUser } from '@test/factories';

type Adapter = NonNullable<AxiosRequestConfig['adapter']>;
const original = api.defaults.adapter;

const refused = (status: number, code: string, message: string): Adapter => {
  return async (config) => {
    const response = {
      status,
      statusText: String(status),
      data: { status, error: { code, message } },
      headers: {},
      config,
    };
    throw new AxiosError('failed', 'ERR_BAD_RESPONSE', config, {}, response);
  };
};

afterEach(() => {
  api.defaults.adapter = original;
  useSession.getState().clear();
});

describe('a 401 through the api client', () => {
  it('signs the user out: session, stored token and saved user cleared', async () => {
    signInForTest({ token: 'old', user: createUser() });
    api.defaults.adapter = refused(401, 'unauthenticated', apiMessages.ar.invalidToken);
    await expect(apiGet('order/getAll-byUser')).rejects.toMatchObject({ status: 401, code: 'unauthenticated' });
    expect(useSession.getState().token).toBeNull();
    expect(readSavedUser()).toBeNull();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    // the sign-in screen tells why the session ended; a new sign-in forgets it
    expect(useSession.getState().ended).toBe(apiMessages.ar.invalidToken);
    signInForTest({ token: 'next', user: createUser() });
    expect(useSession.getState().ended).toBeNull();
  });

  it("a token its account's block revoked: the session ends with the block's words; a sign-out of one's own, with none", async () => {
    signInForTest({ token: 'old', user: createUser() });
    api.defaults.adapter = refused(401, 'unauthenticated', apiMessages.ar.accountBlocked);
    await expect(apiGet('auth/user')).rejects.toMatchObject({ status: 401 });
    expect(useSession.getState()).toMatchObject({ token: null, ended: apiMessages.ar.accountBlocked });
    signInForTest({ token: 'again', user: createUser() });
    useSession.getState().clear();
    expect(useSession.getState().ended).toBeNull();
  });

  it('another refusal (forbidden) keeps the user signed in', async () => {
    const user = createUser();
    signInForTest({ token: 'tok', user });
    api.defaults.adapter = refused(403, 'forbidden', apiMessages.ar.forbidden);
    await expect(apiGet('user/getAll')).rejects.toMatchObject({ code: 'forbidden' });
    expect(readSavedUser()).toEqual(user);
  });

  it('a 401 for a token replaced meanwhile (a fresh login) keeps the new session', async () => {
    signInForTest({ token: 'old', user: createUser() });
    let fail: () => void = () => {};
    api.defaults.adapter = (config) =>
      new Promise((_, reject) => {
        fail = () => {
          const data = { status: 401, error: { code: 'unauthenticated', message: apiMessages.ar.invalidToken } };
          const response = { status: 401, statusText: '401', data, headers: {}, config };
          reject(new AxiosError('failed', 'ERR_BAD_RESPONSE', config, {}, response));
        };
      });
    const request = apiGet('auth/user');
    await new Promise((r) => setTimeout(r, 0));
    const user = createUser();
    signInForTest({ token: 'new', user });
    fail();
    await expect(request).rejects.toMatchObject({ status: 401 });
    expect(useSession.getState().token).toBe('new');
    expect(readSavedUser()).toEqual(user);
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('new');
  });
});
