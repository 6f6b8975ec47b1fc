/** Dates of subscriptions, receipts and the audit log, in the stores' time zone (Asia/Damascus). */
import { STORE_TIME_ZONE } from '@agrivet/shared';
import { dateLocale } from '@/lib/format';

export const formatDay = (iso: string, lang: string): string =>
  new Intl.DateTimeFormat(dateLocale(lang), { dateStyle: 'medium', timeZone: STORE_TIME_ZONE }).format(new Date(iso));

export const formatMoment = (iso: string, lang: string): string =>
  new Intl.DateTimeFormat(dateLocale(lang), {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: STORE_TIME_ZONE,
  }).format(new Date(iso));

/** "5.00" from 500. */
export const centsText = (cents: number): string => (cents / 100).toFixed(2);
