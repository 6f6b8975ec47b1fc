/** The envelopes of CONTRACT.md §3 and §7. */
import { type ApiFailure, type ApiSuccess, ERROR_CODE_STATUS, type ErrorCode } from '@agrivet/shared';
import type { Response } from 'express';

export const ok = <T>(data: T): ApiSuccess<T> => ({ status: 200, data });

/** Sends `{status: 200, data}`. */
export function sendOk<T>(res: Response, data: T): void {
  res.status(200).json(ok(data));
}

/**
 * `{status, error: {code, message, fields?}}`. The code is always stated (shared/src/errors.ts) and
 * must be one that goes with `status`. Routes throw HttpErrors (errors.ts) rather than call this.
 */
export function failure(
  status: number,
  message: string,
  fields: Record<string, string> | undefined,
  code: ErrorCode,
): ApiFailure {
  if (ERROR_CODE_STATUS[code] !== status) throw new Error(`error code ${code} does not go with status ${status}`);
  return fields ? { status, error: { code, message, fields } } : { status, error: { code, message } };
}
