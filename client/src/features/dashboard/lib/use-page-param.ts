/** The list page number kept in the URL (?page=2), so reload and back keep the place. */
import { useSearchParams } from 'react-router-dom';

export function usePageParam(): [number, (page: number) => void] {
  const [params, setParams] = useSearchParams();
  const raw = Number(params.get('page'));
  const page = Number.isInteger(raw) && raw >= 1 ? raw : 1;
  const setPage = (next: number) => {
    const copy = new URLSearchParams(params);
    if (next <= 1) copy.delete('page');
    else copy.set('page', String(next));
    setParams(copy);
  };
  return [page, setPage];
}

/** A positive integer query parameter, or null. */
export function useIdParam(name: string): number | null {
  const [params] = useSearchParams();
  const raw = Number(params.get(name));
  return Number.isInteger(raw) && raw >= 1 ? raw : null;
}
