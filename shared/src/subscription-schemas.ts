/**
 * The yup schemas of subscriptions, reports and blocks (CONTRACT.md §8), apart from subscriptions.ts's
 * plans, labels and dates: a screen that only shows a label does not load yup with them.
 */
import * as yup from 'yup';
import type { Lang } from './entities';
import { validationMessages } from './messages';
import { toLatinDigits } from './normalize';
import { OVERSIGHT_LIMITS, PAYMENT_METHODS, REPORT_ACTIONS, REPORT_REASONS, SUBSCRIPTION_PLANS } from './subscriptions';
import { textSchema } from './text-schema';

// ---------- schemas ----------

const msg = (lang: Lang) => validationMessages[lang];

const choice = <T extends string>(lang: Lang, values: readonly T[]) =>
  yup
    .string()
    .typeError(msg(lang).invalidChoice)
    .oneOf([...values], msg(lang).invalidChoice);

const optionalText = (lang: Lang, max: number) => textSchema(lang, max).optional().nullable();

const intField = (lang: Lang) =>
  yup
    .number()
    .transform((value: unknown, original: unknown) => {
      if (typeof original === 'string') {
        const s = toLatinDigits(original.trim());
        if (s === '') return undefined;
        return /^-?\d+(\.\d+)?$/.test(s) ? Number(s) : Number.NaN;
      }
      return value;
    })
    .typeError(msg(lang).mustBeNumber)
    .integer(msg(lang).integer);

const idField = (lang: Lang) =>
  intField(lang).min(1, msg(lang).invalidId).max(2_147_483_647, msg(lang).invalidId).typeError(msg(lang).invalidId);

const boolField = (lang: Lang) => yup.boolean().typeError(msg(lang).invalidBoolean);

/** POST subscription/request (store account). */
export const subscriptionRequestSchema = (lang: Lang = 'ar') =>
  yup.object({
    plan: choice(lang, SUBSCRIPTION_PLANS).required(msg(lang).required),
    method: choice(lang, PAYMENT_METHODS).required(msg(lang).required),
    reference: optionalText(lang, OVERSIGHT_LIMITS.referenceMax),
  });

/** POST subscription/payment (admin). `amount_cents` must be the plan's price (checked by the API). */
export const subscriptionPaymentSchema = (lang: Lang = 'ar') =>
  yup.object({
    user_id: idField(lang).required(msg(lang).required),
    plan: choice(lang, SUBSCRIPTION_PLANS).required(msg(lang).required),
    method: choice(lang, PAYMENT_METHODS).required(msg(lang).required),
    amount_cents: intField(lang)
      .min(0, msg(lang).minZero)
      .max(100_000_000, msg(lang).priceTooHigh)
      .required(msg(lang).required),
    reference: optionalText(lang, OVERSIGHT_LIMITS.referenceMax),
    request_id: idField(lang).optional().nullable(),
  });

/** POST user/block/{id} (admin). */
export const userBlockSchema = (lang: Lang = 'ar') =>
  yup.object({
    blocked: boolField(lang).required(msg(lang).required),
    reason: optionalText(lang, OVERSIGHT_LIMITS.reasonMax),
  });

/** POST conversation/block/{id} (a participant). */
export const conversationBlockSchema = (lang: Lang = 'ar') =>
  yup.object({ blocked: boolField(lang).required(msg(lang).required) });

/** POST report/create (a participant): a message or the conversation. */
export const reportCreateSchema = (lang: Lang = 'ar') =>
  yup.object({
    message_id: idField(lang).optional().nullable(),
    conversation_id: idField(lang).optional().nullable(),
    reason: choice(lang, REPORT_REASONS).required(msg(lang).required),
    note: optionalText(lang, OVERSIGHT_LIMITS.noteMax),
  });

/** POST report/resolve/{id} (admin); `reason` is the block's reason with `block_user`. */
export const reportResolveSchema = (lang: Lang = 'ar') =>
  yup.object({
    action: choice(lang, REPORT_ACTIONS).required(msg(lang).required),
    reason: optionalText(lang, OVERSIGHT_LIMITS.reasonMax),
  });
