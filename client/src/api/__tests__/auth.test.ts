import { apiPaths, TOKEN_STORAGE_KEY } from '@agrivet/shared';
import { onlineManager, QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authKeys, logout, saveUserChanges, seedSavedUser, signIn, userQueryOptions } from '@/api/auth';
import { reportUnauthorized, requestToken } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import { createQueryClient } from '@/lib/query-client';
import { readSavedUser, USER_STORAGE_KEY } from '@/lib/saved-user';
import { useSession } from '@/stores/session';
import { createUser } from '@test/factories';

const apiGet = vi.fn();
const apiPost = vi.fn();
vi.mock('@/lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/api-client')>()),
  apiGet: (...a: unknown[]) => apiGet(...a),
  apiPost: (...a: unknown[]) => apiPost(...a),
}));

const farmer = createUser();
const offline = () => new ApiError(400, 'لا يوجد رد من الخادم، تحقق من اتصالك بالإنترنت', 'network');

/** A client as the app builds it, started from the saved user, observing the user query as a screen does. */
function watchUser() {
  const client = createQueryClient();
  client.mount();
  seedSavedUser(client);
  const stopSaving = saveUserChanges(client);
  const observer = new QueryObserver(client, userQueryOptions());
  const stop = observer.subscribe(() => {});
  return {
    client,
    observer,
    stop: () => {
      stop();
      stopSaving();
      client.unmount();
      client.clear();
    },
  };
}

beforeEach(() => {
  apiGet.mockReset();
  apiPost.mockReset();
  useSession.getState().clear();
});

afterEach(() => {
  vi.useRealTimers();
  onlineManager.setOnline(true);
});

describe('the user query', () => {
  it('login puts token and user in place (saved beside the token); logout clears both', async () => {
    const client = createQueryClient();
    signIn(client, { token: 'tok', user: farmer });
    expect(useSession.getState().token).toBe('tok');
    expect(client.getQueryData(authKeys.user())).toEqual(farmer);
    expect(readSavedUser()).toEqual(farmer);
    apiPost.mockResolvedValue({});
    await logout();
    expect(apiPost).toHaveBeenCalledWith(apiPaths.auth.logout);
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(localStorage.getItem(USER_STORAGE_KEY)).toBeNull();
    expect(useSession.getState().token).toBeNull();
  });

  it('offline start: shows the saved user at once, and retries with a backoff until it gets the fresh one', async () => {
    vi.useFakeTimers();
    useSession.getState().setToken('tok');
    localStorage.setItem(USER_STORAGE_KEY, JSON.stringify(farmer));
    apiGet.mockRejectedValueOnce(offline());
    const fresh = { ...farmer, name: 'اسم جديد' };
    apiGet.mockResolvedValueOnce({ user: fresh });
    const { observer, stop } = watchUser();
    expect(observer.getCurrentResult().data).toEqual(farmer);
    await vi.advanceTimersByTimeAsync(0);
    expect(observer.getCurrentResult().failureReason).toBeInstanceOf(ApiError);
    expect(observer.getCurrentResult().data).toEqual(farmer);
    expect(useSession.getState().token).toBe('tok');
    await vi.advanceTimersByTimeAsync(2_000);
    expect(apiGet).toHaveBeenCalledTimes(2);
    expect(observer.getCurrentResult().data?.name).toBe('اسم جديد');
    expect(readSavedUser()?.name).toBe('اسم جديد');
    stop();
  });

  it('without a saved user a 503 is the failure a screen shows; offline the retries wait for the link', async () => {
    vi.useFakeTimers();
    useSession.getState().setToken('tok');
    apiGet.mockRejectedValueOnce(new ApiError(503, 'فشل الطلب', 'internal'));
    apiGet.mockResolvedValueOnce({ user: farmer });
    onlineManager.setOnline(false);
    const { observer, stop } = watchUser();
    await vi.advanceTimersByTimeAsync(0);
    expect(observer.getCurrentResult().failureReason).toBeInstanceOf(ApiError);
    expect(observer.getCurrentResult().data).toBeUndefined();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(apiGet).toHaveBeenCalledTimes(1);
    expect(observer.getCurrentResult().fetchStatus).toBe('paused');
    onlineManager.setOnline(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(observer.getCurrentResult().data).toEqual(farmer);
    expect(readSavedUser()).toEqual(farmer);
    stop();
  });

  it('decides on the code: a refusal (401, 403 subscription_expired) is final, never retried', () => {
    const { retry } = userQueryOptions();
    const decide = retry as (n: number, e: unknown) => boolean;
    expect(decide(0, new ApiError(401, 'انتهت الجلسة', 'unauthenticated'))).toBe(false);
    expect(decide(0, new ApiError(403, 'يجب تسجيل الدخول أولاً', 'subscription_expired'))).toBe(false);
    expect(decide(10, offline())).toBe(true);
    expect(decide(10, new ApiError(503, 'فشل الطلب', 'internal'))).toBe(true);
  });
});

describe('the session store and the api client', () => {
  it('registers its token as the one requests send', () => {
    useSession.getState().setToken('mine');
    expect(requestToken()).toBe('mine');
    useSession.getState().clear();
    expect(requestToken()).toBeNull();
  });

  it("registers the unauthenticated handler: it signs out for the session's own token only", () => {
    signIn(createQueryClient(), { token: 'mine', user: farmer });
    reportUnauthorized(null);
    reportUnauthorized('an-older-token');
    expect(useSession.getState().token).toBe('mine');
    reportUnauthorized('mine');
    expect(useSession.getState().token).toBeNull();
    expect(readSavedUser()).toBeNull();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });
});
