/** The dashboard's namespaces (client/src/i18n/dashboard-ar.ts) as hooks for its screens. */
import { useTranslation } from 'react-i18next';
import { DASHBOARD_NS, OVERSIGHT_NS } from '@/i18n';

export { DASHBOARD_NS, OVERSIGHT_NS };

function useNamespace(ns: string) {
  const { t, i18n: instance } = useTranslation(ns);
  const { t: common } = useTranslation();
  return { t, common, lang: instance.language === 'en' ? ('en' as const) : ('ar' as const) };
}

/** `t('posts.title')` for dashboard strings; `common('errors.done')` for the app's catalogue. */
export const useDashboardT = () => useNamespace(DASHBOARD_NS);

/** `t('plan.title')` for the subscription and oversight screens' strings. */
export const useOversightT = () => useNamespace(OVERSIGHT_NS);
