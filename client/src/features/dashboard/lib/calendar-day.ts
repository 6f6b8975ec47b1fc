/**
 * A calendar day given as YYYY-MM-DD (an order's expected delivery, `eta`) in the dashboard's date
 * style: the app's locale (Western digits, client/src/lib/format.ts), read as that day wherever the
 * browser is (UTC: no time zone moves it to the day before).
 */
import { dateLocale } from '@/lib/format';

export function formatCalendarDay(day: string, lang: string): string {
  const at = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(at.getTime())) return day;
  return new Intl.DateTimeFormat(dateLocale(lang), { dateStyle: 'medium', timeZone: 'UTC' }).format(at);
}
