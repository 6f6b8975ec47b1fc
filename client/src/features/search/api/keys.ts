/** Query keys of the search (public, in memory only: see lib/query-client.ts). */
import { scope } from '@/lib/query-client';

export const searchKeys = {
  all: [scope.public, 'search'] as const,
  results: (q: string, page: number) => [scope.public, 'search', q, page] as const,
};
