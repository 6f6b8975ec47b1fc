/**
 * The yup schemas of SPEC.md §5, shared by the client's forms and the API's validation.
 * Each factory takes the language of its messages: the API uses 'ar', the client the UI language.
 * Numbers and phones accept Arabic-Indic digits; numeric strings from multipart forms are cast.
 */
import * as yup from 'yup';
import { ORDER_STATUSES, PRODUCT_TYPES, REGISTER_TYPES, STORE_TYPES, USER_STATUSES } from './enums';
import type { Lang } from './entities';
import { orderStageFields, storeInboxSchema } from './inbox-schemas';
import { LIMITS } from './limits';
import { validationMessages } from './messages';
import { stripBidiControls, toLatinDigits } from './normalize';
import { PROVINCE_IDS } from './provinces';
import { noControlCharacters, textSchema } from './text-schema';

const m = (lang: Lang) => validationMessages[lang];

/** Number field that accepts "١٢", " 12 ", 12 and reports 'Must be a number' otherwise. */
const num = (lang: Lang) =>
  yup
    .number()
    .transform((value: unknown, original: unknown) => {
      if (typeof original === 'string') {
        const s = toLatinDigits(original.trim()).replace('\u066B', '.');
        if (s === '') return undefined;
        return /^-?\d+(\.\d+)?$/.test(s) ? Number(s) : Number.NaN;
      }
      return value;
    })
    .typeError(m(lang).mustBeNumber);

/** A database id: a positive integer that fits the 32-bit integer columns of PostgreSQL. */
const id = (lang: Lang) =>
  num(lang).integer(m(lang).invalidId).min(1, m(lang).invalidId).max(2_147_483_647, m(lang).invalidId);

/**
 * A phone as typed, cleaned: Arabic-Indic and Persian digits to 0-9; spaces, dashes and the bidi
 * marks a number copied from an Arabic screen carries (LRM/RLM/ALM, embeddings, isolates) removed.
 */
