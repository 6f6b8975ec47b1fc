/**
 * The shared validation and API message catalogues (CONTRACT.md §3, SPEC.md §5) as `validation.*`
 * and `api.*` keys in both languages. Imported by the api client, so they load with the first screen
 * that talks to the API rather than with the landing page.
 */
import { apiMessages, type Lang, validationMessages } from '@agrivet/shared';
import { currentLang, i18n } from './index';

for (const lang of ['ar', 'en'] as const) {
  i18n.addResourceBundle(
    lang,
    'translation',
    { validation: validationMessages[lang], api: apiMessages[lang] },
    true,
    false,
  );
}

/** The API answers in Arabic; in English mode show the English twin of a known message. */
export function localizeApiMessage(message: string, lang: Lang = currentLang()): string {
  if (lang === 'ar') return message;
  const key = (Object.keys(apiMessages.ar) as (keyof typeof apiMessages.ar)[]).find(
    (k) => apiMessages.ar[k] === message,
  );
  return key ? apiMessages.en[key] : message;
}
