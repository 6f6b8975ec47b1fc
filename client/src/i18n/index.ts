/**
 * i18next with Arabic by default and an English switch that flips <html dir/lang>. The Arabic catalogue
 * (every namespace) comes with the app; the English one is one chunk (en.ts), loaded when English is
 * chosen. The language choice is kept in localStorage ('lang').
 */
import { apiMessages, errorCodeMessages, type Lang, validationMessages } from '@agrivet/shared';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { ar } from './ar';
import { dashboardAr, oversightAr } from './dashboard-ar';

const LANG_KEY = 'lang';

/** The namespaces: the app's, and the store owner's and admin's screens' (features/dashboard/lib/i18n.ts). */
export const DASHBOARD_NS = 'dashboard';
export const OVERSIGHT_NS = 'oversight';

/** The shared catalogues (CONTRACT.md §3, §7, SPEC.md §5) in `lang`, as `validation.*`, `api.*`, `apiError.*`. */
const contract = (lang: Lang) => ({
  validation: validationMessages[lang],
  api: apiMessages[lang],
  apiError: errorCodeMessages[lang],
});

/** The language chosen in this browser (Arabic unless English was chosen). */
export function storedLang(): Lang {
  try {
    return localStorage.getItem(LANG_KEY) === 'en' ? 'en' : 'ar';
  } catch {
    return 'ar';
  }
}

export function applyDocumentLang(lang: Lang): void {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = lang;
  document.documentElement.dir = lang === 'ar' ? 'rtl' : 'ltr';
}

void i18n.use(initReactI18next).init({
  resources: {
    ar: { translation: { ...ar, ...contract('ar') }, [DASHBOARD_NS]: dashboardAr, [OVERSIGHT_NS]: oversightAr },
  },
  lng: 'ar',
  fallbackLng: 'ar',
  ns: ['translation', DASHBOARD_NS, OVERSIGHT_NS],
  defaultNS: 'translation',
  interpolation: { escapeValue: false },
  returnNull: false,
});
applyDocumentLang('ar');

let english: Promise<void> | undefined;
/** The English catalogue, loaded once; a chunk that failed (offline) is asked for again next time. */
function loadEnglish(): Promise<void> {
  english ??= import('./en').then(
    ({ en, dashboardEn, oversightEn }) => {
      i18n.addResourceBundle('en', 'translation', { ...en, ...contract('en') });
      i18n.addResourceBundle('en', DASHBOARD_NS, dashboardEn);
      i18n.addResourceBundle('en', OVERSIGHT_NS, oversightEn);
    },
    (err: unknown) => {
      english = undefined;
      throw err;
    },
  );
  return english;
}

export function currentLang(): Lang {
  return i18n.language === 'en' ? 'en' : 'ar';
}

export async function setLang(lang: Lang): Promise<void> {
  try {
    localStorage.setItem(LANG_KEY, lang);
  } catch {
    // private mode: the choice lasts for this page only
  }
  if (lang === 'en') await loadEnglish();
  await i18n.changeLanguage(lang);
  applyDocumentLang(lang);
}

export { i18n };
