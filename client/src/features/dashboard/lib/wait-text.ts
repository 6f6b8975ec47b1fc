/** How long a customer has waited, in the UI's digits: "12 دقيقة" / "3 ساعة" / "2 يوم" (the inbox screens). */

/** "12" in the UI's digits (Arabic-Indic in Arabic). */
export const uiDigits = (n: number, lang: string) => new Intl.NumberFormat(lang === 'en' ? 'en' : 'ar-SY').format(n);

export function waitText(minutes: number, lang: string, t: (k: string, o: Record<string, unknown>) => string): string {
  if (minutes < 60) return t('inbox.minutes', { n: uiDigits(minutes, lang) });
  if (minutes < 1440) return t('inbox.hours', { n: uiDigits(Math.floor(minutes / 60), lang) });
  return t('inbox.days', { n: uiDigits(Math.floor(minutes / 1440), lang) });
}
