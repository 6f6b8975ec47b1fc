import { TOKEN_STORAGE_KEY } from '@agrivet/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reportUnauthorized, requestToken } from '@/lib/api-auth';
import { ApiError } from '@/lib/api-error';
import { createUser } from '@test/factories';
import { readSavedUser, USER_STORAGE_KEY, useSession, watchSessionRetries } from '@/stores/session';

const apiGet = vi.fn();
const apiPost = vi.fn();
vi.mock('@/lib/api-client', () => ({
  apiGet: (...a: unknown[]) => apiGet(...a),
  apiPost: (...a: unknown[]) => apiPost(...a),
}));

const farmer = createUser();
const offline = () => new ApiError(400, 'لا يوجد رد من الخادم، تحقق من اتصالك بالإنترنت', 'network');

beforeEach(() => {
  apiGet.mockReset();
  apiPost.mockReset();
  useSession.getState().clear();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('session restore', () => {
  it('keeps the last known user beside the token and clears both on logout', async () => {
    useSession.getState().setSession({ token: 'tok', user: farmer });
    expect(readSavedUser()).toEqual(farmer);
    apiPost.mockResolvedValue({});
    await useSession.getState().logout();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(localStorage.getItem(USER_STORAGE_KEY)).toBeNull();
  });

  it('offline start: stays signed in with the saved user and retries with a backoff', async () => {
    vi.useFakeTimers();
    localStorage.setItem(TOKEN_STORAGE_KEY, 'tok');
    localStorage.setItem(USER_STORAGE_KEY, JSON.stringify(farmer));
    apiGet.mockRejectedValueOnce(offline());
    await useSession.getState().restore();
    let s = useSession.getState();
    expect(s.token).toBe('tok');
    expect(s.user).toEqual(farmer);
    expect(s.status).toBe('ready');
    expect(s.error).toBeInstanceOf(ApiError);

    const fresh = { ...farmer, name: 'اسم جديد' };
    apiGet.mockResolvedValueOnce({ user: fresh });
    await vi.advanceTimersByTimeAsync(2_000);
    s = useSession.getState();
    expect(apiGet).toHaveBeenCalledTimes(2);
    expect(s.user?.name).toBe('اسم جديد');
    expect(s.error).toBeNull();
    expect(readSavedUser()?.name).toBe('اسم جديد');
  });

  it('without a saved user a 503 gives the error state, and coming online retries', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'tok');
    apiGet.mockRejectedValueOnce(new ApiError(503, 'فشل الطلب', 'internal'));
    await useSession.getState().restore();
    expect(useSession.getState().status).toBe('error');
    expect(useSession.getState().user).toBeNull();
    expect(useSession.getState().token).toBe('tok');

    const stop = watchSessionRetries();
    apiGet.mockResolvedValueOnce({ user: farmer });
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(useSession.getState().status).toBe('ready'));
    expect(useSession.getState().user).toEqual(farmer);
    stop();
  });

  it('retries when the tab becomes visible again', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'tok');
    apiGet.mockRejectedValueOnce(offline());
    await useSession.getState().restore();
    const stop = watchSessionRetries();
    apiGet.mockResolvedValueOnce({ user: farmer });
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
    document.dispatchEvent(new Event('visibilitychange'));
    await vi.waitFor(() => expect(useSession.getState().user).toEqual(farmer));
    stop();
  });

  it('an unauthenticated answer clears the token and the saved user', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'tok');
    localStorage.setItem(USER_STORAGE_KEY, JSON.stringify(farmer));
    apiGet.mockRejectedValueOnce(new ApiError(401, 'انتهت الجلسة، يرجى تسجيل الدخول من جديد', 'unauthenticated'));
    await useSession.getState().restore();
    expect(useSession.getState().token).toBeNull();
    expect(useSession.getState().user).toBeNull();
    expect(localStorage.getItem(USER_STORAGE_KEY)).toBeNull();
  });

  it('a 401 for the old token that arrives after a fresh login keeps the new session', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'old');
    let reject: (e: unknown) => void = () => {};
    apiGet.mockReturnValueOnce(new Promise((_, r) => (reject = r)));
    const restoring = useSession.getState().restore();
    await vi.waitFor(() => expect(apiGet).toHaveBeenCalledTimes(1));
    useSession.getState().setSession({ token: 'new', user: farmer });
    reject(new ApiError(401, 'انتهت الجلسة، يرجى تسجيل الدخول من جديد', 'unauthenticated'));
    await restoring;
    expect(useSession.getState().token).toBe('new');
    expect(useSession.getState().user).toEqual(farmer);
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('new');
    expect(readSavedUser()).toEqual(farmer);
  });
});

describe('session and the api client', () => {
  it('decides on the code, not the status or the text: a refusal that is not unauthenticated keeps the session', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'tok');
    localStorage.setItem(USER_STORAGE_KEY, JSON.stringify(farmer));
    // A 403 for a disabled store account says 'subscription_expired', whatever its message.
    apiGet.mockRejectedValueOnce(new ApiError(403, 'يجب تسجيل الدخول أولاً', 'subscription_expired'));
    await useSession.getState().restore();
    expect(useSession.getState().token).toBe('tok');
    expect(useSession.getState().user).toEqual(farmer);
    expect(useSession.getState().error).toBeInstanceOf(ApiError);
  });

  it('registers its token as the one requests send', () => {
    useSession.getState().setSession({ token: 'mine', user: farmer });
    expect(requestToken()).toBe('mine');
    useSession.getState().clear();
    expect(requestToken()).toBeNull();
  });

  it("registers the unauthenticated handler: it signs out for the session's own token only", () => {
    useSession.getState().setSession({ token: 'mine', user: farmer });
    reportUnauthorized(null);
    reportUnauthorized('an-older-token');
    expect(useSession.getState().token).toBe('mine');
    reportUnauthorized('mine');
    expect(useSession.getState().token).toBeNull();
    expect(useSession.getState().user).toBeNull();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });
});
