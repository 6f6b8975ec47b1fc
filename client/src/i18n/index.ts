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

/** A part's English twin (chat-en.ts …): the same keys as its Arabic, each a string. */
export type EnglishOf<T> = { [K in keyof T]: T[K] extends string ? string : EnglishOf<T[K]> };

/**
 * Loads an English bundle into `ns` once; a chunk that failed (offline) is asked for again next time.
 * `overwrite`: the main catalogue's keys win over a part's, as when they were added in one go.
 */
function englishBundle(ns: string, load: () => Promise<object>, overwrite: boolean): () => Promise<unknown> {
  let done: Promise<unknown> | undefined;
  return () =>
    (done ??= load().then(
      (strings) => i18n.addResourceBundle('en', ns, strings, true, overwrite),
      (err) => {
        done = undefined;
        throw err;
      },
    ));
}

/** English is chosen (or being switched to): a part that arrives now loads its English at once. */
let englishWanted = false;
/** The main English catalogue and each part's English (addStrings), each loaded once when English is chosen. */
const english = new Map([['main', englishBundle('translation', () => import('./en').then((m) => m.en), true)]]);

async function ensureLoaded(lang: Lang): Promise<void> {
  if (lang === 'ar') return;
  await Promise.all([...english.values()].map((load) => load()));
}

/**
 * A part's strings (a screen's chunk: the chat, the shop, the dashboard …): the Arabic joins the
 * catalogue with the part's code; the English is a chunk of its own, loaded only for a reader who chose
 * English — with the main English catalogue (setLang), or at once when the part arrives while English is
 * on screen (its text is then in Arabic until it is in, one request later). Arabic readers, nearly
 * everyone, do not download a second language with every screen.
 */
export function addStrings(key: string, ns: string, ar: object, loadEnglish: () => Promise<object>): void {
  if (english.has(key)) return;
  i18n.addResourceBundle('ar', ns, ar, true, false);
  const load = englishBundle(ns, loadEnglish, false);
  english.set(key, load);
  if (!englishWanted) return;
  // redraw what is on screen with the part's English (useTranslation listens to languageChanged);
  // offline, the part stays in Arabic until English is chosen again
  load().then(
    () => {
      if (i18n.language === 'en') void i18n.changeLanguage('en');
    },
    () => {},
  );
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
  englishWanted = lang === 'en';
  await ensureLoaded(lang);
  await i18n.changeLanguage(lang);
  applyDocumentLang(lang);
}

export { i18n };
