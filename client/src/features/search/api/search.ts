import { apiPaths, type SearchResult } from '@agrivet/shared';
import { apiGet } from '../../../lib/api-client';

/** GET search?q&page_number → stores, products and articles matching q (Arabic-normalised). */
export const search = (q: string, page: number, signal?: AbortSignal): Promise<SearchResult> =>
  apiGet<SearchResult>(apiPaths.search, { q, page_number: page }, signal);
