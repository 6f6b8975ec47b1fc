/**
 * A price as every screen shows it (docs/decisions.md, "Digits"): `12.50 $` — Western digits, the amount
 * then the dollar sign, in Arabic and English alike. The amount is a left-to-right isolate: inside Arabic
 * text the bidi algorithm would otherwise put the `$` (a neutral) on the left, `$ 12.50`, and a number
 * beside it (a quantity) could join the amount's run.
 */
import { formatPrice, parseCents } from '@agrivet/shared';

/** `formatPrice` of integer cents, or of a 2-decimal string as the API and the chat cards carry it. */
export const priceLabel = (amount: number | string): string => {
  if (typeof amount === 'number') return formatPrice(amount);
  const cents = parseCents(amount);
  return cents === null ? `${amount} $` : formatPrice(cents);
};

/** The price for text that is not JSX (a translated message, a toast): wrapped in LRI … PDI. */
export const priceText = (amount: number | string): string => `\u2066${priceLabel(amount)}\u2069`;

/** The price inside JSX: `<bdi dir="ltr">12.50 $</bdi>`. */
export function Price({ amount }: { amount: number | string }) {
  return <bdi dir="ltr">{priceLabel(amount)}</bdi>;
}
