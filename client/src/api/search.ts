/** search: stores, products and articles matching q (public, in memory only). */
import { apiPaths, type SearchResult } from '@agrivet/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { searchKeys } from '@/api/keys';
import { apiGet } from '@/lib/api-client';

export { searchKeys };

/** GET search?q&page_number → stores, products and articles matching q (Arabic-normalised). */
export const search = (q: string, page: number, signal?: AbortSignal): Promise<SearchResult> =>
  apiGet<SearchResult>(apiPaths.search, { q, page_number: page }, signal);

export const searchQueryOptions = (q: string, page: number) =>
  queryOptions({
    queryKey: searchKeys.results(q, page),
    queryFn: ({ signal }) => search(q, page, signal),
    enabled: q.length > 0,
    placeholderData: keepPreviousData,
  });

export const useSearch = (q: string, page: number) => useQuery(searchQueryOptions(q, page));
