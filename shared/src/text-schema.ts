/**
 * The text field every schema shares (CONTRACT.md §7 "Text"), apart from schemas.ts so the inbox's and
 * the subscriptions' schemas use the same one without importing all of SPEC.md §5's schemas.
 */
import * as yup from 'yup';
import type { Lang } from './entities';
import { validationMessages } from './messages';
import { hasControlCharacters } from './normalize';

/** CONTRACT.md §7 "Text": NUL and control characters other than tab and newline are refused. */
export const noControlCharacters = <S extends yup.StringSchema<string | undefined | null>>(schema: S, lang: Lang): S =>
  schema.test(
    'control-characters',
    validationMessages[lang].controlCharacters,
    (v) => typeof v !== 'string' || !hasControlCharacters(v),
  ) as S;

/**
 * Trimmed text up to `max` characters, CRLF turned into LF, control characters refused (CONTRACT.md
 * §7). Trims in its own transform (not yup's `.trim()`, which throws a TypeError on an object or
 * array given for the field): a non-string stays as it is and fails the type check with a field message.
 */
export const textSchema = (lang: Lang, max: number) =>
  noControlCharacters(
    yup
      .string()
      .transform((v: unknown) => (typeof v === 'string' ? v.replace(/\r\n/g, '\n').trim() : v))
      .typeError(validationMessages[lang].invalidChoice)
      .max(max, validationMessages[lang].textTooLong),
    lang,
  );
