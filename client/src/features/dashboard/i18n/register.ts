/**
 * Registers the dashboard's strings with i18next under the 'dashboard' namespace (imported by the
 * dashboard's lazy chunks only, so the public bundle does not carry them).
 */
import { useTranslation } from 'react-i18next';
import { i18n } from '@/i18n';
import { dashboardAr } from './ar';
import { dashboardEn } from './en';

export const DASHBOARD_NS = 'dashboard';

if (!i18n.hasResourceBundle('ar', DASHBOARD_NS)) i18n.addResourceBundle('ar', DASHBOARD_NS, dashboardAr);
if (!i18n.hasResourceBundle('en', DASHBOARD_NS)) i18n.addResourceBundle('en', DASHBOARD_NS, dashboardEn);

/** `t('posts.title')` for dashboard strings; `common('errors.done')` for the app's catalogue. */
export function useDashboardT() {
  const { t, i18n: instance } = useTranslation(DASHBOARD_NS);
  const { t: common } = useTranslation();
  return { t, common, lang: instance.language === 'en' ? ('en' as const) : ('ar' as const) };
}
