/** Query keys of the farmer's own orders (account data: memory only, see lib/query-client.ts). */
import { scope } from '@/lib/query-client';

export const orderKeys = {
  all: [scope.account, 'my-orders'] as const,
  page: (page: number) => [scope.account, 'my-orders', page] as const,
};
