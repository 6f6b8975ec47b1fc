import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyRoute } from '@/lib/lazy-route';

const Screen = () => <p>the screen</p>;

describe('lazyRoute', () => {
  it('renders a preloaded screen in the first render, without the Suspense fallback', async () => {
    const load = vi.fn(async () => ({ Screen }));
    const route = lazyRoute(load, (m) => m.Screen);
    await route.preload();
    render(
      <Suspense fallback={<p>loading</p>}>
        <route.Component />
      </Suspense>,
    );
    expect(screen.getByText('the screen')).toBeInTheDocument();
    expect(screen.queryByText('loading')).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('suspends as React.lazy does when the screen was not preloaded, loading it once', async () => {
    const load = vi.fn(async () => ({ Screen }));
    const route = lazyRoute(load, (m) => m.Screen);
    render(
      <Suspense fallback={<p>loading</p>}>
        <route.Component />
      </Suspense>,
    );
    expect(screen.getByText('loading')).toBeInTheDocument();
    expect(await screen.findByText('the screen')).toBeInTheDocument();
    await route.preload();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('a preload that failed (offline) is asked for again by the next one', async () => {
    const Screen = () => <p>الشاشة</p>;
    const load = vi
      .fn<() => Promise<{ Screen: typeof Screen }>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce({ Screen });
    const route = lazyRoute(load, (m) => m.Screen);
    await expect(route.preload()).rejects.toThrow('offline');
    await route.preload();
    expect(load).toHaveBeenCalledTimes(2);
    render(
      <Suspense fallback={<p>fallback</p>}>
        <route.Component />
      </Suspense>,
    );
    expect(screen.getByText('الشاشة')).toBeInTheDocument();
  });
});
