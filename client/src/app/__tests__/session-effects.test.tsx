/**
 * The signed-in effects open the live connection: once preloaded (app/start.tsx, a signed-in page opened
 * cold) they are mounted by the first render, not after a committed Suspense fallback whose retry React may
 * hold back while the rest of the screen keeps rendering.
 */
import { render } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '@/stores/session';
import { preloadSignedInEffects, SessionEffects } from '@/app/session-effects';

const mounted = vi.hoisted(() => vi.fn());
vi.mock('@/app/signed-in-effects', () => ({
  default: function SignedInEffects() {
    useEffect(() => mounted(), []);
    return null;
  },
}));

afterEach(() => {
  useSession.getState().clear();
  mounted.mockReset();
});

describe('SessionEffects', () => {
  it('mounts nothing while signed out', async () => {
    await preloadSignedInEffects();
    render(<SessionEffects />);
    expect(mounted).not.toHaveBeenCalled();
  });

  it('once preloaded, mounts the signed-in effects in the first render', async () => {
    useSession.getState().setToken('tok');
    await preloadSignedInEffects();
    render(<SessionEffects />);
    expect(mounted).toHaveBeenCalledTimes(1);
  });
});
