/**
 * The signed-in effects' chunk failed (the app opened offline before it was cached): it is asked for
 * again when the browser is back online, or after a wait while it says it is online — not only on the
 * next sign-in or reload, or the live connection and the outbox would stay off.
 */
import { act, getConfig, render, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const state = { fails: 0, loads: 0, mounted: 0 };

const effectsModule = () => {
  state.loads++;
  if (state.fails > 0) {
    state.fails--;
    throw new Error('Failed to fetch dynamically imported module');
  }
  return {
    default: function SignedInEffects() {
      useEffect(() => {
        state.mounted++;
      }, []);
      return null;
    },
  };
};

/** A fresh copy of the component, the session store and the effects' module (each is kept per page). */
async function freshSignedIn() {
  vi.resetModules();
  vi.doMock('@/app/signed-in-effects', effectsModule);
  const { useSession } = await import('@/stores/session');
  const { SessionEffects } = await import('@/app/session-effects');
  useSession.getState().setToken('tok');
  return { SessionEffects, signOut: () => useSession.getState().clear() };
}
let signOut = () => {};

const setNavigatorOnline = (online: boolean) =>
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });

beforeEach(() => {
  state.loads = 0;
  state.mounted = 0;
});
afterEach(() => {
  signOut();
  vi.restoreAllMocks();
  setNavigatorOnline(true);
});

describe('SessionEffects after a failed chunk', () => {
  it('asks for the chunk again when the browser comes back online, and mounts the effects', async () => {
    setNavigatorOnline(false);
    state.fails = 1;
    const fresh = await freshSignedIn();
    signOut = fresh.signOut;
    const { SessionEffects } = fresh;
    render(<SessionEffects />);
    await waitFor(() => expect(state.loads).toBe(1));
    await act(async () => {});
    expect(state.mounted).toBe(0);

    setNavigatorOnline(true);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(state.mounted).toBe(1));
    expect(state.loads).toBe(2);
  });

  it('while the browser says it is online, asks again after a wait that grows', async () => {
    const waits: { ms: number; run: () => void }[] = [];
    const realSetTimeout = globalThis.setTimeout;
    // the effects' waits are held here; Testing Library's own time limit (waitFor's) runs as it is
    vi.spyOn(globalThis, 'setTimeout').mockImplementation(((run: () => void, ms?: number) => {
      if (ms && ms >= 2_000 && ms !== getConfig().asyncUtilTimeout) {
        waits.push({ ms, run });
        return 0;
      }
      return realSetTimeout(run, ms);
    }) as typeof globalThis.setTimeout);
    state.fails = 2;
    const fresh = await freshSignedIn();
    signOut = fresh.signOut;
    const { SessionEffects } = fresh;
    render(<SessionEffects />);
    await waitFor(() => expect(waits.map((w) => w.ms)).toEqual([2_000]));
    expect(state.loads).toBe(1);
    act(() => waits[0]?.run());
    await waitFor(() => expect(waits.map((w) => w.ms)).toEqual([2_000, 4_000]));
    expect(state.loads).toBe(2);
    act(() => waits[1]?.run());
    await waitFor(() => expect(state.mounted).toBe(1));
    expect(state.loads).toBe(3);
  });
});
