/**
 * How long a customer has waited, in the language's plural forms and Western digits (0-9) as every
 * figure of the Arabic UI (docs/decisions.md, "Digits"): «أقل من دقيقة», «دقيقتين», «3 دقائق»,
 * «12 دقيقة», «ساعتين», «3 أيام» (the inbox screens and the statistics; i18next picks the form from
 * `count`).
 */
export function waitText(minutes: number, _lang: string, t: (k: string, o: Record<string, unknown>) => string): string {
  const counted = (key: string, count: number) => t(key, { count, n: String(count) });
  if (minutes < 60) return counted('inbox.minutes', Math.max(0, minutes));
  if (minutes < 1440) return counted('inbox.hours', Math.floor(minutes / 60));
  return counted('inbox.days', Math.floor(minutes / 1440));
}
