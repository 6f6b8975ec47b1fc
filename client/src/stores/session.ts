/**
 * Session (SPEC.md §4): token + user. The token lives in localStorage 'token' and the last known user
 * beside it ('session:user'), so a signed-in user stays signed in while offline. On load the token is
 * restored and the user fetched with GET auth/user; an `unauthenticated` answer for the current token clears
 * both (an answer about a token replaced meanwhile is ignored). Any other failure (offline, time-out, 5xx)
 * keeps the token and the saved user, sets `error` and retries: on 'online', when the tab becomes
 * visible, and with a backoff (2 s … 60 s).
 * The api client knows nothing of this store: the store registers, when it is created, the token every
 * request sends and the handler of `unauthenticated` answers (lib/api-auth.ts). The api client itself is
 * imported on demand so the first screen does not wait for axios.
 */
import { type AuthPayload, apiPaths, type User } from '@agrivet/shared';
import { create } from 'zustand';
import { setTokenGetter, setUnauthorizedHandler } from '@/lib/api-auth';
import { hasErrorCode } from '@/lib/api-error';
import { readToken, writeToken } from '@/lib/token-storage';

/** 'error': the user could not be fetched (and none was saved); `restore()` is retried. */
export type SessionStatus = 'restoring' | 'ready' | 'error';

export const USER_STORAGE_KEY = 'session:user';

export function readSavedUser(): User | null {
  try {
    const raw = localStorage.getItem(USER_STORAGE_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<User> | null;
    return parsed && typeof parsed.id === 'number' && typeof parsed.type === 'number' ? (parsed as User) : null;
  } catch {
    return null;
  }
}

function writeSavedUser(user: User | null): void {
  try {
    if (user) localStorage.setItem(USER_STORAGE_KEY, JSON.stringify(user));
    else localStorage.removeItem(USER_STORAGE_KEY);
  } catch {
    // storage unavailable: the user lasts for this page only
  }
}

interface SessionState {
  token: string | null;
  user: User | null;
  status: SessionStatus;
  /** The last failure of GET auth/user (not 401) while restoring; null once it succeeded. */
  error: unknown;
  /** Store the result of a login or register (SPEC.md §4). */
  setSession: (payload: AuthPayload) => void;
  /** Replace the user after a profile change. */
  setUser: (user: User) => void;
  /** Forget token and user locally (no request). */
  clear: () => void;
  /** POST auth/logout (best effort) then clear. Throws the API error after clearing. */
  logout: () => Promise<void>;
  /** Restore the token saved in localStorage and fetch the user. */
  restore: () => Promise<void>;
}

function initialState() {
  const token = readToken();
  const user = token ? readSavedUser() : null;
  // With a saved user the app is usable at once; GET auth/user refreshes it in the background.
  return { token, user, status: (token && !user ? 'restoring' : 'ready') as SessionStatus, error: null };
}

/** Backoff of the automatic retries after a failed restore. */
const RETRY_MS = [2_000, 5_000, 15_000, 30_000, 60_000];
let retryTimer: ReturnType<typeof setTimeout> | null = null;
let retryAttempt = 0;
let inFlight: Promise<void> | null = null;

function cancelRetry() {
  if (retryTimer) clearTimeout(retryTimer);
  retryTimer = null;
}

function scheduleRetry() {
  cancelRetry();
  const delay = RETRY_MS[Math.min(retryAttempt, RETRY_MS.length - 1)];
  retryAttempt += 1;
  retryTimer = setTimeout(() => {
    retryTimer = null;
    void useSession.getState().restore();
  }, delay);
}

/**
 * Created anonymous, then the saved session is put in: the store's *initial* state stays the anonymous
 * one, which is what zustand hands React as the server snapshot. So while React hydrates a page the
 * server rendered (always anonymously: the token lives in localStorage, which the server never sees),
 * every component renders as the server did, and switches to the signed-in state right after.
 */
export const useSession = create<SessionState>((set, get) => ({
  token: null,
  user: null,
  status: 'ready',
  error: null,
  setSession: ({ token, user }) => {
    cancelRetry();
    writeToken(token);
    writeSavedUser(user);
    set({ token, user, status: 'ready', error: null });
  },
  setUser: (user) => {
    if (get().token) writeSavedUser(user);
    set({ user });
  },
  clear: () => {
    cancelRetry();
    retryAttempt = 0;
    writeToken(null);
    writeSavedUser(null);
    set({ token: null, user: null, status: 'ready', error: null });
  },
  logout: async () => {
    const hadToken = get().token !== null;
    try {
      if (hadToken) {
        // This browser's push subscription goes first, while the token still works (lib/push.ts).
        await import('@/lib/push').then((m) => m.disablePush()).catch(() => undefined);
        const { apiPost } = await import('@/lib/api-client');
        await apiPost<unknown>(apiPaths.auth.logout);
      }
    } finally {
      get().clear();
    }
  },
  restore: () => {
    if (inFlight) return inFlight;
    const run = async () => {
      cancelRetry();
      const token = readToken();
      if (!token) {
        writeSavedUser(null);
        set({ token: null, user: null, status: 'ready', error: null });
        return;
      }
      const user = get().token === token ? (get().user ?? readSavedUser()) : readSavedUser();
      set({ token, user, status: user ? 'ready' : 'restoring', error: null });
      try {
        const { apiGet } = await import('@/lib/api-client');
        const data = await apiGet<{ user: User }>(apiPaths.auth.user);
        // Signed out or signed in as someone else meanwhile: this answer is stale.
        if (get().token !== token) return;
        retryAttempt = 0;
        writeSavedUser(data.user);
        set({ user: data.user, status: 'ready', error: null });
      } catch (err) {
        // Signed out or signed in again meanwhile: this answer (401 included) is about an old token.
        if (get().token !== token) return;
        if (hasErrorCode(err, 'unauthenticated')) {
          get().clear();
          return;
        }
        // Offline, time-out, 5xx: keep the token (and the saved user) and try again later.
        set({ status: get().user ? 'ready' : 'error', error: err });
        scheduleRetry();
      }
    };
    inFlight = run().finally(() => {
      inFlight = null;
    });
    return inFlight;
  },
}));
useSession.setState(initialState());

// Requests send the session's token; an `unauthenticated` answer signs out, unless the session holds
// another token by now (a fresh login while the refused request was under way).
setTokenGetter(() => useSession.getState().token);
setUnauthorizedHandler((sentWith) => {
  const { token, clear } = useSession.getState();
  if (token !== null && token === sentWith) clear();
});

/**
 * Retries a failed restore when the browser comes back online or the tab becomes visible.
 * Returns the function that removes the listeners (session-effects mounts it once).
 */
export function watchSessionRetries(): () => void {
  if (typeof window === 'undefined') return () => {};
  const retry = () => {
    const s = useSession.getState();
    if (s.token && s.error !== null) {
      retryAttempt = 0;
      void s.restore();
    }
  };
  const onVisible = () => {
    if (document.visibilityState === 'visible') retry();
  };
  window.addEventListener('online', retry);
  document.addEventListener('visibilitychange', onVisible);
  return () => {
    window.removeEventListener('online', retry);
    document.removeEventListener('visibilitychange', onVisible);
    cancelRetry();
  };
}

/** Selectors used by the layout and guards. */
export const selectIsLoggedIn = (s: SessionState) => s.token !== null;
/** Disabled accounts (status 1) see no orders or chats in the top bar (CONTRACT.md §5). */
export const selectCanOrderAndChat = (s: SessionState) => s.user !== null && s.user.status !== 1;
