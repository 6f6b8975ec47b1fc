/** The session token in localStorage under 'token' (SPEC.md §4); the string 'undefined' counts as none. */
import { TOKEN_STORAGE_KEY } from '@agrivet/shared';

export function readToken(): string | null {
  try {
    const t = localStorage.getItem(TOKEN_STORAGE_KEY);
    return t && t !== 'undefined' && t !== 'null' ? t : null;
  } catch {
    return null;
  }
}

export function writeToken(token: string | null): void {
  try {
    if (token) localStorage.setItem(TOKEN_STORAGE_KEY, token);
    else localStorage.removeItem(TOKEN_STORAGE_KEY);
  } catch {
    // storage unavailable: the session lasts for this page only
  }
}
