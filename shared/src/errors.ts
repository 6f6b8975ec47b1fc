/**
 * Stable error codes of the API's error envelope (CONTRACT.md §7): `error.code` beside the Arabic
 * `message`. Programs (the relay, the client, tests) decide on the code, never on the message text;
 * the client's English catalogue is looked up by code (`errorCodeMessages.en[code]`).
 */
import type { Lang } from './entities';

/** Every code the API sends, with the HTTP status it goes with. */
export const ERROR_CODE_STATUS = {
  /** No token, an unknown, revoked or expired token, or wrong credentials at login. */
  unauthenticated: 401,
  forbidden: 403,
  /** A disabled store account (status 1) trying a dashboard write. */
  subscription_expired: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  /** Invalid input; `fields` holds a message per field where one field is at fault. */
  validation_failed: 422,
  /** An order for a store whose account is disabled. */
  store_unavailable: 422,
  rate_limited: 429,
  internal: 500,
  /** A blocked account signing in (user/block), or a message to someone who blocked the sender (conversation/block). */
  blocked: 403,
  /** Not allowed in the item's present state (e.g. a cancel after acceptance). */
  not_allowed_now: 409,
} as const;

export type ErrorCode = keyof typeof ERROR_CODE_STATUS;
export const ERROR_CODES = Object.keys(ERROR_CODE_STATUS) as ErrorCode[];
export const isErrorCode = (value: unknown): value is ErrorCode =>
  typeof value === 'string' && Object.hasOwn(ERROR_CODE_STATUS, value);

/**
 * The code a status answers with when nothing more precise is known (a relay time-out, a proxy's
 * 502 …): the general code of that status, `internal` for anything else.
 */
export function errorCodeForStatus(status: number): ErrorCode {
  switch (status) {
    case 401:
      return 'unauthenticated';
    case 403:
      return 'forbidden';
    case 404:
      return 'not_found';
    case 409:
      return 'conflict';
    case 413:
      return 'too_large';
    case 422:
      return 'validation_failed';
    case 429:
      return 'rate_limited';
    default:
      return 'internal';
  }
}

/** A general message per code, in both languages (the API's own messages are more precise). */
export const errorCodeMessages = {
  ar: {
    unauthenticated: 'يجب تسجيل الدخول أولاً',
    forbidden: 'ليس لديك صلاحية للقيام بهذا الإجراء',
    subscription_expired: 'اشتراكك منتهي الصلاحية',
    not_found: 'العنصر غير موجود',
    conflict: 'هذا العنصر موجود مسبقاً',
    too_large: 'حجم الطلب كبير جداً',
    validation_failed: 'البيانات المدخلة غير صالحة',
    store_unavailable: 'هذا المتجر غير متاح حالياً',
    rate_limited: 'طلبات كثيرة، يرجى المحاولة بعد قليل',
    internal: 'حدث خطأ غير متوقع، يرجى المحاولة لاحقاً',
    blocked: 'هذا الحساب محظور',
    not_allowed_now: 'لا يمكن القيام بهذا الإجراء الآن',
  },
  en: {
    unauthenticated: 'Please log in first',
    forbidden: 'You are not allowed to do this',
    subscription_expired: 'Your subscription has expired',
    not_found: 'Item not found',
    conflict: 'This already exists',
    too_large: 'The request is too large',
    validation_failed: 'Invalid input',
    store_unavailable: 'This store is not available at the moment',
    rate_limited: 'Too many requests, try again later',
    internal: 'Something went wrong, please try again later',
    blocked: 'This account is blocked',
    not_allowed_now: 'This cannot be done now',
  },
} as const satisfies Record<Lang, Record<ErrorCode, string>>;

/* The envelopes of CONTRACT.md §3 (entities.ts holds what goes inside `data`). */

/** Success envelope: HTTP 200. */
export interface ApiSuccess<T> {
  status: 200;
  data: T;
}
/** Failure envelope: HTTP status in `status`, Arabic message, per-field messages for 422. */
export interface ApiFailure {
  status: number;
  /** `code`: a stable identifier to decide on (below); `message`: Arabic, for people. */
  error: {
    code: ErrorCode;
    message: string;
    fields?: Record<string, string>;
    /** Seconds until a retry may succeed, on a socket acknowledgement's 429 (REST sends `Retry-After`). */
    retry_after?: number;
  };
}
export type ApiResponse<T> = ApiSuccess<T> | ApiFailure;
export const isApiSuccess = <T>(r: ApiResponse<T>): r is ApiSuccess<T> => r.status === 200 && 'data' in r;
