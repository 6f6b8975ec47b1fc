/**
 * Validation with the shared yup schemas (the forms use the same ones): abortEarly false,
 * stripUnknown, the parsed value replaces the input; failures are 422 with `fields`.
 *   const body = await validate(productSchema('ar'), req.body);
 */
import { hasControlCharacters, toLatinDigits, validationErrorFields, validationMessages, yup } from '@agrivet/shared';
import type { RequestHandler } from 'express';
import { invalid } from './errors';

const msg = validationMessages.ar;

// Arabic defaults for the messages the shared schemas leave to yup (wrong types etc.).
// Must run before any schema is built: every route imports this module first.
yup.setLocale({
  mixed: {
    default: msg.invalidChoice,
    required: msg.required,
    defined: msg.required,
    notNull: msg.required,
    oneOf: msg.invalidChoice,
    notOneOf: msg.invalidChoice,
    notType: msg.invalidChoice,
  },
  string: {
    min: msg.tooShort,
    max: msg.textTooLong,
    length: msg.invalidChoice,
    matches: msg.invalidChoice,
    email: msg.invalidChoice,
    url: msg.invalidChoice,
    uuid: msg.invalidChoice,
    trim: msg.invalidChoice,
  },
  number: {
    min: msg.minZero,
    max: msg.invalidChoice,
    integer: msg.integer,
    positive: msg.invalidChoice,
    negative: msg.invalidChoice,
    lessThan: msg.invalidChoice,
    moreThan: msg.invalidChoice,
  },
  boolean: { isValue: msg.invalidBoolean },
  array: { min: msg.itemsRequired, max: msg.tooManyItems, length: msg.invalidChoice },
  object: { noUnknown: msg.invalidChoice },
});

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Keeps only the schema's own fields (unknown keys such as "valueOf" or "__proto__" never reach
 * yup) and treats the strings "null" / "undefined" that form clients send as absent.
 */
function ownFields(input: Record<string, unknown>, known: string[] | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(input)) {
    if (known && !known.includes(k)) continue;
    out[k] = v === 'null' || v === 'undefined' ? undefined : v;
  }
  return out;
}

/** Anything with yup's `validateSync` (every shared object schema). */
export interface Validator<T> {
  validateSync(value: unknown, options: { abortEarly: boolean; stripUnknown: boolean }): T;
  fields?: Record<string, unknown>;
}

/**
 * Objects and arrays given for scalar fields are refused up front: some yup transforms (trim)
 * would throw a TypeError on them instead of reporting a validation error.
 */
function refuseNonScalars(schema: Validator<unknown>, body: Record<string, unknown>): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [key, field] of Object.entries(schema.fields ?? {})) {
    const type = (field as { type?: string }).type;
    const value = body[key];
    if (type !== 'object' && type !== 'array' && typeof value === 'object' && value !== null) {
      fields[key] = msg.invalidChoice;
      body[key] = undefined;
    }
  }
  return fields;
}

/**
 * Every string of the body (nested objects and arrays too) with NUL or another control character
 * (CONTRACT.md §7 "Text"), by yup's path (`delivery.address`, `items[0].product_id`): the shared
 * text fields refuse them too, this covers every other field of every schema (PostgreSQL cannot store
 * a NUL, and no field of this API has a use for one).
 */
function refuseControlCharacters(value: unknown, path: string, fields: Record<string, string>): void {
  if (typeof value === 'string') {
    // CRLF is a line break: a browser sends a textarea's lines so in a form (the text fields keep LF)
    if (hasControlCharacters(value.replace(/\r\n/g, '\n'))) fields[path] = msg.controlCharacters;
  } else if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) refuseControlCharacters(v, `${path}[${i}]`, fields);
  } else if (isPlainObject(value)) {
    for (const [k, v] of Object.entries(value)) refuseControlCharacters(v, path ? `${path}.${k}` : k, fields);
  }
}

