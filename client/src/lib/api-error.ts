/**
 * The one error type the client sees from the API, whatever went wrong on the way. Decide on `code`,
 * never on `message` (people's text, in the UI language) nor on `status`.
 */
// Types only: the session (first load) imports this file, and shared's errors.ts with its two
// catalogues would come along with any value imported from it.
import type { ErrorCode } from '@agrivet/shared';

/**
 * Failures that never reached the API, so have no envelope: kept apart from the API's `ErrorCode`
 * (shared/src/errors.ts) so that a code from the server always means the server said it.
 * - `network`: no answer (offline, connection refused or reset);
 * - `timeout`: no answer within the 15 s request time-out;
 * - `canceled`: the caller aborted the request (its AbortSignal, e.g. a screen that went away);
 * - `setup`: the request could not be made at all.
 */
export type ClientErrorCode = 'network' | 'timeout' | 'canceled' | 'setup';
export type ApiErrorCode = ErrorCode | ClientErrorCode;

/** True for the codes of failures that never reached the API (worth a retry once online). */
export const isClientErrorCode = (code: ApiErrorCode): code is ClientErrorCode =>
  code === 'network' || code === 'timeout' || code === 'canceled' || code === 'setup';

export class ApiError extends Error {
  /** The HTTP status (SPEC.md §8: 400 when no answer came, 501 when the request could not be made). */
  readonly status: number;
  /** What went wrong, to decide on: the envelope's `error.code`, or a client-side code. */
  readonly code: ApiErrorCode;
  /** Field messages of a 422, in the UI language (for display, e.g. Formik's `setErrors`). */
  readonly fields: Record<string, string>;

  constructor(status: number, message: string, code: ApiErrorCode, fields: Record<string, string> = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
  }
}

/** True when `err` is an ApiError with one of these codes. */
export function hasErrorCode(err: unknown, ...codes: ApiErrorCode[]): err is ApiError {
  return err instanceof ApiError && codes.includes(err.code);
}

/**
 * An error whose message is written for the user in the UI language (lib/compress-image.ts ImageError …).
 * A plain `new Error(t('…'))` counts too.
 */
export class UserFacingError extends Error {}

/**
 * A user-facing message for anything thrown (the fallback is 'فشل الطلب' / 'request failed'): the
 * message of an API failure, of a UserFacingError or of a plain Error — never the browser's or a
 * library's own (a DOMException's "The source image could not be decoded.", a TypeError …), which is
 * English whatever the UI language.
 */
export function errorMessage(err: unknown, fallback: string): string {
  if (!(err instanceof Error) || !err.message) return fallback;
  const ours =
    err instanceof ApiError || err instanceof UserFacingError || Object.getPrototypeOf(err) === Error.prototype;
  return ours ? err.message : fallback;
}
