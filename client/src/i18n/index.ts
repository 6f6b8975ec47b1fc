/**
 * i18next with Arabic by default and an English switch that flips <html dir/lang>.
 * The language choice is kept in localStorage ('lang').
 */
import type { Lang } from '@agrivet/shared';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { ar } from './ar';

const LANG_KEY = 'lang';

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

// Arabic ships with the first load; English loads when chosen.
void i18n.use(initReactI18next).init({
  resources: { ar: { translation: ar } },
  lng: 'ar',
  fallbackLng: 'ar',
  interpolation: { escapeValue: false },
  returnNull: false,
});
applyDocumentLang('ar');

/**
 * Switches to the language saved in this browser, if it is English. Called by app/main.tsx: at once for
 * the client-rendered shell, after hydration for a server-rendered page (the server renders Arabic).
 */
export function restoreStoredLang(): void {
  if (storedLang() === 'en') void setLang('en');
}

let englishLoaded = false;
async function ensureLoaded(lang: Lang): Promise<void> {
  if (lang === 'ar' || englishLoaded) return;
  const { en } = await import('./en');
  i18n.addResourceBundle('en', 'translation', en, true, true);
  englishLoaded = true;
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
  await ensureLoaded(lang);
  await i18n.changeLanguage(lang);
  applyDocumentLang(lang);
}

export { i18n };
