/** The normalised text stored beside each searchable row (CONTRACT.md §6); queries use the same function. */
import { normalizeArabic, provinceName } from '@agrivet/shared';

const join = (...parts: (string | null | undefined)[]) => normalizeArabic(parts.filter(Boolean).join(' '));

export const storeSearchText = (s: { name_store: string; address: string; city: number }) =>
  join(s.name_store, s.address, provinceName(s.city), provinceName(s.city, 'en'));

export const productSearchText = (p: { name: string; description?: string | null }) => join(p.name, p.description);

export const postSearchText = (p: { title: string; description: string }) => join(p.title, p.description);

/** A LIKE pattern matching the normalised query anywhere (with %, _ and \ escaped). */
export const likePattern = (normalisedQuery: string): string =>
  `%${normalisedQuery.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
