/** Money is integer cents inside the system and a 2-decimal string at its edges (CONTRACT.md §5). */
import { toLatinDigits } from './normalize';

/** 1250 → "12.50". */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** 1250 → "12.50 $" for display. */
export function formatPrice(cents: number): string {
  return `${formatCents(cents)} $`;
}

/**
 * Parses a price given as a number or a string ("12.5", "١٢٫٥", "12,50") into integer cents.
 * Returns null when it is not a finite non-negative amount with at most 2 decimals.
 */
export function parseCents(value: unknown): number | null {
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || value < 0) return null;
    const cents = Math.round(value * 100);
    if (Math.abs(cents - value * 100) > 1e-6) return null;
    return cents;
  }
  if (typeof value !== 'string') return null;
  const s = toLatinDigits(value.trim()).replace('\u066B', '.').replace(',', '.');
  if (!/^\d{1,10}(\.\d{1,2})?$/.test(s)) return null;
  const [whole, frac = ''] = s.split('.');
  return Number(whole) * 100 + Number(frac.padEnd(2, '0'));
}
