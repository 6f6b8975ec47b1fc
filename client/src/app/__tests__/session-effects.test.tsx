/**
 * The signed-in effects open the live connection: they mount by a plain update once their code is in —
 * not through a Suspense retry, which React may hold back while the rest of the screen keeps rendering.
 */
import { act, render, waitFor } from '@testing-library/react';
import { Suspense, useEffect } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '@/stores/session';
import { SessionEffects } from '@/app/session-effects';

const mounted = vi.hoisted(() => vi.fn());
const unmounted = vi.hoisted(() => vi.fn());
vi.mock('@/app/signed-in-effects', () => ({
  default: function SignedInEffects() {
    useEffect(() => {
      mounted();
      return () => unmounted();
    }, []);
    return null;
  },
}));

afterEach(() => {
  useSession.getState().clear();
  mounted.mockReset();
  unmounted.mockReset();
});

/** A part of the screen that stays suspended (a lazy piece whose chunk is still coming). */
const never = new Promise<never>(() => {});
function StillLoading(): never {
  throw never;
}

describe('SessionEffects', () => {
  it('mounts nothing while signed out', async () => {
    render(<SessionEffects />);
    await act(async () => {});
    expect(mounted).not.toHaveBeenCalled();
  });

  it('mounts the signed-in effects once their code is in, beside a screen still suspended, and unmounts them on sign-out', async () => {
    useSession.getState().setToken('tok');
    render(
      <>
        <SessionEffects />
        <Suspense fallback={null}>
          <StillLoading />
        </Suspense>
      </>,
    );
    await waitFor(() => expect(mounted).toHaveBeenCalledTimes(1));
    act(() => useSession.getState().clear());
    expect(unmounted).toHaveBeenCalledTimes(1);
  });
});
