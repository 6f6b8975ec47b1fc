/**
 * One error shape for the whole API (CONTRACT.md §3): throw an HttpError (or use the factories)
 * and the error handler answers `{status, error: {message, fields?}}` with the Arabic message.
 */
import { type ApiMessageKey, apiMessages } from '@agrivet/shared';

export class HttpError extends Error {
  override name = 'HttpError';
  constructor(
    readonly status: number,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

const ar = (key: ApiMessageKey): string => apiMessages.ar[key];

/** A request body (JSON, form fields) over its limit: not a file, so not fileTooLarge's "5 MB". */
export const BODY_TOO_LARGE = 'حجم الطلب كبير جداً';

/**
 * A body that cannot be read (malformed JSON or multipart): 422 'صيغة الطلب غير صالحة' without `fields`
 * (CONTRACT.md §3 has no 400; the input is invalid as a whole).
 */
export const malformedBody = () => new HttpError(422, ar('badJson'));
export const unauthorized = (key: 'unauthorized' | 'invalidToken' = 'unauthorized') => new HttpError(401, ar(key));
export const forbidden = (key: ApiMessageKey = 'forbidden') => new HttpError(403, ar(key));
export const notFound = (key: ApiMessageKey = 'notFound') => new HttpError(404, ar(key));
export const conflict = (key: ApiMessageKey) => new HttpError(409, ar(key));
export const tooLarge = (key: ApiMessageKey = 'fileTooLarge') => new HttpError(413, ar(key));
export const tooManyRequests = (key: ApiMessageKey = 'tooManyRequests') => new HttpError(429, ar(key));
/** 422 with per-field messages. */
export const invalid = (fields: Record<string, string>, key: ApiMessageKey = 'validation') =>
  new HttpError(422, ar(key), fields);
/** 422 for one field, e.g. `invalidField('image', 'notAnImage')`. */
export const invalidField = (field: string, key: ApiMessageKey) => new HttpError(422, ar(key), { [field]: ar(key) });
