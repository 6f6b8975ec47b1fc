/**
 * What the api client needs from whoever holds the session, registered at start (stores/session.ts
 * does it when it is created): the token to send, and what to do when the API answers
 * `unauthenticated`. The api client itself imports no store (client/scripts/check-boundaries.mjs:
 * the request path, lib/api-*.ts and lib/token-storage.ts, imports no store). This module has no dependencies, so the session registers without
 * loading axios on the first screen.
 */
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
