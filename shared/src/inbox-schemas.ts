/**
 * The yup schemas of the store inbox and the order lifecycle (CONTRACT.md §8), apart from
 * inbox.ts's types, labels and opening hours: a screen that only shows a card or a store's hours
 * does not load yup with them.
 */
import * as yup from 'yup';
import type { Lang } from './entities';
import { INBOX_LIMITS, inboxMessages, ORDER_STAGES, TIME_PATTERN as TIME } from './inbox';
import { validationMessages } from './messages';
import { textSchema } from './text-schema';

const m = (lang: Lang) => ({ ...validationMessages[lang], ...inboxMessages[lang] });

const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
/** Letters (any script) and digits, 1-30. */
const SHORTCUT = /^[\p{L}\p{N}]{1,30}$/u;

const boolField = (lang: Lang) => yup.boolean().typeError(m(lang).invalidBoolean);

/** Hours arrive as an array (JSON) or its JSON text (multipart forms). */
export const storeHoursSchema = (lang: Lang = 'ar') =>
  yup
    .array(
      yup
        .object({
          day: yup
            .number()
            .typeError(m(lang).invalidHours)
            .integer(m(lang).invalidHours)
            .min(0, m(lang).invalidHours)
            .max(6, m(lang).invalidHours)
            .required(m(lang).required),
          open: yup
            .string()
            .typeError(m(lang).invalidTime)
            .required(m(lang).required)
            .matches(TIME, m(lang).invalidTime),
          close: yup
            .string()
            .typeError(m(lang).invalidTime)
            .required(m(lang).required)
            .matches(TIME, m(lang).invalidTime),
        })
        .typeError(m(lang).invalidHours),
    )
    .transform((value: unknown, original: unknown) => {
      if (typeof original !== 'string') return value;
      try {
        return JSON.parse(original) as unknown;
      } catch {
        return original;
      }
    })
    .typeError(m(lang).invalidHours)
    .max(INBOX_LIMITS.hoursEntriesMax, m(lang).invalidHours);

/** The inbox fields of store/create and store/update (with the store's other fields, or alone). */
export const storeInboxSchema = (lang: Lang = 'ar') =>
  yup.object({
    hours: storeHoursSchema(lang).optional(),
    away_message: textSchema(lang, INBOX_LIMITS.awayMessageMax).optional().nullable(),
  });

export const quickReplySchema = (lang: Lang = 'ar') =>
  yup.object({
    shortcut: yup
      .string()
      .transform((v: unknown) => (typeof v === 'string' ? v.trim().replace(/^\//, '') : v))
      .typeError(m(lang).shortcutFormat)
      .required(m(lang).required)
      .matches(SHORTCUT, m(lang).shortcutFormat),
    text: textSchema(lang, INBOX_LIMITS.quickReplyTextMax).required(m(lang).required),
  });

export const conversationResolveSchema = (lang: Lang = 'ar') =>
  yup.object({ resolved: boolField(lang).required(m(lang).required) });

/** order/cancel/{id}: the buyer's optional reason. */
export const orderCancelSchema = (lang: Lang = 'ar') =>
  yup.object({ reason: textSchema(lang, INBOX_LIMITS.orderReasonMax).optional().nullable() });

/** The stage, eta and reason fields of order/update/{id} (status is in orderUpdateSchema). */
export const orderStageFields = (lang: Lang = 'ar') => ({
  stage: yup
    .string()
    .typeError(m(lang).invalidChoice)
    .oneOf([...ORDER_STAGES], m(lang).invalidChoice)
    .optional(),
  eta: yup
    .string()
    .typeError(m(lang).invalidDate)
    .transform((v: unknown) => (typeof v === 'string' ? v.trim() : v))
    .matches(DATE, { message: m(lang).invalidDate, excludeEmptyString: true })
    .optional()
    .nullable(),
  reason: textSchema(lang, INBOX_LIMITS.orderReasonMax).optional().nullable(),
});
