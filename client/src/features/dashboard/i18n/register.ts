/**
 * Registers the dashboard's strings with i18next under the 'dashboard' namespace (imported by the
 * dashboard's lazy chunks only, so the public bundle does not carry them).
 */
import { useTranslation } from 'react-i18next';
import { addStrings } from '@/i18n';
import { dashboardAr } from './ar';

export const DASHBOARD_NS = 'dashboard';

addStrings(DASHBOARD_NS, DASHBOARD_NS, dashboardAr, () => import('./en').then((m) => m.dashboardEn));

/** `t('posts.title')` for dashboard strings; `common('errors.done')` for the app's catalogue. */
export function useDashboardT() {
  const { t, i18n: instance } = useTranslation(DASHBOARD_NS);
  const { t: common } = useTranslation();
  return { t, common, lang: instance.language === 'en' ? ('en' as const) : ('ar' as const) };
}
