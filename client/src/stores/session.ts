/**
 * Session (SPEC.md §4): token + user. The token lives in localStorage 'token'; on load it is restored
 * and the user fetched with GET auth/user; a 401 from any call clears it (lib/api-client calls clear()).
 * The api client is imported on demand so the first screen does not wait for axios.
 */
import { type AuthPayload, apiPaths, type User } from '@agrivet/shared';
import { create } from 'zustand';
import { ApiError } from '../lib/api-error';
import { readToken, writeToken } from '../lib/token-storage';

export type SessionStatus = 'restoring' | 'ready';

interface SessionState {
  token: string | null;
  user: User | null;
  status: SessionStatus;
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

export const useSession = create<SessionState>((set, get) => ({
  token: readToken(),
  user: null,
  status: readToken() ? 'restoring' : 'ready',
  setSession: ({ token, user }) => {
    writeToken(token);
    set({ token, user, status: 'ready' });
  },
  setUser: (user) => set({ user }),
  clear: () => {
    writeToken(null);
    set({ token: null, user: null, status: 'ready' });
  },
  logout: async () => {
    const hadToken = get().token !== null;
    try {
      if (hadToken) {
        const { apiPost } = await import('../lib/api-client');
        await apiPost<unknown>(apiPaths.auth.logout);
      }
    } finally {
      get().clear();
    }
  },
  restore: async () => {
    const token = readToken();
    if (!token) {
      set({ token: null, user: null, status: 'ready' });
      return;
    }
    set({ token, status: 'restoring' });
    try {
      const { apiGet } = await import('../lib/api-client');
      const data = await apiGet<{ user: User }>(apiPaths.auth.user);
      set({ user: data.user, status: 'ready' });
    } catch (err) {
      // 401 already cleared the session; offline keeps the token so a later load can restore it.
      if (err instanceof ApiError && err.status === 401) get().clear();
      else set({ status: 'ready' });
    }
  },
}));

/** Selectors used by the layout and guards. */
export const selectIsLoggedIn = (s: SessionState) => s.token !== null;
/** Disabled accounts (status 1) see no orders or chats in the top bar (CONTRACT.md §5). */
export const selectCanOrderAndChat = (s: SessionState) => s.user !== null && s.user.status !== 1;