export async function validate<T>(schema: Validator<T>, input: unknown): Promise<T> {
  const known = schema.fields ? Object.keys(schema.fields) : undefined;
  const body = isPlainObject(input) ? ownFields(input, known) : {};
  const early = refuseNonScalars(schema, body);
  refuseControlCharacters(body, '', early);
  let value: T | undefined;
  let fields: Record<string, string> = {};
  try {
    // synchronous: the shared schemas have no asynchronous tests (yup would throw on one here), and
    // yup's promise-per-test validation costs several times more CPU on every write
    value = schema.validateSync(body, { abortEarly: false, stripUnknown: true });
  } catch (err) {
    if (!(err instanceof yup.ValidationError)) throw err;
    fields = validationErrorFields(err);
  }
  const all = { ...fields, ...early };
  if (Object.keys(all).length > 0 || value === undefined) throw invalid(all);
  return value;
}

/** Middleware form: replaces req.body with the parsed value. */
export function validateBody<T>(schema: Validator<T>): RequestHandler {
  return async (req, _res, next) => {
    req.body = await validate(schema, req.body);
    next();
  };
}

/** A query value (string, or a list of them when the key repeats) with a control character in it. */
const queryHasControlCharacters = (value: unknown): boolean =>
  typeof value === 'string'
    ? hasControlCharacters(value)
    : Array.isArray(value)
      ? value.some(queryHasControlCharacters)
      : isPlainObject(value) && Object.values(value).some(queryHasControlCharacters);

/**
 * Mounted before the routes (CONTRACT.md §7 "Text"): a query value or a path segment (the ids of
 * `/get/{id}`) with NUL or another control character is 422 `validation_failed`, with a message on
 * that query key (or on `id` for the path) — never a 500 from the database or a silent 404.
 */
export const refuseControlCharactersInUrl: RequestHandler = (req, _res, next) => {
  const fields: Record<string, string> = {};
  for (const [key, value] of Object.entries(req.query as Record<string, unknown>)) {
    if (hasControlCharacters(key) || queryHasControlCharacters(value)) fields[key] = msg.controlCharacters;
  }
  let path = req.path;
  try {
    path = decodeURIComponent(path);
  } catch {
    // a malformed escape: Express answers it itself when it decodes the route parameters
  }
  if (hasControlCharacters(path)) fields.id = msg.controlCharacters;
  if (Object.keys(fields).length > 0) throw invalid(fields);
  next();
};

/**
 * A positive integer route parameter (`/get/:id`, Arabic-Indic digits accepted: `/get/١٢`);
 * anything else is 404 (no such item).
 */
export function idParam(value: unknown): number | null {
  if (typeof value !== 'string') return null;
  const latin = toLatinDigits(value);
  if (!/^[0-9]{1,9}$/.test(latin)) return null;
  const n = Number(latin);
  return n >= 1 ? n : null;
}

/** An optional id field (e.g. `user_id` in a form), Arabic-Indic digits accepted. */
export const optionalId = () =>
  yup
    .number()
    .transform((value: unknown, original: unknown) => {
      if (typeof original !== 'string') return value;
      const s = toLatinDigits(original.trim());
      if (s === '') return undefined;
      return /^\d+$/.test(s) ? Number(s) : Number.NaN;
    })
    .typeError(msg.invalidId)
    .integer(msg.invalidId)
    .min(1, msg.invalidId)
    .optional();

/**
 * A query parameter that must be one of `choices` (`?state=open|closed`): absent or empty, `fallback`;
 * anything else — another word, a repeated parameter — an Arabic 422 on that field.
 */
export function queryChoice<T extends string, F extends T | null>(
  query: Record<string, unknown>,
  field: string,
  choices: readonly T[],
  fallback: F,
): T | F {
  const value = query[field];
  if (value === undefined || value === '') return fallback;
  if (typeof value === 'string' && (choices as readonly string[]).includes(value)) return value as T;
  throw invalid({ [field]: validationMessages.ar.invalidChoice });
}

/** The states of a queue's items (reports, renewal requests) as a list filter takes them. */
export const OPEN_OR_CLOSED = ['open', 'closed'] as const;
