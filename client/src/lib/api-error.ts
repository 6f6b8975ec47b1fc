/** The one error type the client sees from the API, whatever went wrong on the way. */
export type ApiErrorKind = 'response' | 'no-response' | 'setup';

export class ApiError extends Error {
  readonly status: number;
  readonly fields: Record<string, string>;
  readonly kind: ApiErrorKind;

  constructor(status: number, message: string, kind: ApiErrorKind = 'response', fields: Record<string, string> = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.kind = kind;
    this.fields = fields;
  }
}

/** A user-facing message for anything thrown (the fallback is 'فشل الطلب' / 'request failed'). */
export function errorMessage(err: unknown, fallback: string): string {
  if (err instanceof Error && err.message) return err.message;
  return fallback;
}
