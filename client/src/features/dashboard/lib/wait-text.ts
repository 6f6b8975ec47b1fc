/** "12" in the UI's digits (Arabic-Indic in Arabic). */
export const uiDigits = (n: number, lang: string) => new Intl.NumberFormat(lang === 'en' ? 'en' : 'ar-SY').format(n);

/**
 * How long a customer has waited, in the UI's digits and the language's plural forms: «أقل من دقيقة»,
 * «دقيقتين», «٣ دقائق», «١٢ دقيقة», «ساعتين», «٣ أيام» (the inbox screens; i18next picks the form from `count`).
 */
export function waitText(
  minutes: number,
  lang: string,
  t: (k: string, o: Record<string, unknown>) => string,
  /** Latin digits (0-9) whatever the language: beside other figures, which are all Latin (docs/decisions.md). */
  { latinDigits = false }: { latinDigits?: boolean } = {},
): string {
  const counted = (key: string, count: number) =>
    t(key, { count, n: latinDigits ? String(count) : uiDigits(count, lang) });
  if (minutes < 60) return counted('inbox.minutes', Math.max(0, minutes));
  if (minutes < 1440) return counted('inbox.hours', Math.floor(minutes / 60));
  return counted('inbox.days', Math.floor(minutes / 1440));
}
