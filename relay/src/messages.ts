/**
 * The envelopes the relay itself answers with (every other one is the API's, forwarded unchanged).
 * Each names its `error.code` (CONTRACT.md §7) explicitly; the Arabic `message` is for people.
 * The API's own messages live in @agrivet/shared's apiMessages.
 */
import { type ApiFailure, type ApiResponse, apiMessages, type ErrorCode } from '@agrivet/shared';

export const relayMessages = {
  apiUnavailable: 'الخدمة غير متاحة حالياً، يرجى المحاولة بعد قليل',
  apiTimeout: 'انتهت مهلة الطلب، يرجى المحاولة من جديد',
  shuttingDown: 'الخادم يعيد التشغيل، يرجى المحاولة بعد قليل',
  payloadTooLarge: 'حجم البيانات المرسلة كبير جداً',
  notInConversation: 'يجب فتح المحادثة أولاً',
  imageOverSocket: 'تُرسل الصورة برفعها أولاً ثم إرسال رقم الرفع مع الرسالة',
} as const;

export const failure = (
  status: number,
  code: ErrorCode,
  message: string,
  fields?: Record<string, string>,
): ApiFailure => (fields ? { status, error: { code, message, fields } } : { status, error: { code, message } });

/** 422 with a message per field. */
export const invalid = (fields: Record<string, string>): ApiFailure =>
  failure(422, 'validation_failed', apiMessages.ar.validation, fields);

/** 413: an event over its size cap (`message` defaults to the relay's own). */
export const tooLarge = (message: string = relayMessages.payloadTooLarge): ApiFailure =>
  failure(413, 'too_large', message);

/**
 * 429: more events at once than the relay takes from one connection, or typing too fast; like every
 * 429 on a socket it says when to retry (`error.retry_after`, seconds; REST says it in `Retry-After`).
 */
export const rateLimited = (retryAfterSeconds = 1): ApiFailure => {
  const refusal = failure(429, 'rate_limited', apiMessages.ar.tooManyRequests);
  refusal.error.retry_after = Math.max(1, Math.ceil(retryAfterSeconds));
  return refusal;
};

/** 403: typing in a conversation this socket did not join. */
export const notInConversation = (): ApiFailure => failure(403, 'forbidden', relayMessages.notInConversation);

/** 503 / 502 / 504: the API unreachable, an answer that is no envelope, no answer in time; the relay closing. */
export const apiUnavailable = (status: 502 | 503 = 503): ApiFailure =>
  failure(status, 'internal', relayMessages.apiUnavailable);
export const apiTimeout = (): ApiFailure => failure(504, 'internal', relayMessages.apiTimeout);
export const shuttingDown = (): ApiFailure => failure(503, 'internal', relayMessages.shuttingDown);

/** 500: a bug in a handler (logged); the connection stays up. */
export const internalError = (): ApiFailure => failure(500, 'internal', apiMessages.ar.internal);

/** The code of an error envelope; undefined for a success. Decisions go by it, never by `message`. */
export const codeOf = (r: ApiResponse<unknown>): ErrorCode | undefined => ('error' in r ? r.error?.code : undefined);

/**
 * GET auth/user refused the token itself (unknown, revoked or expired; or the account may not
 * connect): the session is over. Any other failure (rate limit, API down) is worth retrying.
 */
export const refusesToken = (code: ErrorCode | undefined): boolean =>
  code === 'unauthenticated' || code === 'forbidden' || code === 'subscription_expired';
