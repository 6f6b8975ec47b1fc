/**
 * Numeric inputs (quantity, price, phone, ids): typed as text with a numeric keypad (`inputMode`),
 * never `type=number` (which drops Arabic-Indic digits), and normalised as they are typed: Arabic-Indic
 * (٠-٩) and Persian (۰-۹) digits become 0-9, the Arabic decimal separator (٫) a point.
 */
import { toLatinDigits } from '@agrivet/shared';

export type NumericKind = 'integer' | 'decimal' | 'phone';

/** The keypad each kind asks a phone for. */
export const numericInputMode = { integer: 'numeric', decimal: 'decimal', phone: 'tel' } as const satisfies Record<
  NumericKind,
  'numeric' | 'decimal' | 'tel'
>;

/**
 * The typed text with Western digits. `integer` keeps digits only; `decimal` digits and one point (a
 * comma or ٫ counts as one), and a leading minus where it was typed — so «-5» is refused by the form's
 * check («يجب ألا تقل القيمة عن 0») instead of silently becoming 5, a number nobody typed; `phone`
 * digits, a leading +, spaces and dashes.
 */
export function normalizeNumericInput(value: string, kind: NumericKind): string {
  const latin = toLatinDigits(value);
  if (kind === 'integer') return latin.replace(/\D/g, '');
  if (kind === 'phone') {
    const kept = latin.replace(/[^\d+\s-]/g, '');
    return kept.replace(/(?!^)\+/g, '');
  }
  const minus = /^\s*[-\u2212]/.test(latin) ? '-' : '';
  const dotted = latin.replace(/[\u066B,،]/g, '.').replace(/[^\d.]/g, '');
  const first = dotted.indexOf('.');
  return minus + (first === -1 ? dotted : dotted.slice(0, first + 1) + dotted.slice(first + 1).replace(/\./g, ''));
}
