/** The day-by-day figures of the statistics home as the column chart takes them (components/bar-chart.tsx). */
import type { BarDatum } from '@/features/dashboard/components/bar-chart';
import { dateLocale } from '@/lib/format';

/**
 * The day under a column: «29/11», day then month in Western digits, in both languages. Not the
 * formatter's own text: in Arabic it carries a right-to-left mark between day and month («29‏/11»),
 * which the chart's left-to-right labels drew as «11/29».
 */
export function shortDay(date: string): string {
  const [, month, day] = date.split('-').map(Number);
  return `${day}/${month}`;
}

export function perDay(rows: { date: string; count: number }[], lang: 'ar' | 'en'): BarDatum[] {
  const long = new Intl.DateTimeFormat(dateLocale(lang), {
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  });
  return rows.map((r) => {
    const d = new Date(`${r.date}T00:00:00Z`);
    return { label: long.format(d), short: shortDay(r.date), value: r.count };
  });
}
