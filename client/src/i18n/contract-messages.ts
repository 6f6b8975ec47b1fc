/**
 * The text of an API failure in the UI language, from the shared catalogues (CONTRACT.md §3, §7,
 * SPEC.md §5; in i18next as `validation.*`, `api.*`, `apiError.*`: index.ts). Behaviour is decided on
 * `ApiError.code` (lib/api-error.ts); nothing here decides anything, it only says it. Used by the api
 * client and the realtime adapter (through lib/api-failure.ts).
 */
import {
  type ApiMessageKey,
  apiMessages,
  type ErrorCode,
  errorCodeMessages,
  type Lang,
  validationMessages,
} from '@agrivet/shared';
import { currentLang } from './index';

/** What the client knows of a failed call besides its code (never the text of the message). */
export interface FailureContext {
  /** The operation: the API path relative to /api ('auth/login', 'user/update/5') or the socket event. */
  operation?: string;
  /** The request carried a bearer token. */
  withToken?: boolean;
}

/**
 * English messages more precise than the code's general one, where the operation says which refusal
 * it is (the API has one refusal of that code on that call): login's 401 is a wrong phone or password,
 * register's 409 a phone already taken …
 */
const SPECIFIC: readonly { code: ErrorCode; operation: RegExp; key: ApiMessageKey }[] = [
  { code: 'unauthenticated', operation: /^auth\/login$/, key: 'badCredentials' },
  { code: 'conflict', operation: /^(auth\/register|user\/update\/\d+)$/, key: 'phoneTaken' },
  { code: 'conflict', operation: /^store\/create$/, key: 'storeExists' },
  { code: 'rate_limited', operation: /^auth\/(login|change-password)$/, key: 'tooManyAttempts' },
];

type Catalogue = Record<string, string>;
const arToEn = new Map<string, string>();
for (const [ar, en] of [
  [validationMessages.ar, validationMessages.en],
  [apiMessages.ar, apiMessages.en],
] as [Catalogue, Catalogue][]) {
  for (const key of Object.keys(ar)) if (!arToEn.has(ar[key])) arToEn.set(ar[key], en[key]);
}

/**
 * A field message (the API sends them in Arabic, from the shared catalogues) in the UI language —
 * for display only: a field message has no code, and no behaviour may depend on its text. A message
 * the catalogues do not know is shown as sent.
 */
export function localizeFieldMessage(message: string, lang: Lang = currentLang()): string {
  return lang === 'ar' ? message : (arToEn.get(message) ?? message);
}

export function localizeFieldMessages(fields: Record<string, string>, lang: Lang = currentLang()) {
  return Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, localizeFieldMessage(v, lang)]));
}

/**
 * The message of an API refusal in the UI language. Arabic: the API's own message (the most precise),
 * or the code's general one when it sent none. English, by code: a message the operation makes more
 * precise (SPECIFIC), 'session expired' for a 401 on a request that carried a token, the message of
 * the one field at fault, else `errorCodeMessages.en[code]`.
 */
export function apiErrorMessage(
  code: ErrorCode,
  failure: { message?: string; fields?: Record<string, string> },
  context: FailureContext = {},
  lang: Lang = currentLang(),
): string {
  if (lang === 'ar') return failure.message || errorCodeMessages.ar[code];
  const operation = context.operation?.replace(/^\/+/, '').split('?')[0];
  const specific = operation ? SPECIFIC.find((s) => s.code === code && s.operation.test(operation)) : undefined;
  if (specific) return apiMessages.en[specific.key];
  if (code === 'unauthenticated' && context.withToken) {
    // a session its account's block ended says so (CONTRACT.md §8), any other just that it ended
    return failure.message === apiMessages.ar.accountBlocked
      ? apiMessages.en.accountBlocked
      : apiMessages.en.invalidToken;
  }
  const fieldMessages = Object.values(failure.fields ?? {});
  if (fieldMessages.length === 1 && arToEn.has(fieldMessages[0])) return localizeFieldMessage(fieldMessages[0], lang);
  return errorCodeMessages.en[code];
}
