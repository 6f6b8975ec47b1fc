/**
 * React.lazy with `preload()`, for a route screen or the sign-in guard around one: app/start.tsx starts
 * loading what the screen being opened needs while React starts up, and once its module is in, the lazy
 * component renders it in the first pass (a thenable that resolves at once) instead of committing the
 * Suspense fallback and rendering again — on a slow phone that second pass and its paint cost a few
 * hundred milliseconds of LCP, and React reveals what a committed fallback hid no sooner than 300 ms
 * after it.
 */
import { type ComponentType, lazy } from 'react';

type Module<P> = { default: ComponentType<P> };

export interface LazyRoute<P> {
  Component: ComponentType<P>;
  preload: () => Promise<unknown>;
}

export function lazyRoute<M, P = object>(load: () => Promise<M>, pick: (m: M) => ComponentType<P>): LazyRoute<P> {
  let loaded: Module<P> | undefined;
  let loading: Promise<Module<P>> | undefined;
  const preload = () => {
    loading ??= load().then(
      (m) => {
        loaded = { default: pick(m) };
        return loaded;
      },
      (err: unknown) => {
        loading = undefined; // a chunk that failed (offline) is asked for again next time
        throw err;
      },
    );
    return loading;
  };
  const Component = lazy<ComponentType<P>>(() => {
    const ready = loaded;
    // A thenable that calls back synchronously: React.lazy then renders without suspending.
    // biome-ignore lint/suspicious/noThenProperty: an intentional synchronous thenable for React.lazy
    if (ready) return { then: (resolve: (m: Module<P>) => void) => resolve(ready) } as Promise<Module<P>>;
    return preload();
  });
  return { Component, preload };
}
