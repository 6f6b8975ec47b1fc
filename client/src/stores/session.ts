/**
 * Session (SPEC.md §4): the token only, saved in localStorage 'token'. The signed-in user is server
 * state: the `auth/user` query of api/auth.ts (`useUser()`, `getUser()`), which login, register and
 * logout update.
 * The api client knows nothing of this store: the store registers, when it is created, the token every
 * request sends and the handler of `unauthenticated` answers (lib/api-client.ts).
 */
import { create } from 'zustand';
import { setTokenGetter, setUnauthorizedHandler } from '@/lib/api-client';
import { writeSavedUser } from '@/lib/saved-user';
import { readToken, writeToken } from '@/lib/token-storage';

interface SessionState {
  token: string | null;
  /**
   * Why the server ended the last session, in the UI language («انتهت الجلسة…», «تم حظر هذا الحساب…»):
   * the sign-in screen shows it. Null after a sign-out of the user's own or a new sign-in.
   */
  ended: string | null;
  /** Keep a new token (login, register). */
  setToken: (token: string) => void;
  /**
   * Forget the token and the saved user locally (no request; api/auth.ts `logout()` sends one);
   * `reason` when the server refused the token.
   */
  clear: (reason?: string) => void;
}

/**
 * Created anonymous, then the saved token is put in: the store's *initial* state stays the anonymous
 * one, which is what zustand hands React as the server snapshot. So while React hydrates a page the
 * server rendered (always anonymously: the token lives in localStorage, which the server never sees),
 * every component renders as the server did, and switches to the signed-in state right after.
 */
export const useSession = create<SessionState>((set) => ({
  token: null,
  ended: null,
  setToken: (token) => {
    writeToken(token);
    set({ token, ended: null });
  },
  clear: (reason) => {
    writeToken(null);
    writeSavedUser(null);
    set({ token: null, ended: reason ?? null });
  },
}));
useSession.setState({ token: readToken() });

/** The session token in a component (null when signed out). */
export const useToken = () => useSession((s) => s.token);
/** The session token outside React (the relay connection, request code). */
export const getToken = () => useSession.getState().token;

// Requests send the session's token; an `unauthenticated` answer signs out, unless the session holds
// another token by now (a fresh login while the refused request was under way).
setTokenGetter(getToken);
setUnauthorizedHandler((sentWith, message) => {
  const { token, clear } = useSession.getState();
  if (token !== null && token === sentWith) clear(message);
});

/** Selectors used by the layout and guards. */
export const selectIsLoggedIn = (s: SessionState) => s.token !== null;
