/**
 * A small data hook: runs `fetcher` when `key` changes, keeps the last data while reloading, exposes
 * the error for an error-with-retry state and `reload()`. Stale answers (an older key) are dropped.
 */
import { useCallback, useEffect, useRef, useState } from 'react';

export interface QueryState<T> {
  data: T | undefined;
  error: unknown;
  loading: boolean;
  reload: () => void;
  /** Replace the data locally (live updates). */
  setData: (update: (previous: T | undefined) => T | undefined) => void;
}

export function useQuery<T>(key: string, fetcher: (signal: AbortSignal) => Promise<T>, enabled = true): QueryState<T> {
  const [data, setDataState] = useState<T | undefined>(undefined);
  const [error, setError] = useState<unknown>(null);
  const [loading, setLoading] = useState(enabled);
  const [nonce, setNonce] = useState(0);
  const fetcherRef = useRef(fetcher);
  fetcherRef.current = fetcher;

  // biome-ignore lint/correctness/useExhaustiveDependencies: key and nonce are the triggers; the fetcher is read from a ref.
  useEffect(() => {
    if (!enabled) {
      setLoading(false);
      return;
    }
    const controller = new AbortController();
    setLoading(true);
    setError(null);
    fetcherRef
      .current(controller.signal)
      .then((result) => {
        if (!controller.signal.aborted) setDataState(result);
      })
      .catch((err: unknown) => {
        if (!controller.signal.aborted) setError(err);
      })
      .finally(() => {
        if (!controller.signal.aborted) setLoading(false);
      });
    return () => controller.abort();
  }, [key, nonce, enabled]);

  const reload = useCallback(() => setNonce((n) => n + 1), []);
  const setData = useCallback((update: (previous: T | undefined) => T | undefined) => setDataState(update), []);
  return { data, error, loading, reload, setData };
}
