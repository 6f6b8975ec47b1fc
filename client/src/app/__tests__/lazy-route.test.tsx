import { render, screen } from '@testing-library/react';
import { act, Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useQuery } from '../../lib/use-query';
import { lazyRoute } from '../lazy-route';

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
});

describe('useQuery with initial data', () => {
  function List({ initial, fetcher }: { initial?: string[]; fetcher: () => Promise<string[]> }) {
    const q = useQuery('k', fetcher, true, initial);
    return <p>{q.loading ? 'loading' : (q.data ?? []).join(',')}</p>;
  }

  it('shows the initial data at once and skips the first fetch; reload fetches', async () => {
    const fetcher = vi.fn(async () => ['fresh']);
    let reload: () => void = () => {};
    function Reloadable() {
      const q = useQuery('k', fetcher, true, ['early']);
      reload = q.reload;
      return <p>{q.loading ? 'loading' : (q.data ?? []).join(',')}</p>;
    }
    render(<Reloadable />);
    expect(screen.getByText('early')).toBeInTheDocument();
    expect(fetcher).not.toHaveBeenCalled();
    await act(async () => reload());
    expect(await screen.findByText('fresh')).toBeInTheDocument();
    expect(fetcher).toHaveBeenCalledTimes(1);
  });

  it('fetches on mount without initial data', async () => {
    const fetcher = vi.fn(async () => ['a', 'b']);
    render(<List fetcher={fetcher} />);
    expect(screen.getByText('loading')).toBeInTheDocument();
    expect(await screen.findByText('a,b')).toBeInTheDocument();
  });
});
