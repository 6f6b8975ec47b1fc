/**
 * One error shape for the whole API (CONTRACT.md §3, §7): throw an HttpError (or use the factories)
 * and the error handler answers `{status, error: {code, message, fields?}}` — `code` a stable
 * identifier of shared/src/errors.ts that programs decide on, `message` the Arabic text for people.
 * Each factory states its code; a code always goes with its own status (ERROR_CODE_STATUS).
 */
import {
  type ApiMessageKey,
  apiMessages,
  ERROR_CODE_STATUS,
  type ErrorCode,
  errorCodeForStatus,
  errorCodeMessages,
} from '@agrivet/shared';

export class HttpError extends Error {
  override name = 'HttpError';
  readonly code: ErrorCode;
  constructor(
    readonly status: number,
    message: string,
    readonly fields?: Record<string, string>,
    /** Default: the general code of the status (errorCodeForStatus); give it where a more precise one exists. */
    code: ErrorCode = errorCodeForStatus(status),
    /** Seconds until a retry may succeed: sent as `Retry-After` (every 429 has one). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    if (ERROR_CODE_STATUS[code] !== status) {
      throw new Error(`error code ${code} goes with status ${ERROR_CODE_STATUS[code]}, not ${status}`);
    }
    this.code = code;
  }
}

const ar = (key: ApiMessageKey): string => apiMessages.ar[key];

/** A request body (JSON, form fields) over its limit: not a file, so not fileTooLarge's "5 MB". */
export const BODY_TOO_LARGE = 'حجم الطلب كبير جداً';

/**
 * A body that cannot be read (malformed JSON or multipart): 422 'صيغة الطلب غير صالحة' without `fields`
 * (CONTRACT.md §3 has no 400; the input is invalid as a whole).
 */
export const malformedBody = () => new HttpError(422, ar('badJson'), undefined, 'validation_failed');
/** 401 `unauthenticated`: no token, or an unknown, revoked or expired one (or one its account's block revoked). */
export const unauthorized = (key: 'unauthorized' | 'invalidToken' | 'accountBlocked' = 'unauthorized') =>
  new HttpError(401, ar(key), undefined, 'unauthenticated');
/** 401 `unauthenticated`: a login with a wrong phone or password. */
export const badCredentials = () => new HttpError(401, ar('badCredentials'), undefined, 'unauthenticated');
/** 403 `forbidden`: signed in, but not allowed. */
export const forbidden = (key: ApiMessageKey = 'forbidden') => new HttpError(403, ar(key), undefined, 'forbidden');
/** 403 `subscription_expired`: a disabled store account (status 1) trying a dashboard write. */
export const subscriptionExpired = () =>
  new HttpError(403, ar('subscriptionExpired'), undefined, 'subscription_expired');
/** 404 `not_found`: an unknown item (or route). */
export const notFound = (key: ApiMessageKey = 'notFound') => new HttpError(404, ar(key), undefined, 'not_found');
/** 409 `conflict`: the item exists already (a phone number, a store). */
export const conflict = (key: ApiMessageKey) => new HttpError(409, ar(key), undefined, 'conflict');
/** 409 `conflict` with `fields.phone`: the phone number belongs to another account (CONTRACT.md §8). */
export const phoneTaken = () => new HttpError(409, ar('phoneTaken'), { phone: ar('phoneTaken') }, 'conflict');
/** 413 `too_large`: a file over its limit. */
export const tooLarge = (key: ApiMessageKey = 'fileTooLarge') => new HttpError(413, ar(key), undefined, 'too_large');
/** 413 `too_large`: a body (JSON, form fields) over its limit. */
export const bodyTooLarge = () => new HttpError(413, BODY_TOO_LARGE, undefined, 'too_large');
/** 429 `rate_limited` with `Retry-After: retryAfterSeconds` (at least 1). */
export const tooManyRequests = (retryAfterSeconds: number, key: ApiMessageKey = 'tooManyRequests') =>
  new HttpError(429, ar(key), undefined, 'rate_limited', Math.max(1, Math.ceil(retryAfterSeconds)));
/** 422 `validation_failed` with per-field messages. */
export const invalid = (fields: Record<string, string>, key: ApiMessageKey = 'validation') =>
  new HttpError(422, ar(key), fields, 'validation_failed');
/** 422 `store_unavailable`: an order for a store whose account is disabled (CONTRACT.md §7). */
export const storeUnavailable = () =>
  new HttpError(422, errorCodeMessages.ar.store_unavailable, undefined, 'store_unavailable');
/** 422 `validation_failed` for one field, e.g. `invalidField('image', 'notAnImage')`. */
export const invalidField = (field: string, key: ApiMessageKey) =>
  new HttpError(422, ar(key), { [field]: ar(key) }, 'validation_failed');

/** 403 `blocked`: a blocked account signing in, or a message to someone who blocked the sender (CONTRACT.md §8). */
export const blockedError = (key: 'accountBlocked' | 'blockedInConversation' = 'accountBlocked') =>
  new HttpError(403, ar(key), undefined, 'blocked');
/** 409 `not_allowed_now`: not in the item's present state (e.g. a report already handled). */
export const notAllowedNow = (key: ApiMessageKey) => new HttpError(409, ar(key), undefined, 'not_allowed_now');
