/**
 * Signing in for unit tests: the token in the session store, the user saved beside it and put in the
 * app's query client (what login does). Clients from createTestQueryClient() start from the saved user.
 */
import type { User } from '@agrivet/shared';
import { authKeys, setUserData } from '@/api/auth';
import { queryClient } from '@/lib/query-client';
import { writeSavedUser } from '@/lib/saved-user';
import { useSession } from '@/stores/session';

export function signInForTest({ token, user }: { token: string; user: User }): void {
  useSession.getState().setToken(token);
  writeSavedUser(user);
  queryClient.setQueryData(authKeys.user(), user);
}

/** Another version of the signed-in user, in the app's client and the saved copy. */
export function setTestUser(user: User): void {
  writeSavedUser(user);
  setUserData(queryClient, user);
}
