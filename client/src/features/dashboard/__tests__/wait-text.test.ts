import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { dashboardAr } from '@/i18n/dashboard-ar';
import { dashboardEn } from '@/i18n/dashboard-en';
import { waitText } from '@/features/dashboard/lib/wait-text';

// a real i18next with the dashboard's catalogues: the plural form comes from Intl.PluralRules
const i18n = i18next.createInstance();
await i18n.init({
  lng: 'ar',
  resources: { ar: { dashboard: dashboardAr }, en: { dashboard: dashboardEn } },
  defaultNS: 'dashboard',
  interpolation: { escapeValue: false },
});

const waited = (minutes: number, lang: 'ar' | 'en') => {
  const t = i18n.getFixedT(lang);
  return t('inbox.waiting', { time: waitText(minutes, lang, (k, o) => t(k, o)) });
};

describe('how long a customer has waited, in Arabic plural forms and Western digits (docs/decisions.md)', () => {
  it.each([
    [0, 'ينتظر منذ أقل من دقيقة'],
    [1, 'ينتظر منذ دقيقة'],
    [2, 'ينتظر منذ دقيقتين'],
    [3, 'ينتظر منذ 3 دقائق'],
    [10, 'ينتظر منذ 10 دقائق'],
    [12, 'ينتظر منذ 12 دقيقة'],
    [60, 'ينتظر منذ ساعة'],
    [150, 'ينتظر منذ ساعتين'],
    [5 * 60, 'ينتظر منذ 5 ساعات'],
    [23 * 60, 'ينتظر منذ 23 ساعة'],
    [1440, 'ينتظر منذ يوم'],
    [2 * 1440, 'ينتظر منذ يومين'],
    [4 * 1440, 'ينتظر منذ 4 أيام'],
    [15 * 1440, 'ينتظر منذ 15 يوماً'],
  ])('%i minutes: %s', (minutes, text) => {
    expect(waited(minutes, 'ar')).toBe(text);
  });

  it('in English', () => {
    expect(waited(0, 'en')).toBe('Waiting for less than a minute');
    expect(waited(1, 'en')).toBe('Waiting for a minute');
    expect(waited(2, 'en')).toBe('Waiting for 2 minutes');
    expect(waited(120, 'en')).toBe('Waiting for 2 hours');
    expect(waited(1440, 'en')).toBe('Waiting for a day');
  });

  it('a clock a little behind the server reads as less than a minute, never a negative wait', () => {
    expect(waited(-1, 'ar')).toBe('ينتظر منذ أقل من دقيقة');
  });
});
