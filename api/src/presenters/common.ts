/** Small conversions shared by the presenters (the one place where dialect differences are ironed out). */
import { formatCents } from '@agrivet/shared';

export { toCount, toIso } from '../db/time';

/** 0/1 integer (or a PG boolean) → boolean. */
export const toBool = (v: number | boolean | string | null | undefined): boolean => v === true || Number(v) === 1;

/** Integer cents → { "12.50", 1250 } under the given field names. */
export const money = (cents: number | string): { text: string; cents: number } => {
  const n = Number(cents);
  return { text: formatCents(n), cents: n };
};
