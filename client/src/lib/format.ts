/**
 * One digit style across the Arabic UI (docs/decisions.md, "Digits"): Western digits (0-9) for prices,
 * counts, dates and times — the same digits prices, phones and quantities are typed and stored with.
 * Dates and times in Arabic use the Arabic calendar words with Latin numerals (`-u-nu-latn`).
 */
export const dateLocale = (lang: string): string => (lang === 'en' ? 'en-GB' : 'ar-SY-u-nu-latn');

/** Date and time, e.g. "23 تشرين الثاني 2026، 10:05 م". */
export const formatDateTime = (iso: string, lang: string): string =>
  new Intl.DateTimeFormat(dateLocale(lang), { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

/** A date, e.g. "23 تشرين الثاني 2026". */
export const formatDate = (iso: string, lang: string): string =>
  new Intl.DateTimeFormat(dateLocale(lang), { dateStyle: 'medium' }).format(new Date(iso));

/**
 * A calendar day given as YYYY-MM-DD (an order's expected delivery), with its weekday: "الأربعاء، 2 كانون
 * الأول 2026". Read in UTC, so the day is the one written wherever the phone is.
 */
export const formatCalendarDay = (ymd: string, lang: string): string => {
  const at = new Date(`${ymd}T00:00:00Z`);
  if (Number.isNaN(at.getTime())) return ymd;
  return new Intl.DateTimeFormat(dateLocale(lang), { dateStyle: 'full', timeZone: 'UTC' }).format(at);
};