export const cleanPhone = (input: string): string =>
  toLatinDigits(input).replace(/[\s\u002D\u2010-\u2015\u2212\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g, '');

/**
 * The one stored form of a phone (docs/decisions.md "Phone numbers"): cleaned (`cleanPhone`), and a
 * Syrian number written internationally — `+963…`, `00963…`, or `963` followed by the 8–9 digits of a
 * Syrian number — becomes the national `0…` (a trunk 0 after the country code is dropped, not
 * doubled: `+963 0944…` is `0944…`). Anything else is returned cleaned, unchanged. Used by every
 * schema that takes a phone, login included, so `+963944444444` and `0944444444` are one account.
 */
export function canonicalPhone(input: string): string {
  const s = cleanPhone(input);
  const international = /^(?:\+|00)9630?(\d+)$/.exec(s) ?? /^9630?(\d{8,9})$/.exec(s);
  return international ? `0${international[1]}` : s;
}

/**
 * A search typed as a phone (digits, with + spaces and dashes, Arabic-Indic digits too), in its stored
 * form (`canonicalPhone`): `+963 944…` and `0944-444-444` find `0944444444`; null for any other search.
 */
export function phoneSearch(q: string): string | null {
  const latin = toLatinDigits(q);
  return /^[+\d\s-]+$/.test(latin) && /\d/.test(latin) ? canonicalPhone(latin) : null;
}

/**
 * A canonical phone the forms and the API accept: 7 to 15 digits with an optional `+`; a Syrian mobile
 * (`09…`) exactly 10 digits.
 */
export const isValidPhone = (canonical: string): boolean =>
  /^\+?\d{7,15}$/.test(canonical) && (!canonical.startsWith('09') || /^09\d{8}$/.test(canonical));

const phone = (lang: Lang) =>
  yup
    .string()
    .transform((v: unknown) => (typeof v === 'string' ? canonicalPhone(v) : v))
    .required(m(lang).required)
    .test({ name: 'phone', message: m(lang).invalidPhone, skipAbsent: true, test: (v) => isValidPhone(v) });

const password = (lang: Lang) =>
  noControlCharacters(
    yup
      .string()
      .required(m(lang).required)
      .min(LIMITS.passwordMin, m(lang).passwordTooShort)
      .max(LIMITS.passwordMax, m(lang).passwordTooLong),
    lang,
  );

const confirmation = (lang: Lang, ref = 'password') =>
  yup
    .string()
    .required(m(lang).required)
    .oneOf([yup.ref(ref)], m(lang).passwordsMatch);

/**
 * A name or title people read as an identity (user name, store name, product name, article title):
 * `textSchema` without bidi embedding/override/isolate controls, so one cannot be made to read as another.
 */
const nameText = (lang: Lang, max: number) =>
  textSchema(lang, max).transform((v: unknown) => (typeof v === 'string' ? stripBidiControls(v).trim() : v));

const bool = (lang: Lang) => yup.boolean().typeError(m(lang).invalidBoolean);

const oneOfNumbers = (lang: Lang, values: readonly number[]) => num(lang).oneOf([...values], m(lang).invalidChoice);

export const loginSchema = (lang: Lang = 'ar') =>
  yup.object({
    // only required (SPEC.md §5), not validated: whatever was accepted before still is, and the
    // lookup (and the login limits' key) is the canonical form
    phone: noControlCharacters(
      yup
        .string()
        .transform((v: unknown) => (typeof v === 'string' ? canonicalPhone(v) : v))
        .required(m(lang).required),
      lang,
    ),
    password: password(lang),
  });

export const registerSchema = (lang: Lang = 'ar') =>
  yup.object({
    phone: phone(lang),
    name: nameText(lang, LIMITS.nameMax).required(m(lang).required),
    type: oneOfNumbers(lang, REGISTER_TYPES).required(m(lang).required),
    password: password(lang),
    password_confirmation: confirmation(lang),
  });

export const changePasswordSchema = (lang: Lang = 'ar') =>
  yup.object({
    current_password: noControlCharacters(
      yup.string().required(m(lang).required).max(LIMITS.passwordMax, m(lang).passwordTooLong),
      lang,
    ),
    password: password(lang),
    password_confirmation: confirmation(lang),
  });

export const forgetPasswordSchema = (lang: Lang = 'ar') => yup.object({ phone: phone(lang) });

/** Admin sets a temporary password for a user who asked on /forget-password. */
export const setPasswordSchema = (lang: Lang = 'ar') => yup.object({ password: password(lang) });

export const postSchema = (lang: Lang = 'ar') =>
  yup.object({
    title: nameText(lang, LIMITS.titleMax).required(m(lang).required),
    description: textSchema(lang, LIMITS.articleMax).required(m(lang).required),
    is_special: bool(lang).default(false),
  });

const province = (lang: Lang) => num(lang).oneOf([...PROVINCE_IDS], m(lang).invalidProvince);

export const storeSchema = (lang: Lang = 'ar') =>
  yup
    .object({
      /** Admin only: the owner of the new store. */
      user_id: id(lang).optional(),
      city: num(lang)
        .oneOf([...PROVINCE_IDS], m(lang).invalidProvince)
        .required(m(lang).required),
      address: textSchema(lang, LIMITS.addressMax).required(m(lang).required),
      name_store: nameText(lang, LIMITS.storeNameMax).required(m(lang).required),
      type: oneOfNumbers(lang, STORE_TYPES).required(m(lang).required),
      /** Admin only (CONTRACT.md §7); the API refuses a change of it from the owner. */
      verified: bool(lang).optional(),
    })
    /** Opening hours and away message (CONTRACT.md §8), optional. */
    .concat(storeInboxSchema(lang));

/** store/update/{id} with `verified` alone: the admin marks a store verified (or not). */
export const storeVerifySchema = (lang: Lang = 'ar') => yup.object({ verified: bool(lang).required(m(lang).required) });

export const productSchema = (lang: Lang = 'ar') =>
  yup.object({
    store_id: id(lang).optional(),
    name: nameText(lang, LIMITS.productNameMax).required(m(lang).required),
    type: oneOfNumbers(lang, PRODUCT_TYPES).required(m(lang).required),
    price: num(lang)
      .required(m(lang).required)
      .min(0, m(lang).minZero)
      .max(LIMITS.priceMaxCents / 100, m(lang).priceTooHigh)
      .test('decimals', m(lang).priceDecimals, (v) => v === undefined || Number.isInteger(Math.round(v * 1e6) / 1e4)),
    is_special: bool(lang).required(m(lang).required),
    description: textSchema(lang, LIMITS.descriptionMax).optional().nullable(),
  });

export const quantitySchema = (lang: Lang = 'ar') =>
  yup.object({
    quantity: num(lang)
      .required(m(lang).required)
      .integer(m(lang).integer)
      .min(LIMITS.quantityMin, m(lang).minQuantity)
      .max(LIMITS.quantityMax, m(lang).maxQuantity),
  });

export const clientIdSchema = (lang: Lang = 'ar') =>
  noControlCharacters(yup.string().trim().max(LIMITS.clientIdMax), lang).optional();

/** Where an order goes (CONTRACT.md §7): province 1-12, address and phone required, a short note. */
export const deliverySchema = (lang: Lang = 'ar') =>
  yup.object({
    province: province(lang).required(m(lang).required),
    address: textSchema(lang, LIMITS.addressMax).required(m(lang).required),
    phone: phone(lang),
    note: textSchema(lang, LIMITS.deliveryNoteMax).optional().nullable(),
  });

export const orderCreateSchema = (lang: Lang = 'ar') =>
  yup.object({
    user_id: id(lang).optional(),
    store_id: id(lang).required(m(lang).required),
    total: num(lang).required(m(lang).required).min(0, m(lang).minZero),
    items: yup
      .array(
        yup.object({
          product_id: id(lang).required(m(lang).required),
          quantity: quantitySchema(lang).fields.quantity,
        }),
      )
      .required(m(lang).itemsRequired)
      .min(1, m(lang).itemsRequired)
      .max(LIMITS.orderItemsMax, m(lang).tooManyItems),
    client_id: clientIdSchema(lang),
    delivery: deliverySchema(lang)
      .default(undefined)
      .required(m(lang).deliveryRequired)
      .typeError(m(lang).deliveryRequired),
  });

/** order/update/{id} (CONTRACT.md §8): status and/or stage, eta; `status: 2` needs a reason (the API checks). */
export const orderUpdateSchema = (lang: Lang = 'ar') =>
  yup
    .object({ status: oneOfNumbers(lang, ORDER_STATUSES).optional(), ...orderStageFields(lang) })
    .test('something', m(lang).required, (value, ctx) =>
      value?.status !== undefined || value?.stage !== undefined || value?.eta !== undefined
        ? true
        : ctx.createError({ path: 'status', message: m(lang).required }),
    );

/** order/rate/{id}: the buyer's 1-5 rating of a completed order, with an optional comment. */
export const orderRateSchema = (lang: Lang = 'ar') =>
  yup.object({
    rating: num(lang)
      .required(m(lang).required)
      .integer(m(lang).ratingRange)
      .min(LIMITS.ratingMin, m(lang).ratingRange)
      .max(LIMITS.ratingMax, m(lang).ratingRange),
    comment: textSchema(lang, LIMITS.reviewCommentMax).optional().nullable(),
  });

export const conversationCreateSchema = (lang: Lang = 'ar') =>
  yup.object({
    sender_id: id(lang).optional(),
    receiver_id: id(lang).optional(),
    store_id: id(lang).required(m(lang).required),
  });

/** conversation/update/{id}: the read and/or delivered pointer (at least one). */
export const conversationReadSchema = (lang: Lang = 'ar') =>
  yup
    .object({
      last_read_message_id: num(lang).integer(m(lang).integer).min(0).optional(),
      last_delivered_message_id: num(lang).integer(m(lang).integer).min(0).optional(),
    })
    .test('one-pointer', m(lang).required, (value, ctx) =>
      value?.last_read_message_id !== undefined || value?.last_delivered_message_id !== undefined
        ? true
        : ctx.createError({ path: 'last_read_message_id', message: m(lang).required }),
    );

/**
 * The attachment is an earlier `POST upload` (`upload_id`), or — the older way — an image file
 * (multipart `image`, socket binary); the API checks "text or attachment".
 */
export const messageCreateSchema = (lang: Lang = 'ar') =>
  yup.object({
    conversation_id: id(lang).required(m(lang).required),
    user_id: id(lang).optional(),
    message: textSchema(lang, LIMITS.messageMax).optional().nullable(),
    upload_id: id(lang).optional().nullable(),
    client_id: clientIdSchema(lang),
    /** A product card (CONTRACT.md §8): a product of the conversation's store. */
    product_id: id(lang).optional().nullable(),
  });

/** base64url without padding (Web Push keys). */
const base64url = (lang: Lang, bytes: number) =>
  yup
    .string()
    .typeError(m(lang).invalidChoice)
    .required(m(lang).required)
    .test('base64url', m(lang).invalidChoice, (v) => {
      if (typeof v !== 'string' || !/^[A-Za-z0-9_-]+={0,2}$/.test(v)) return false;
      const clean = v.replace(/=+$/, '');
      return Math.floor((clean.length * 3) / 4) === bytes;
    });

/**
 * push/subscribe: the browser's subscription. `keys.p256dh` is an uncompressed P-256 point (65
 * bytes), `keys.auth` 16 bytes. Which endpoint URLs are allowed is the API's check (https only).
 */
export const pushSubscribeSchema = (lang: Lang = 'ar') =>
  yup.object({
    endpoint: noControlCharacters(
      yup
        .string()
        .typeError(m(lang).invalidChoice)
        .required(m(lang).required)
        .max(LIMITS.pushEndpointMax, m(lang).textTooLong),
      lang,
    ),
    keys: yup
      .object({ p256dh: base64url(lang, 65), auth: base64url(lang, 16) })
      .default(undefined)
      .required(m(lang).required)
      .typeError(m(lang).invalidChoice),
  });

export const pushUnsubscribeSchema = (lang: Lang = 'ar') =>
  yup.object({
    endpoint: noControlCharacters(
      yup
        .string()
        .typeError(m(lang).invalidChoice)
        .required(m(lang).required)
        .max(LIMITS.pushEndpointMax, m(lang).textTooLong),
      lang,
    ),
  });

export const userUpdateSchema = (lang: Lang = 'ar') =>
  yup.object({
    name: nameText(lang, LIMITS.nameMax).min(1, m(lang).required).optional(),
    phone: phone(lang).optional().default(undefined).notRequired(),
    address: textSchema(lang, LIMITS.addressMax).optional().nullable(),
    /** The user's province for deliveries; null clears it. */
    province: province(lang).optional().nullable(),
    status: oneOfNumbers(lang, USER_STATUSES).optional(),
  });

/** Turns a yup ValidationError into `{field: message}` (first message per field). */
export function validationErrorFields(err: unknown): Record<string, string> {
  const fields: Record<string, string> = {};
  if (err instanceof yup.ValidationError) {
    const list = err.inner.length > 0 ? err.inner : [err];
    for (const e of list) {
      const key = e.path ?? '_';
      if (!(key in fields)) fields[key] = e.message;
    }
  }
  return fields;
}

export { yup };
