/** Query keys of the articles (public catalogue: saved for offline visits, see lib/query-client.ts). */
import { scope } from '@/lib/query-client';

export const postKeys = {
  all: [scope.catalogue, 'posts'] as const,
  lists: () => [scope.catalogue, 'posts', 'list'] as const,
  list: (page: number) => [scope.catalogue, 'posts', 'list', page] as const,
  detail: (id: number) => [scope.catalogue, 'posts', 'detail', id] as const,
};
