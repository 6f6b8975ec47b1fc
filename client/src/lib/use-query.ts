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

/**
 * `initialData` (read on mount only): data for `key` already at hand (e.g. index.html's early
 * answer); the first render shows it and the first fetch is skipped.
 */
export function useQuery<T>(
  key: string,
  fetcher: (signal: AbortSignal) => Promise<T>,
  enabled = true,
  initialData?: T,
): QueryState<T> {
  const [data, setDataState] = useState<T | undefined>(initialData);
  const [error, setError] = useState<unknown>(null);
  const [loading, setLoading] = useState(enabled && initialData === undefined);
  const [nonce, setNonce] = useState(0);
  const fetcherRef = useRef(fetcher);
  fetcherRef.current = fetcher;
  const fetchedAtMount = useRef<string | null>(initialData === undefined ? null : key);

  // key and nonce are the triggers; the fetcher is read from a ref.
  useEffect(() => {
    if (!enabled) {
      setLoading(false);
      return;
    }
    if (fetchedAtMount.current === key && nonce === 0) {
      fetchedAtMount.current = null;
      return;
    }
    fetchedAtMount.current = null;
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
