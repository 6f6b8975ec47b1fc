/** Query keys of the stores feature (public catalogue: saved for offline visits, see lib/query-client.ts). */
import type { StoreType } from '@agrivet/shared';
import { scope } from '@/lib/query-client';

export interface StoresQuery {
  type: StoreType;
  page: number;
  city: number | null;
  /** 'rating': best rated first (CONTRACT.md §7); null: the API's own order. */
  sort?: 'rating' | null;
}

export const storeKeys = {
  all: [scope.catalogue, 'stores'] as const,
  byCity: ({ type, city, page, sort }: StoresQuery) =>
    [scope.catalogue, 'stores', 'by-city', type, city, page, sort ?? null] as const,
};
